import { Cron } from 'croner';
import type { Database } from '../../db/client';
import { runReminders, type ReminderOptions } from './service';

export const REMINDER_TIME_ZONE = 'America/Caracas';

export interface ReminderSchedule {
  stop(): Promise<void>;
  next(): Date | null;
}

/**
 * Starts REMINDER_CRON (read in Caracas time) in every process: the (client, period) rows make
 * each reminder go out once whichever process runs first. On start, a process whose schedule
 * already fired this month runs once too, so a run cut by a restart finishes on the way back up.
 * stop() ends the run under way between batches.
 */
export function startReminderSchedule(
  db: Database,
  options: ReminderOptions & { cron: string; log: (message: string) => void; onError: (error: unknown) => void },
): ReminderSchedule {
  const abort = new AbortController();
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = runReminders(db, { ...options, signal: abort.signal })
      .then((result) => {
        if (result.sent) options.log(`Recordatorios de pago de ${result.period}: ${result.sent} enviados a la cola`);
      })
      .catch(options.onError);
    return running;
  };
  const job = new Cron(options.cron, { timezone: REMINDER_TIME_ZONE, protect: true }, run);
  const [previous] = job.previousRuns(1, new Date());
  const thisMonth = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: REMINDER_TIME_ZONE }).slice(0, 7);
  if (previous && thisMonth(previous) === thisMonth(new Date())) void run();
  return {
    async stop() {
      job.stop();
      abort.abort();
      await running;
    },
    next: () => job.nextRun(),
  };
}
