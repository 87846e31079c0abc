import { databaseCode } from './errors';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back whole. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs `transaction` again when PostgreSQL aborted it as a deadlock victim or a serialization
 * failure. The totals triggers upsert shared group rows (address_totals, payment counts), and two
 * writers that move rows between groups in different orders can deadlock; the aborted one
 * changed nothing, so running it again is safe. Only for work without side effects outside the
 * database (no files written inside).
 */
export async function retryingConflicts<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.has(databaseCode(error) ?? '')) throw error;
    }
  }
}
