import { and, asc, count, eq, getTableColumns, ilike, inArray, or } from 'drizzle-orm';
import type { ListQuery } from '@recaudo/domain/paging';
import { isProtectedPaymentMethod, paymentMethodMessages, type PaymentMethodInput } from '@recaudo/domain/payment-methods';
import type { Currency } from '@recaudo/domain/tenders';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { idList, likePattern, sortOrder } from '../../platform/paging';
import { detectImage, type FileStorage } from '../../platform/storage';
import type { AuthContext } from '../auth/service';
import { paymentMethodPaymentCount } from '../payments/counts';
import { paymentMethods } from './tables';

export const IMAGE_FOLDER = 'payment-methods';

type Stored = typeof paymentMethods.$inferSelect;

export const presentPaymentMethod = (row: Stored & { countPayments: number }) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  description: row.description,
  type: row.type,
  image: row.image,
  image_url: row.image ? `/api/uploads/${row.image}` : null,
  is_mobile_payment_use_api_bdv: row.isMobilePaymentUseApiBdv,
  active: row.active,
  currency: row.currency as Currency,
  is_igtf: row.isIgtf,
  protected: isProtectedPaymentMethod(row.id),
  /** Payments made with the method, any status (a count kept by the payments triggers). */
  count_payments: Number(row.countPayments),
});
export type PaymentMethodRow = ReturnType<typeof presentPaymentMethod>;

const listed = { ...getTableColumns(paymentMethods), countPayments: paymentMethodPaymentCount };

export function paymentMethodSource(db: Executor, query: ListQuery): RowSource<PaymentMethodRow> {
  const pattern = likePattern(query.search);
  const types = idList(query.filters.type);
  const active = query.filters.active;
  const where = and(
    query.search ? or(ilike(paymentMethods.name, pattern), ilike(paymentMethods.code, pattern), ilike(paymentMethods.description, pattern)) : undefined,
    types.length ? inArray(paymentMethods.type, types) : undefined,
    active === '1' || active === 'true' ? eq(paymentMethods.active, true) : active === '0' || active === 'false' ? eq(paymentMethods.active, false) : undefined,
  );
  const order = sortOrder(query.sorter, { id: paymentMethods.id, name: paymentMethods.name, type: paymentMethods.type, code: paymentMethods.code }, asc(paymentMethods.id), paymentMethods.id);
  return {
    async rows(limit, offset) {
      const base = db.select(listed).from(paymentMethods).where(where).orderBy(...order).offset(offset);
      return (limit === null ? await base : await base.limit(limit)).map(presentPaymentMethod);
    },
    async count() {
      return (await db.select({ total: count() }).from(paymentMethods).where(where))[0]?.total ?? 0;
    },
  };
}

export async function activePaymentMethods(db: Executor, onlyActive: boolean) {
  const rows = await db.select(listed).from(paymentMethods).where(onlyActive ? eq(paymentMethods.active, true) : undefined).orderBy(asc(paymentMethods.id));
  return rows.map(presentPaymentMethod);
}

async function getMethod(executor: Executor, id: number) {
  const [row] = await executor.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  if (!row) throw notFound(paymentMethodMessages.notFound);
  return row;
}

/** The uploaded logo, checked by content; anything else is refused before the database is touched. */
function uploadedImage(image: unknown) {
  if (image === undefined || image === null || image === '' || typeof image === 'string') return null;
  const data = Buffer.isBuffer(image) ? image : null;
  const kind = data ? detectImage(data) : null;
  if (!data || !kind) throw fieldError('image', paymentMethodMessages.invalidImage);
  return { data, kind };
}

const snapshot = (row: Stored) => ({
  name: row.name,
  code: row.code,
  description: row.description,
  type: row.type,
  image: row.image,
  is_mobile_payment_use_api_bdv: row.isMobilePaymentUseApiBdv,
  active: row.active,
  currency: row.currency,
  is_igtf: row.isIgtf,
});

/** The currency and IGTF flag a write leaves: what was sent, else what the method had (a new one: bolívares, no IGTF). */
const currencyOf = (input: PaymentMethodInput, row: Pick<Stored, 'currency' | 'isIgtf'> | null) => ({
  currency: input.currency ?? row?.currency ?? 'VES',
  isIgtf: input.is_igtf ?? row?.isIgtf ?? false,
});

const columns = (input: PaymentMethodInput) => ({
  name: input.name,
  code: input.code,
  description: input.description,
  type: input.type,
  isMobilePaymentUseApiBdv: input.is_mobile_payment_use_api_bdv,
  active: input.active,
});

/** IGTF is a tax on foreign currency: a bolívar method never causes it. */
function assertIgtfCurrency(chosen: { currency: string; isIgtf: boolean }) {
  if (chosen.isIgtf && chosen.currency === 'VES') throw fieldError('is_igtf', paymentMethodMessages.igtfNeedsForeignCurrency);
}

export async function createPaymentMethod(db: Database, storage: FileStorage, auth: AuthContext, input: PaymentMethodInput, image: unknown) {
  const currency = currencyOf(input, null);
  assertIgtfCurrency(currency);
  const upload = uploadedImage(image);
  const stored = upload ? await storage.save(IMAGE_FOLDER, upload.data, upload.kind.extension) : null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentMethods)
        .values({ ...columns(input), ...currency, image: stored })
        .returning();
      if (!row) throw new Error('payment method insert returned nothing');
      await recordAudit(tx, { module: 'payment_methods', event: 'created', causerId: auth.user.id, subjectId: row.id, attributes: snapshot(row) });
      return row.id;
    });
  } catch (error) {
    if (stored) await storage.remove(stored);
    throw error;
  }
}

/**
 * A new image replaces the old one; `deleteOldFile` without a new image removes it. The
 * replaced file is deleted once the change is committed.
 */
export async function updatePaymentMethod(
  db: Database,
  storage: FileStorage,
  auth: AuthContext,
  input: PaymentMethodInput & { id: number; deleteOldFile: boolean },
  image: unknown,
) {
  const upload = uploadedImage(image);
  const stored = upload ? await storage.save(IMAGE_FOLDER, upload.data, upload.kind.extension) : null;
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const row = await getMethod(tx, input.id);
      if (!input.active && row.active && isProtectedPaymentMethod(row.id)) throw new AppError('validation', paymentMethodMessages.protectedStatus);
      const currency = currencyOf(input, row);
      assertIgtfCurrency(currency);
      const image = stored ?? (input.deleteOldFile ? null : row.image);
      if (image !== row.image) replaced = row.image;
      const diff = changedFields(snapshot(row), { ...snapshot({ ...row, ...columns(input), ...currency }), image });
      if (!diff.changed) return;
      await tx
        .update(paymentMethods)
        .set({ ...columns(input), ...currency, image, updatedAt: new Date() })
        .where(eq(paymentMethods.id, row.id));
      await recordAudit(tx, { module: 'payment_methods', event: 'updated', causerId: auth.user.id, subjectId: row.id, old: diff.old, attributes: diff.attributes });
    });
  } catch (error) {
    if (stored) await storage.remove(stored);
    throw error;
  }
  if (replaced) await storage.remove(replaced);
}

export async function changePaymentMethodStatus(db: Database, auth: AuthContext, input: { id: number; active: boolean }) {
  await db.transaction(async (tx) => {
    const row = await getMethod(tx, input.id);
    if (row.active === input.active) return;
    if (!input.active && isProtectedPaymentMethod(row.id)) throw new AppError('validation', paymentMethodMessages.protectedStatus);
    await tx.update(paymentMethods).set({ active: input.active, updatedAt: new Date() }).where(eq(paymentMethods.id, row.id));
    await recordAudit(tx, { module: 'payment_methods', event: 'updated', causerId: auth.user.id, subjectId: row.id, old: { active: row.active }, attributes: { active: input.active } });
  });
}

export async function deletePaymentMethod(db: Database, storage: FileStorage, auth: AuthContext, id: number) {
  if (isProtectedPaymentMethod(id)) {
    await getMethod(db, id);
    throw new AppError('validation', paymentMethodMessages.protectedDelete);
  }
  const image = await db.transaction(async (tx) => {
    const row = await getMethod(tx, id);
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
    await recordAudit(tx, { module: 'payment_methods', event: 'deleted', causerId: auth.user.id, subjectId: id, old: snapshot(row) });
    return row.image;
  });
  if (image) await storage.remove(image);
}
