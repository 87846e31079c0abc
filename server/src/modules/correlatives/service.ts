import { and, asc, count, eq, ilike, ne, sql } from 'drizzle-orm';
import { correlativeMessages, type CorrelativeInput } from '@recaudo/domain/correlatives';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { likePattern, sortOrder } from '../../platform/paging';
import type { AuthContext } from '../auth/service';
import { seriePaymentCount } from '../payments/counts';
import { users } from '../users/tables';
import { correlatives } from './tables';

export interface CorrelativeRow {
  id: number;
  serie: string;
  number: string;
  number_credit_note: string;
  number_debit_note: string;
  number_delivery_note: string;
  count_payments: number;
}

const columns = {
  id: correlatives.id,
  serie: correlatives.serie,
  number: correlatives.number,
  number_credit_note: correlatives.numberCreditNote,
  number_debit_note: correlatives.numberDebitNote,
  number_delivery_note: correlatives.numberDeliveryNote,
  count_payments: seriePaymentCount,
};

/** Series with their payment counts (kept by payments/counts.ts's triggers). */
export function correlativeSource(db: Executor, query: ListQuery): RowSource<CorrelativeRow> {
  const where = query.search ? ilike(correlatives.serie, likePattern(query.search)) : undefined;
  const order = sortOrder(query.sorter, { id: correlatives.id, serie: correlatives.serie }, asc(correlatives.serie), correlatives.id);
  return {
    async rows(limit, offset) {
      const base = db.select(columns).from(correlatives).where(where).orderBy(...order).offset(offset);
      return (limit === null ? await base : await base.limit(limit)).map((row) => ({ ...row, count_payments: Number(row.count_payments) }));
    },
    async count() {
      return (await db.select({ total: count() }).from(correlatives).where(where))[0]?.total ?? 0;
    },
  };
}

export const selectableCorrelatives = (db: Executor) => db.select({ id: correlatives.id, serie: correlatives.serie }).from(correlatives).orderBy(asc(correlatives.serie));

async function getCorrelative(executor: Executor, id: number) {
  const [row] = await executor.select().from(correlatives).where(eq(correlatives.id, id));
  if (!row) throw notFound(correlativeMessages.notFound);
  return row;
}

async function assertSerieFree(executor: Executor, serie: string, exceptId?: number) {
  const [clash] = await executor
    .select({ id: correlatives.id })
    .from(correlatives)
    .where(and(sql`lower(${correlatives.serie}) = lower(${serie})`, exceptId ? ne(correlatives.id, exceptId) : undefined));
  if (clash) throw fieldError('serie', correlativeMessages.duplicateSerie);
}

const values = (input: CorrelativeInput) => ({
  serie: input.serie,
  number: input.number,
  numberCreditNote: input.number_credit_note,
  numberDebitNote: input.number_debit_note,
});

export async function createCorrelative(db: Database, auth: AuthContext, input: CorrelativeInput) {
  return db.transaction(async (tx) => {
    await assertSerieFree(tx, input.serie);
    const [row] = await tx.insert(correlatives).values(values(input)).returning({ id: correlatives.id });
    if (!row) throw new Error('correlative insert returned nothing');
    await recordAudit(tx, { module: 'correlatives', event: 'created', causerId: auth.user.id, subjectId: row.id, attributes: input });
    return row.id;
  });
}

export async function updateCorrelative(db: Database, auth: AuthContext, input: CorrelativeInput & { id: number }) {
  await db.transaction(async (tx) => {
    const row = await getCorrelative(tx, input.id);
    await assertSerieFree(tx, input.serie, row.id);
    const { id: _id, ...after } = input;
    const before = { serie: row.serie, number: row.number, number_credit_note: row.numberCreditNote, number_debit_note: row.numberDebitNote };
    const diff = changedFields(before, after);
    if (!diff.changed) return;
    await tx.update(correlatives).set({ ...values(input), updatedAt: new Date() }).where(eq(correlatives.id, row.id));
    await recordAudit(tx, { module: 'correlatives', event: 'updated', causerId: auth.user.id, subjectId: row.id, old: diff.old, attributes: diff.attributes });
  });
}

/** A series assigned to users stays: they would lose the only series they may use. */
export async function deleteCorrelative(db: Database, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const row = await getCorrelative(tx, id);
    const [held] = await tx.select({ total: count() }).from(users).where(eq(users.correlativeId, id));
    if (held && held.total > 0) throw new AppError('validation', correlativeMessages.hasUsers(held.total));
    await tx.delete(correlatives).where(eq(correlatives.id, id));
    await recordAudit(tx, {
      module: 'correlatives',
      event: 'deleted',
      causerId: auth.user.id,
      subjectId: id,
      old: { serie: row.serie, number: row.number, number_credit_note: row.numberCreditNote, number_debit_note: row.numberDebitNote },
    });
  });
}
