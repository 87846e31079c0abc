import { Cron } from 'croner';
import { pruneBackups, runBackup, type BackupPlace } from './service';

export const BACKUP_TIME_ZONE = 'America/Caracas';

/**
 * Runs one schedule tick: the process whose insert of the tick wins makes the backup and
 * prunes the old ones; the others find the tick taken and answer null. The tick is the
 * scheduled time (to the second), the same in every process. A failure is stored with the run,
 * audited and thrown (runBackup).
 */
export async function runScheduledBackup(place: BackupPlace, tick: Date, keep: number): Promise<{ name: string; pruned: string[] } | null> {
  const tickAt = new Date(Math.floor(tick.getTime() / 1000) * 1000).toISOString();
  const made = await runBackup(place, { kind: 'scheduled', tickAt }, null, async () => ({ pruned: await pruneBackups(place, keep) }));
  return made ? { name: made.name, pruned: made.extra.pruned as string[] } : null;
}

export interface BackupSchedule {
  stop(): Promise<void>;
  next(): Date | null;
}

/** Starts BACKUP_CRON (read in Caracas time); stop() waits for a backup under way. */
export function startBackupSchedule(place: BackupPlace, options: { cron: string; keep: number; log: (message: string) => void; onError: (error: unknown) => void }): BackupSchedule {
  let running: Promise<void> = Promise.resolve();
  const job = new Cron(options.cron, { timezone: BACKUP_TIME_ZONE, protect: true }, (self: Cron) => {
    // The scheduled time this run belongs to (not the moment the timer fired), the same in every process.
    const tick = self.previousRuns(1, new Date(Date.now() + 1))[0] ?? new Date();
    running = runScheduledBackup(place, tick, options.keep)
      .then((result) => {
        if (result) options.log(`Respaldo programado ${result.name} creado${result.pruned.length ? `; eliminados ${result.pruned.join(', ')}` : ''}`);
      })
      .catch(options.onError);
    return running;
  });
  return {
    async stop() {
      job.stop();
      await running;
    },
    next: () => job.nextRun(),
  };
}
