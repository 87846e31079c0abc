import { TransactionRollbackError } from 'drizzle-orm/errors';
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/db/client';
import { currentPeriod, reminderEntries, runReminders } from '../src/modules/reminders/service';

export interface ReminderRunMeasure {
  clients: number;
  prepareSeconds: number;
  runSeconds: number;
  sent: number;
}

/**
 * A reminder run for every owing client (issue 33: its outbox rows prepared in under 60 s): the
 * preview's read alone, then the whole run inside a transaction that is rolled back (its batches
 * become savepoints), so the scale set keeps no reminders and the next bench sends them again.
 */
export async function measureReminderRun(db: Database): Promise<ReminderRunMeasure> {
  const options = { minMonths: 1, appUrl: 'https://recaudo.test', sms: true };
  const readStart = performance.now();
  const entries = await reminderEntries(db, await currentPeriod(db), options);
  const prepareSeconds = (performance.now() - readStart) / 1000;
  let measured = { runSeconds: 0, sent: 0 };
  try {
    await db.transaction(async (tx) => {
      const runStart = performance.now();
      const result = await runReminders(tx as unknown as Database, options);
      measured = { runSeconds: (performance.now() - runStart) / 1000, sent: result.sent };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return { clients: entries.length, prepareSeconds: Number(prepareSeconds.toFixed(2)), ...measured, runSeconds: Number(measured.runSeconds.toFixed(2)) };
}
