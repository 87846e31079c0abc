import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { jobs } from '../modules/queue/tables';

/**
 * The one mechanism for outside work (DESIGN §5): the outbox of e-mail and SMS and the jobs of
 * the `jobs` table share it. A row is claimed with `for update skip locked` and a lease, so two
 * server processes never run the same row at once and a crashed run is taken again once its
 * lease ends; due times and leases are compared with the database's `now()` only.
 */

/** Retry delay after the n-th failed attempt, in seconds: 30 s, 1 min, 2 min … capped at one hour. */
export const backoffSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

export interface ClaimOptions {
  /** Extra condition on the table's own columns (a channel, a queue name). */
  filter?: SQL;
  batch: number;
  /** How long a claim holds the row; after it another process may take it again. */
  leaseSeconds: number;
}

/** Claims the due pending rows of a queue table, oldest first, counting the attempt; answers their ids. */
export async function claimDue(db: Executor, table: string, options: ClaimOptions): Promise<number[]> {
  const name = sql.identifier(table);
  const result = (await db.execute(sql`update ${name} set claimed_until = now() + make_interval(secs => ${options.leaseSeconds}),
      attempts = attempts + 1, updated_at = now()
    where id in (select id from ${name} where status = 'pending' and next_attempt_at <= now()
      and (claimed_until is null or claimed_until < now()) ${options.filter ? sql`and ${options.filter}` : sql``}
      order by id limit ${options.batch} for update skip locked)
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** A failed attempt: pending again after the backoff, or failed for good after `maxAttempts`. */
export async function retryLater(db: Executor, table: string, id: number, maxAttempts: number, error: unknown): Promise<'pending' | 'failed'> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const result = (await db.execute(sql`update ${sql.identifier(table)} set
      status = case when attempts >= ${maxAttempts} then 'failed' else 'pending' end,
      last_error = ${message}, claimed_until = null, updated_at = now(),
      next_attempt_at = now() + make_interval(secs => least(30 * power(2, greatest(attempts - 1, 0)), 3600))
    where id = ${id} returning status`)) as unknown as { rows: { status: 'pending' | 'failed' }[] };
  return result.rows[0]?.status ?? 'failed';
}

/** The oldest pending row's age in seconds by the database's clock (null when nothing waits), for the health probe. */
export async function oldestPendingAge(db: Executor, table: string, filter?: SQL): Promise<number | null> {
  const result = (await db.execute(
    sql`select extract(epoch from now() - min(created_at))::float8 as age from ${sql.identifier(table)}
      where status = 'pending' ${filter ? sql`and ${filter}` : sql``}`,
  )) as unknown as { rows: { age: number | string | null }[] };
  const age = result.rows[0]?.age;
  return age == null ? null : Math.max(0, Math.floor(Number(age)));
}

/** Runs `pass` every `intervalMs` until stopped; a pass never overlaps the previous one. */
export function startLoop(pass: () => Promise<unknown>, options: { intervalMs: number; onError?: (error: unknown) => void }) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = pass()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  tick();
  return {
    /** Runs a pass now (or waits for the running one), for tests and for work just enqueued. */
    async poke() {
      tick();
      await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/* ---------------- Jobs of the `jobs` table ---------------- */

/**
 * Queues a job in the caller's transaction; a second job with the same queue and key is ignored,
 * so enqueuing is idempotent. Answers the job id (the existing one on a repeat).
 */
export async function enqueueJob(executor: Executor, queue: string, key: string, payload: Record<string, unknown>): Promise<number> {
  await executor
    .insert(jobs)
    .values({ queue, key, payload })
    .onConflictDoNothing({ target: [jobs.queue, jobs.key] });
  const [row] = await executor
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, queue), eq(jobs.key, key)));
  return row!.id;
}

export interface JobContext {
  id: number;
  /** 1 on the first run; more means an earlier run may have reached the outside service. */
  attempt: number;
  payload: Record<string, unknown>;
}

export interface JobOptions {
  maxAttempts: number;
  batch?: number;
  leaseSeconds?: number;
}

/**
 * One pass over a queue: claims its due jobs and runs each outside any transaction. A job that
 * returns is done; one that throws is retried with backoff, then failed (`onFailed` is told).
 */
export async function runJobs(
  db: Database,
  queue: string,
  handler: (job: JobContext) => Promise<void>,
  options: JobOptions & { onFailed?: (job: JobContext, error: unknown) => Promise<void> },
): Promise<{ done: number; retried: number; failed: number }> {
  const ids = await claimDue(db, 'jobs', { filter: sql`queue = ${queue}`, batch: options.batch ?? 10, leaseSeconds: options.leaseSeconds ?? 120 });
  const counts = { done: 0, retried: 0, failed: 0 };
  if (!ids.length) return counts;
  const rows = await db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.id);
  for (const row of rows) {
    const job = { id: row.id, attempt: row.attempts, payload: row.payload };
    try {
      await handler(job);
      await db
        .update(jobs)
        .set({ status: 'done', doneAt: sql`now()`, claimedUntil: null, lastError: null, updatedAt: sql`now()` })
        .where(eq(jobs.id, row.id));
      counts.done++;
    } catch (error) {
      const state = await retryLater(db, 'jobs', row.id, options.maxAttempts, error);
      if (state === 'failed') {
        counts.failed++;
        await options.onFailed?.(job, error);
      } else counts.retried++;
    }
  }
  return counts;
}

/** The age in seconds of a queue's oldest pending job, by the database's clock. */
export const oldestPendingJobAge = (db: Executor, queue: string) => oldestPendingAge(db, 'jobs', sql`queue = ${queue}`);
