import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appliedMigration, latestMigration } from '../db/version';

/** Answers the age in seconds of a queue's oldest pending job, or null when it is empty. */
export type QueueProbe = () => Promise<number | null>;

export interface HealthReport {
  healthy: boolean;
  database: 'ok' | 'unreachable';
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

  addQueue(name: string, probe: QueueProbe): void {
    this.queues.set(name, probe);
  }

  async check(db: Database, timeoutMs = 3000): Promise<HealthReport> {
    const expected = latestMigration();
    const report: HealthReport = { healthy: false, database: 'unreachable', migrations: { current: false, expected: expected.tag }, queues: {} };
    const within = <T>(work: Promise<T>) =>
      Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('tiempo de espera agotado')), timeoutMs).unref())]);
    try {
      await within(db.execute(sql`select 1`));
      report.database = 'ok';
      report.migrations.current = (await within(appliedMigration(db))) === expected.when;
    } catch {
      return report;
    }
    for (const [name, probe] of this.queues) {
      try {
        report.queues[name] = { oldest_pending_seconds: await within(probe()) };
      } catch (error) {
        report.queues[name] = { error: (error as Error).message };
      }
    }
    report.healthy = report.migrations.current;
    return report;
  }
}
