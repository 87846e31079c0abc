import { TransactionRollbackError } from 'drizzle-orm/errors';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Database } from '../src/db/client';
import { currentPeriod, reminderEntries, runReminders } from '../src/modules/reminders/service';
import type { Measurement } from './measure';

export interface ReminderRunMeasure {
  clients: number;
  prepareSeconds: number;
  runSeconds: number;
  sent: number;
  /** The longest the run kept the serving process's event loop from answering, ms. */
  eventLoopMaxMs: number;
  /** The payments list alone, then while the run goes on in the same process. */
  listAlone: Measurement;
  listDuringRun: Measurement;
}

/**
 * A reminder run for every owing client (issue 33: its outbox rows prepared in under 60 s without
 * slowing the payments list): the preview's read alone, then the whole run inside a transaction
 * that is rolled back (its batches become savepoints), so the scale set keeps no reminders and
 * the next bench sends them again. The run goes on in the process that serves the bench's API,
 * as the schedule runs in the server's; `measureList` samples the payments list alone, then again
 * and again until the run ends.
 */
export async function measureReminderRun(db: Database, measureList: () => Promise<Measurement>): Promise<ReminderRunMeasure> {
  const options = { minMonths: 1, appUrl: 'https://recaudo.test', sms: true };
  const readStart = performance.now();
  const entries = await reminderEntries(db, await currentPeriod(db), options);
  const prepareSeconds = (performance.now() - readStart) / 1000;
  const listAlone = await measureList();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let measured = { runSeconds: 0, sent: 0 };
  let running = true;
  const during: Measurement[] = [];
  const sampling = (async () => {
    while (running) during.push(await measureList());
  })();
  delay.enable();
  try {
    await db.transaction(async (tx) => {
      const runStart = performance.now();
      const result = await runReminders(tx as unknown as Database, options);
      measured = { runSeconds: (performance.now() - runStart) / 1000, sent: result.sent };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  } finally {
    delay.disable();
    running = false;
    await sampling;
  }
  // The sample that ran longest into the run's end is the least favourable: the worst p95 stands for all.
  const listDuringRun = during.reduce((worst, sample) => (sample.p95 > worst.p95 ? sample : worst));
  return {
    clients: entries.length,
    prepareSeconds: Number(prepareSeconds.toFixed(2)),
    ...measured,
    runSeconds: Number(measured.runSeconds.toFixed(2)),
    eventLoopMaxMs: Number((delay.max / 1e6).toFixed(1)),
    listAlone,
    listDuringRun,
  };
}
