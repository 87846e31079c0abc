import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { closedBoxMessages, type ClosedBoxFields, type ClosedBoxUpdate } from '@recaudo/domain/closed-boxes';
import { messages } from '@recaudo/domain/messages';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { detectImage, type FileStorage } from '../../platform/storage';
import { checkPdf } from '../../platform/pdf-check';
import { isPdf } from '../../platform/uploaded-files';
import { retryingConflicts } from '../../platform/transactions';
import type { AuthContext } from '../auth/service';
import { correlatives } from '../correlatives/tables';
import { paymentScope } from '../payments/queries';
import { payments } from '../payments/tables';
import { users } from '../users/tables';
import { closedBoxScope } from './queries';
import { closedBoxes } from './tables';
import { groupKeysOf, inVerifiedGroup, isGroupVerified } from './verified-groups';

/**
 * Closing writes (spec 02 §4, §5, §7; DESIGN §5). Every write holds the closing's row first, then
 * the payments it touches; the closing's sums follow its payments through the trigger of this
 * area's migration. A payment joins a closing only while it has none (`closed_box_id is null` in
 * the UPDATE itself), so of two people attaching it at the same moment exactly one wins.
 */

export const AUDIT_MODULE = 'closed_boxs';
const FILE_FOLDER = 'closed-boxes';

export type ClosedBoxRecord = typeof closedBoxes.$inferSelect;

/**
 * The closing's file: an image or a PDF, recognised by its content; a PDF that runs code, or that
 * cannot be read through within the check's budget, is refused.
 */
export async function checkClosingFile(upload: unknown): Promise<{ data: Buffer; extension: string } | null> {
  if (upload === undefined || upload === null || upload === '') return null;
  const data = Buffer.isBuffer(upload) ? upload : null;
  if (!data) throw fieldError('file', closedBoxMessages.fileInvalid);
  const image = detectImage(data);
  if (image) return { data, extension: image.extension };
  if (isPdf(data)) {
    const checked = await checkPdf(data);
    if (checked.verdict === 'active') throw fieldError('file', messages.activePdf('Archivo'));
    if (checked.verdict === 'too_large') throw fieldError('file', messages.uncheckablePdf('Archivo'));
    return { data: checked.data, extension: 'pdf' };
  }
  throw fieldError('file', closedBoxMessages.fileInvalid);
}

export async function lockClosedBox(tx: Executor, auth: AuthContext, id: number): Promise<ClosedBoxRecord> {
  const [row] = await tx
    .select()
    .from(closedBoxes)
    .where(and(eq(closedBoxes.id, id), closedBoxScope(auth)))
    .for('update');
  if (!row) throw notFound(closedBoxMessages.notFound);
  return row;
}

/** The responsible user (staff) and the series must exist. */
async function checkReferences(tx: Executor, fields: { user_id: number; serie: number }): Promise<void> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, fields.user_id), isNull(users.clientId)));
  if (!user) throw fieldError('user_id', closedBoxMessages.userMissing);
  const [serie] = await tx.select({ id: correlatives.id }).from(correlatives).where(eq(correlatives.id, fields.serie));
  if (!serie) throw fieldError('serie', closedBoxMessages.serieMissing);
}

export const snapshot = (row: ClosedBoxRecord) => ({
  date: row.date,
  user_id: row.userId,
  type: row.type,
  serie_id: row.serieId,
  checkbook_number: row.checkbookNumber,
  lot_number: row.lotNumber,
  reference: row.reference,
  exchange_rate: row.exchangeRate,
  file: row.file,
  status: row.status,
  verify_payments: row.verifyPayments,
  counted_cash: row.countedCash,
});

const columnsOf = (fields: Omit<ClosedBoxFields, 'checkbook_number' | 'type'> & { checkbook_number: string | null }) => ({
  date: fields.date,
  userId: fields.user_id,
  serieId: fields.serie,
  checkbookNumber: fields.checkbook_number,
  lotNumber: fields.lot_number,
  reference: fields.reference,
  exchangeRate: fields.exchange_rate,
  // Left out of an update (a client of the specification): the count stays as it was.
  ...(fields.counted_cash === undefined ? {} : { countedCash: fields.counted_cash }),
});

/** Inserts a closing inside a transaction (the panel's store and the CSV import). */
export async function insertClosedBox(
  tx: Executor,
  auth: AuthContext,
  fields: Omit<ClosedBoxFields, 'checkbook_number'> & { checkbook_number: string | null },
  file: string | null,
): Promise<ClosedBoxRecord> {
  await checkReferences(tx, fields);
  const [row] = await tx
    .insert(closedBoxes)
    .values({ ...columnsOf(fields), type: fields.type, file, createdBy: auth.user.id })
    .returning();
  if (!row) throw new Error('closed box insert returned nothing');
  await recordAudit(tx, { module: AUDIT_MODULE, event: 'created', causerId: auth.user.id, subjectId: row.id, attributes: snapshot(row) });
  return row;
}

/** `closed-boxs/store`: a new closing (multipart, optional file). */
export async function createClosedBox(db: Database, storage: FileStorage, auth: AuthContext, fields: ClosedBoxFields, upload: unknown) {
  const file = await checkClosingFile(upload);
  const saved = file ? await storage.save(FILE_FOLDER, file.data, file.extension) : null;
  try {
    const row = await db.transaction((tx) => insertClosedBox(tx, auth, fields, saved));
    return { id: row.id, user_id: row.userId };
  } catch (error) {
    if (saved) await storage.remove(saved);
    throw error;
  }
}

/**
 * `closed-boxs/update`: the panel's fields. The type is chosen only at creation. With `version`
 * (the panels send the one they read) a closing changed by someone else meanwhile answers 409,
 * so nobody overwrites what another person saved.
 */
export async function updateClosedBox(db: Database, storage: FileStorage, auth: AuthContext, input: ClosedBoxUpdate, upload: unknown) {
  const file = await checkClosingFile(upload);
  const saved = file ? await storage.save(FILE_FOLDER, file.data, file.extension) : null;
  let dropped: string | null = null;
  try {
    const row = await db.transaction(async (tx) => {
      const previous = await lockClosedBox(tx, auth, input.id);
      if (input.version !== undefined && input.version !== previous.version) throw new AppError('conflict', closedBoxMessages.stale);
      if (input.type !== previous.type) throw fieldError('type', closedBoxMessages.typeLocked);
      await checkReferences(tx, input);
      const [updated] = await tx
        .update(closedBoxes)
        .set({ ...columnsOf(input), file: saved ?? previous.file, version: previous.version + 1, updatedAt: new Date() })
        .where(eq(closedBoxes.id, previous.id))
        .returning();
      if (!updated) throw notFound(closedBoxMessages.notFound);
      if (saved && previous.file) dropped = previous.file;
      const diff = changedFields(snapshot(previous), snapshot(updated));
      if (diff.changed)
        await recordAudit(tx, {
          module: AUDIT_MODULE,
          event: 'updated',
          causerId: auth.user.id,
          subjectId: updated.id,
          old: diff.old,
          attributes: diff.attributes,
        });
      return updated;
    });
    if (dropped) await storage.remove(dropped);
    return { id: row.id, user_id: row.userId };
  } catch (error) {
    if (saved) await storage.remove(saved);
    throw error;
  }
}

/** `closed-boxs/delete`: removes the closing; its payments return to the unclosed list. */
export async function deleteClosedBox(db: Database, storage: FileStorage, auth: AuthContext, id: number) {
  const row = await retryingConflicts(() =>
    db.transaction(async (tx) => {
      const previous = await lockClosedBox(tx, auth, id);
      if (previous.verifyPayments.length) throw new AppError('validation', closedBoxMessages.deleteVerified(previous.id));
      const freed = await tx
        .update(payments)
        .set({ closedBoxId: null, updatedAt: new Date() })
        .where(eq(payments.closedBoxId, previous.id))
        .returning({ id: payments.id });
      await tx.delete(closedBoxes).where(eq(closedBoxes.id, previous.id));
      await recordAudit(tx, {
        module: AUDIT_MODULE,
        event: 'deleted',
        causerId: auth.user.id,
        subjectId: previous.id,
        old: { ...snapshot(previous), payments: freed.map((payment) => payment.id).sort((a, b) => a - b) },
      });
      return previous;
    }),
  );
  if (row.file) await storage.remove(row.file);
  return { id: row.id, user_id: row.userId };
}

/** `closed-boxs/change-status`: the list's switch. */
export async function changeClosedBoxStatus(db: Database, auth: AuthContext, input: { id: number; status: boolean }) {
  return db.transaction(async (tx) => {
    const previous = await lockClosedBox(tx, auth, input.id);
    if (previous.status !== input.status) {
      await tx
        .update(closedBoxes)
        .set({ status: input.status, version: previous.version + 1, updatedAt: new Date() })
        .where(eq(closedBoxes.id, previous.id));
      await recordAudit(tx, {
        module: AUDIT_MODULE,
        event: 'updated',
        causerId: auth.user.id,
        subjectId: previous.id,
        old: { status: previous.status },
        attributes: { status: input.status },
      });
    }
    return { id: previous.id, user_id: previous.userId };
  });
}

/**
 * `bill-payments/add-payment`: attaches payments (within the caller's payment scope) to the
 * closing, all or none. The UPDATE only matches payments without closing, so a payment attached
 * by someone else a moment earlier refuses the whole call, naming that closing.
 */
export async function attachPayments(db: Database, auth: AuthContext, input: { payment_id: number[]; closed_box_id: number }) {
  return retryingConflicts(() =>
    db.transaction(async (tx) => {
      const closing = await lockClosedBox(tx, auth, input.closed_box_id);
      const reachable = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(inArray(payments.id, input.payment_id), paymentScope(auth)));
      if (reachable.length !== input.payment_id.length) throw notFound(closedBoxMessages.paymentNotFound);
      const attached = await tx
        .update(payments)
        .set({ closedBoxId: closing.id, updatedAt: new Date() })
        .where(and(inArray(payments.id, input.payment_id), isNull(payments.closedBoxId)))
        .returning({ id: payments.id });
      // Read once attached, as the closing groups their lines; the transaction undoes the attach.
      const joined = await groupKeysOf(
        tx,
        closing.id,
        attached.map((row) => row.id),
      );
      if (joined.some((key) => isGroupVerified(closing, key))) throw new AppError('validation', closedBoxMessages.attachToVerifiedGroup(closing.id));
      if (attached.length !== input.payment_id.length) {
        const taken = new Set(attached.map((row) => row.id));
        const [first] = await tx
          .select({ closedBoxId: payments.closedBoxId })
          .from(payments)
          .where(
            and(
              inArray(
                payments.id,
                input.payment_id.filter((id) => !taken.has(id)),
              ),
              isNotNull(payments.closedBoxId),
            ),
          )
          .limit(1);
        // Nothing of this call stays: the transaction rolls back the payments it did attach.
        throw new AppError('conflict', closedBoxMessages.paymentAlreadyClosed(first?.closedBoxId ?? closing.id));
      }
      const ids = attached.map((row) => row.id).sort((x, y) => x - y);
      await recordAudit(tx, { module: AUDIT_MODULE, event: 'updated', causerId: auth.user.id, subjectId: closing.id, attributes: { payments_added: ids } });
      return { id: closing.id, user_id: closing.userId, count: ids.length };
    }),
  );
}

/** `DELETE bill-payments/delete {id, closed_box_id}`: takes the payment out of the closing; the payment stays. */
export async function detachPayment(db: Database, auth: AuthContext, input: { id: number; closed_box_id: number }) {
  return retryingConflicts(() =>
    db.transaction(async (tx) => {
      const closing = await lockClosedBox(tx, auth, input.closed_box_id);
      const [member] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.id, input.id), eq(payments.closedBoxId, closing.id)))
        .for('update');
      if (member && (await inVerifiedGroup(tx, closing, member.id))) throw new AppError('validation', closedBoxMessages.paymentInVerifiedGroup(closing.id));
      const [detached] = await tx
        .update(payments)
        .set({ closedBoxId: null, updatedAt: new Date() })
        .where(and(eq(payments.id, input.id), eq(payments.closedBoxId, closing.id)))
        .returning({ id: payments.id });
      if (!detached) throw notFound(closedBoxMessages.paymentNotInClosing);
      await recordAudit(tx, {
        module: AUDIT_MODULE,
        event: 'updated',
        causerId: auth.user.id,
        subjectId: closing.id,
        attributes: { payment_removed: detached.id },
      });
      return { id: closing.id, user_id: closing.userId };
    }),
  );
}
