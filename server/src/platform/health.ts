import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appliedMigration, latestMigration } from '../db/version';

/** Answers the age in seconds of a queue's oldest pending job, or null when it is empty. */
export type QueueProbe = () => Promise<number | null>;

export interface HealthReport {
  healthy: boolean;
  database: 'ok' | 'unreachable';
  /** `down` while events of other processes cannot reach this one (PostgreSQL's LISTEN lost); `local` with one process. */
  realtime: 'ok' | 'down' | 'local';
  migrations: { current: boolean; expected: string };
  queues: Record<string, { oldest_pending_seconds: number | null } | { error: string }>;
}

/**
 * What GET /api/health reports to a load balancer. Areas with a job queue (the outbox, the
 * invoice queue…) register a probe for the age of their oldest pending job; a stuck queue shows
 * there but does not make the process unhealthy (every process would be taken out together).
 */
export class HealthRegistry {
  private readonly queues = new Map<string, QueueProbe>();
  private realtime: (() => boolean) | null = null;

  /** The real-time bus across processes: while it is down the process is unhealthy (its sockets miss events). */
  watchRealtime(listening: () => boolean): void {
    this.realtime = listening;
  }

  addQueue(name: string, probe: QueueProbe): void {
    this.queues.set(name, probe);
  }

  async check(db: Database, timeoutMs = 3000): Promise<HealthReport> {
    const expected = latestMigration();
    const realtime = this.realtime ? (this.realtime() ? 'ok' : 'down') : 'local';
    const report: HealthReport = { healthy: false, database: 'unreachable', realtime, migrations: { current: false, expected: expected.tag }, queues: {} };
    const within = <T>(work: Promise<T>) =>
      Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('tiempo de espera agotado')), timeoutMs).unref())]);
    // One round of queries at once: asked one after another, each waited for its own turn of an
    // event loop busy with large pages, and a load balancer's probe timed out behind them.
    const names = [...this.queues.keys()];
    const [reachable, applied, ...ages] = await Promise.allSettled([
      within(db.execute(sql`select 1`)),
      within(appliedMigration(db)),
      ...[...this.queues.values()].map((probe) => within(probe())),
    ]);
    if (reachable.status === 'rejected') return report;
    report.database = 'ok';
    if (applied.status === 'rejected') return report;
    report.migrations.current = applied.value === expected.when;
    names.forEach((name, index) => {
      const age = ages[index]!;
      report.queues[name] = age.status === 'fulfilled' ? { oldest_pending_seconds: age.value } : { error: (age.reason as Error).message };
    });
    report.healthy = report.migrations.current && realtime !== 'down';
    return report;
  }
}
