import type { Executor } from '../db/client';
import { auditLogs } from '../modules/logs/tables';

export type AuditEvent = 'created' | 'updated' | 'deleted' | 'login' | 'logout' | 'send_message' | 'import_clients' | 'import_closed_boxs' | 'downloaded' | 'registration_attempt' | 'two_factor_enabled' | 'two_factor_disabled' | 'two_factor_reset';

export interface AuditEntry {
  module: string;
  event: AuditEvent;
  causerId: number | null;
  subjectType?: string;
  subjectId?: number | null;
  old?: Record<string, unknown>;
  attributes?: Record<string, unknown>;
  errorMessage?: string;
}

/** Writes one audit entry; call it with the transaction that makes the change. */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await recordAudits(executor, [entry]);
}

/** Several entries in one statement (a batch of the same work, such as a reminder run's). */
export async function recordAudits(executor: Executor, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await executor.insert(auditLogs).values(
    entries.map((entry) => ({
      logName: entry.module,
      description: entry.event,
      causerId: entry.causerId,
      subjectType: entry.subjectType ?? entry.module,
      subjectId: entry.subjectId ?? null,
      properties: { old: entry.old, attributes: entry.attributes },
      errorMessage: entry.errorMessage ?? null,
    })),
  );
}

/** Old and new values of only the fields an update changed. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const old: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) {
      old[key] = before[key];
      attributes[key] = value;
    }
  }
  return { old, attributes, changed: Object.keys(attributes).length > 0 };
}
