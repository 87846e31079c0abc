// A closing's writes on its payment groups (spec 02 §5: verification with four eyes, approving or rejecting a group), beside service.ts's writes on the closing.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { closedBoxMessages, type PaymentGroupKey } from '@recaudo/domain/closed-boxes';
import { canChangeStatus, type PaymentStatus } from '@recaudo/domain/payments';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { AppError, fieldError } from '../../platform/errors';
import { retryingConflicts } from '../../platform/transactions';
import type { AuthContext } from '../auth/service';
import { applyStatusChange } from '../payments/payment-status';
import { payments } from '../payments/tables';
import { closedBoxes, type VerifiedGroup } from './tables';
import { groupKeyOf, isGroupVerified } from './verified-groups';
import { AUDIT_MODULE, lockClosedBox, type ClosedBoxRecord } from './service';

/**
 * The groups to keep verified, each once: one verified before keeps who verified it, a new one
 * is verified by the actor.
 */
function nextVerified(auth: AuthContext, previous: ClosedBoxRecord, groups: PaymentGroupKey[]): VerifiedGroup[] {
  const before = new Map(previous.verifyPayments.map((group) => [groupKeyOf(group), group]));
  const seen = new Map<string, VerifiedGroup>();
  for (const group of groups) {
    const key = groupKeyOf(group);
    seen.set(key, before.get(key) ?? { payment_method_id: group.payment_method_id, terminal: group.terminal, lot_number: group.lot_number, verified_by: auth.user.id });
  }
  return [...seen.values()];
}

/**
 * Stores the verified groups with one audit entry (old and new, and the reason of what was taken
 * off). Taking a verification off is for another user than who verified it, with a reason: the
 * verification is a second look, and its author alone must not undo it (issue 46).
 */
async function saveVerified(tx: Executor, auth: AuthContext, previous: ClosedBoxRecord, verified: PaymentGroupKey[], reason: string | null) {
  const next = nextVerified(auth, previous, verified);
  if (JSON.stringify(next) === JSON.stringify(previous.verifyPayments)) return;
  const kept = new Set(next.map(groupKeyOf));
  const removed = previous.verifyPayments.filter((group) => !kept.has(groupKeyOf(group)));
  if (removed.some((group) => group.verified_by === auth.user.id)) throw new AppError('validation', closedBoxMessages.unverifyBySameUser);
  if (removed.length && !reason) throw fieldError('reason', closedBoxMessages.unverifyReasonRequired);
  await tx.update(closedBoxes).set({ verifyPayments: next, updatedAt: new Date() }).where(eq(closedBoxes.id, previous.id));
  await recordAudit(tx, {
    module: AUDIT_MODULE,
    event: 'updated',
    causerId: auth.user.id,
    subjectId: previous.id,
    old: { verify_payments: previous.verifyPayments },
    attributes: { verify_payments: next, ...(removed.length ? { unverify_reason: reason } : {}) },
  });
}

/** `closed-boxs/verify-payments`: stores which groups are verified (green cards); answers how many were not before. */
export async function verifyPayments(db: Database, auth: AuthContext, input: { id: number; verify_payments: PaymentGroupKey[]; reason: string | null }) {
  return db.transaction(async (tx) => {
    const previous = await lockClosedBox(tx, auth, input.id);
    await saveVerified(tx, auth, previous, input.verify_payments, input.reason);
    const added = new Set(input.verify_payments.map(groupKeyOf).filter((key) => !isGroupVerified(previous, key)));
    return { id: previous.id, user_id: previous.userId, verifiedGroups: added.size };
  });
}

/**
 * `closed-boxs/unverify-payments`: takes one group's verification off (audited by saveVerified),
 * so its payments may be changed; the group has to be verified again afterwards.
 */
export async function unverifyGroup(db: Database, auth: AuthContext, input: PaymentGroupKey & { id: number; reason: string | null }) {
  return db.transaction(async (tx) => {
    const previous = await lockClosedBox(tx, auth, input.id);
    if (!isGroupVerified(previous, groupKeyOf(input))) throw new AppError('validation', closedBoxMessages.groupNotVerified);
    await saveVerified(
      tx,
      auth,
      previous,
      previous.verifyPayments.filter((group) => groupKeyOf(group) !== groupKeyOf(input)),
      input.reason,
    );
    return { id: previous.id, user_id: previous.userId };
  });
}

/** The closing's payments with a tender line in the group (`closed_box_lines`, migration 0049). */
const groupCondition = (closedBoxId: number, group: PaymentGroupKey) =>
  and(
    eq(payments.closedBoxId, closedBoxId),
    inArray(
      payments.id,
      sql`(select l.payment_id from closed_box_lines(array[${closedBoxId}]::int[]) l where l.payment_method_id = ${group.payment_method_id}
        and l.terminal is not distinct from ${group.terminal}::varchar and l.lot_number is not distinct from ${group.lot_number}::varchar)`,
    ),
  );

/**
 * `closed-boxs/change-status-payments`: approves (1) or rejects (2) the payments of one group,
 * each by the payment status rules (spec 02 §4; a payment already in that status, or one the
 * rules do not let change, stays as it is), in one transaction. Approving marks the group
 * verified, rejecting unmarks it. A rejection without a reason is noted as made in this closing.
 */
export async function changeGroupStatus(db: Database, auth: AuthContext, input: PaymentGroupKey & { id: number; status: 1 | 2; notes: string | null }) {
  return retryingConflicts(() =>
    db.transaction(async (tx) => {
      const previous = await lockClosedBox(tx, auth, input.id);
      if (input.status === 2 && isGroupVerified(previous, groupKeyOf(input))) throw new AppError('validation', closedBoxMessages.paymentInVerifiedGroup(previous.id));
      const members = await tx
        .select({ id: payments.id, status: payments.status, clientId: payments.clientId })
        .from(payments)
        .where(groupCondition(previous.id, input))
        .orderBy(asc(payments.id));
      if (!members.length) throw new AppError('validation', closedBoxMessages.groupEmpty);
      const changed: { id: number; clientId: number }[] = [];
      for (const member of members) {
        if (!canChangeStatus(member.status as PaymentStatus, input.status)) continue;
        const notes = input.status === 2 ? (input.notes ?? closedBoxMessages.groupRejectNote(previous.id)) : null;
        await applyStatusChange(tx, auth, { id: member.id, status: input.status, notes, serie_id: null });
        changed.push({ id: member.id, clientId: member.clientId });
      }
      const others = previous.verifyPayments.filter((group) => groupKeyOf(group) !== groupKeyOf(input));
      await saveVerified(tx, auth, previous, input.status === 1 ? [...others, input] : others, null);
      return { id: previous.id, user_id: previous.userId, changed };
    }),
  );
}
