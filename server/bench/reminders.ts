import { sql } from 'drizzle-orm';
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
 * slowing the payments list): the preview's read alone, then the whole run as the schedule runs
 * it, in the process that serves the bench's API, each batch committing, while `measureList`
 * samples the payments list again and again until the run ends. Afterwards the run's reminders,
 * messages and (still unchained: the bench runs no chainer) audit entries are deleted, so the scale
 * set keeps none and the next bench sends them again. An earlier version ran it inside one
 * rolled-back transaction: its thousand batches became savepoints, which slowed every statement
 * once a backend holds more than 64 subtransactions, and the run measured 73 s for that alone.
 */
export async function measureReminderRun(db: Database, measureList: () => Promise<Measurement>): Promise<ReminderRunMeasure> {
  const options = { minMonths: 1, appUrl: 'https://recaudo.test', sms: true };
  const period = await currentPeriod(db);
  // What a bench stopped midway left would be skipped as already reminded.
  await db.execute(sql`delete from reminders where period = ${period}`);
  const readStart = performance.now();
  const entries = await reminderEntries(db, period, options);
  const prepareSeconds = (performance.now() - readStart) / 1000;
  const listAlone = await measureList();
  const before = await lastIds(db);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let measured = { runSeconds: 0, sent: 0 };
  let running = true;
  const during: Measurement[] = [];
  const sampling = (async () => {
    while (running) during.push(await measureList());
  })();
  delay.enable();
  try {
    const runStart = performance.now();
    const result = await runReminders(db, options);
    measured = { runSeconds: (performance.now() - runStart) / 1000, sent: result.sent };
  } finally {
    delay.disable();
    running = false;
    await sampling;
    await removeRun(db, period, before);
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

interface LastIds {
  outbox: number;
  audit: number;
}

async function lastIds(db: Database): Promise<LastIds> {
  const result = (await db.execute(sql`select coalesce((select max(id) from outbox), 0)::int as outbox, coalesce((select max(id) from audit_logs), 0)::int as audit`)) as unknown as { rows: LastIds[] };
  return result.rows[0]!;
}

/**
 * Deletes the reminders of `period` and the messages and audit entries written after `before` (the
 * bench's database has no other writer meanwhile). The audit log refuses deletes (its append-only
 * trigger), so the trigger is off for this one transaction, which only the table's owner may do:
 * the bench's own database.
 */
async function removeRun(db: Database, period: string, before: LastIds): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from reminders where period = ${period}`);
    await tx.execute(sql`delete from outbox where id > ${before.outbox}`);
    await tx.execute(sql`alter table audit_logs disable trigger audit_logs_append_only`);
    await tx.execute(sql`delete from audit_logs where id > ${before.audit} and chain_position is null`);
    await tx.execute(sql`alter table audit_logs enable trigger audit_logs_append_only`);
  });
}
