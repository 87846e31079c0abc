import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

export type AuditEvent = 'created' | 'updated' | 'deleted' | 'login' | 'logout' | 'send_message' | 'import_clients' | 'import_closed_boxs' | 'downloaded' | 'failed' | 'registration_attempt' | 'two_factor_enabled' | 'two_factor_disabled' | 'two_factor_reset';

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

/**
 * Several entries (a batch of the same work, such as a reminder run's), through the database's
 * `audit_log_append`: the only way a hardened role may write the log (README). The function takes
 * the causer from the session setting `recaudo.causer_id`, set here in the same statement (the
 * entries are handed over only once the setting answered, so it is always set first), and the time
 * from the transaction.
 * Entries of different causers go as one statement per causer.
 */
export async function recordAudits(executor: Executor, entries: AuditEntry[]): Promise<void> {
  const byCauser = new Map<number | null, AuditEntry[]>();
  for (const entry of entries) byCauser.set(entry.causerId, [...(byCauser.get(entry.causerId) ?? []), entry]);
  for (const [causerId, group] of byCauser) {
    const rows = group.map((entry) => ({
      log_name: entry.module,
      description: entry.event,
      subject_type: entry.subjectType ?? entry.module,
      subject_id: entry.subjectId ?? null,
      properties: { old: entry.old, attributes: entry.attributes },
      error_message: entry.errorMessage ?? null,
    }));
    await executor.execute(
      sql`select audit_log_append(case when setting.causer is not null then ${JSON.stringify(rows)}::jsonb end)
          from (select set_config('recaudo.causer_id', ${causerId === null ? '' : String(causerId)}, true) as causer) as setting`,
    );
  }
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
