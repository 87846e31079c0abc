import { and, asc, eq, inArray, min, or, sql } from 'drizzle-orm';
import type { VerificationHistoryEntry } from '@recaudo/domain/closed-boxes';
import type { Executor } from '../../db/client';
import { iso } from '../../platform/envelope';
import { auditLogs } from '../logs/tables';
import { payments } from '../payments/tables';
import { users } from '../users/tables';
import { AUDIT_MODULE } from './service';
import type { VerifiedGroup } from './tables';

type Properties = { old?: Record<string, unknown>; attributes?: Record<string, unknown> } | null;

const groupsOf = (value: unknown) => (Array.isArray(value) ? (value as VerifiedGroup[]) : []);
const keyOf = (group: VerifiedGroup) => JSON.stringify([group.payment_method_id, group.terminal, group.lot_number]);
const minus = (from: VerifiedGroup[], taken: VerifiedGroup[]) => {
  const keys = new Set(taken.map(keyOf));
  return from.filter((group) => !keys.has(keyOf(group))).map(({ payment_method_id, terminal, lot_number }) => ({ payment_method_id, terminal, lot_number }));
};

/**
 * What happened to a closing's verification (issue 46): every verification and every removal of
 * one with its reason, and, once a verification was taken off, each edit of the closing's payments
 * from then on, by whom and which fields. Read from the audit log, so it is what Bitácoras holds.
 */
export async function verificationHistory(db: Executor, closedBoxId: number): Promise<VerificationHistoryEntry[]> {
  const ofClosing = and(eq(auditLogs.subjectType, AUDIT_MODULE), eq(auditLogs.subjectId, closedBoxId));
  const firstUnverified = db
    .select({ at: min(auditLogs.createdAt) })
    .from(auditLogs)
    .where(and(ofClosing, sql`${auditLogs.properties}->'attributes' ? 'unverify_reason'`));
  const rows = await db
    .select({ id: auditLogs.id, subjectType: auditLogs.subjectType, subjectId: auditLogs.subjectId, properties: auditLogs.properties, createdAt: auditLogs.createdAt, user: users.name })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.causerId))
    .where(
      or(
        and(ofClosing, eq(auditLogs.description, 'updated'), sql`${auditLogs.properties}->'attributes' ? 'verify_payments'`),
        and(
          eq(auditLogs.subjectType, 'payments'),
          eq(auditLogs.description, 'updated'),
          inArray(auditLogs.subjectId, db.select({ id: payments.id }).from(payments).where(eq(payments.closedBoxId, closedBoxId))),
          sql`${auditLogs.createdAt} >= (${firstUnverified})`,
        ),
      ),
    )
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id));
  return rows.map((row) => {
    const properties = row.properties as Properties;
    const base = { id: row.id, at: iso(row.createdAt), user: row.user ?? null };
    if (row.subjectType === 'payments') {
      return { ...base, kind: 'payment_updated' as const, payment_id: row.subjectId, fields: Object.keys(properties?.attributes ?? {}), reason: null, groups: [] };
    }
    const before = groupsOf(properties?.old?.verify_payments);
    const after = groupsOf(properties?.attributes?.verify_payments);
    const reason = (properties?.attributes?.unverify_reason as string | undefined) ?? null;
    const taken = minus(before, after);
    return taken.length
      ? { ...base, kind: 'unverified' as const, payment_id: null, fields: [], reason, groups: taken }
      : { ...base, kind: 'verified' as const, payment_id: null, fields: [], reason: null, groups: minus(after, before) };
  });
}
