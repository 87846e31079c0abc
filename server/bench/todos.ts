import { sql } from 'drizzle-orm';
import { MAX_PAGE_SIZE } from '@recaudo/domain/paging';
import type { Database } from '../src/db/client';
import { chainPending } from '../src/modules/logs/chain';
import { usageOf, type ExportServer } from './exports';

/**
 * Issue 31: no single request takes the server down. Three `per_page=Todos` requests at once, on
 * the three largest lists, against a server started fresh: each answers within 2 s, the server's
 * memory grows less than 100 MB, and `/api/health`, asked every 50 ms throughout, answers within
 * 200 ms. Before the cap one such request on 50 000 addresses answered 127 MB in 70 s and took
 * the server from 230 MB to 1.5 GB. The server is warmed first by the same three requests one after
 * the other: an office's server has run for hours, and a cold one spends its first second compiling.
 */

const LISTS = [
  { name: 'addresses', path: '/api/addresses-payment?per_page=Todos' },
  { name: 'clients', path: '/api/clients?per_page=Todos' },
  { name: 'logs', path: '/api/logs?per_page=Todos' },
];
const ANSWER_BUDGET_MS = 2000;
const MEMORY_BUDGET_MB = 100;
const HEALTH_BUDGET_MS = 200;
const HEALTH_EVERY_MS = 50;

export interface TodosMeasurement {
  name: string;
  rows: number;
  total: number;
  megabytes: number;
  ms: number;
  budgetMs: number;
  withinBudget: boolean;
}

export interface TodosRun {
  answers: TodosMeasurement[];
  memoryGrowthMb: number;
  healthSamples: number;
  healthMaxMs: number;
  withinBudget: boolean;
}

async function timedList(server: ExportServer, list: (typeof LISTS)[number]): Promise<TodosMeasurement> {
  const started = performance.now();
  const response = await fetch(`${server.base}${list.path}`, { headers: { authorization: `Bearer ${server.token}` } });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${list.name}: HTTP ${response.status}`);
  const page = (JSON.parse(body) as { data: { data: unknown[]; total: number } }).data;
  return {
    name: `Todos ${list.name}`,
    rows: page.data.length,
    total: page.total,
    megabytes: Number((Buffer.byteLength(body) / 1024 / 1024).toFixed(2)),
    ms: Math.round(ms),
    budgetMs: ANSWER_BUDGET_MS,
    withinBudget: ms <= ANSWER_BUDGET_MS && page.data.length <= MAX_PAGE_SIZE,
  };
}

/**
 * The activity log holds AUDIT_LOGS entries (default 200 000) for the logs list to be measured at
 * size: seed:scale writes none. They are chained here, before any server is measured, as an
 * office's log is: otherwise the measured server spent the run linking them.
 */
export async function fillAuditLogs(db: Database): Promise<void> {
  const wanted = Number(process.env.AUDIT_LOGS ?? 200_000);
  const result = (await db.execute(sql`select count(*)::int as entries from audit_logs`)) as unknown as { rows: { entries: number }[] };
  const missing = wanted - (result.rows[0]?.entries ?? 0);
  if (missing > 0) {
    await db.execute(sql`
      insert into audit_logs (log_name, description, subject_type, subject_id, causer_id, properties, created_at)
      select 'clients', 'updated', 'clients', (select min(id) from clients) + n % 1000, (select min(id) from users),
             jsonb_build_object('old', jsonb_build_object('name', 'Cliente ' || n), 'attributes', jsonb_build_object('name', 'Cliente ' || n || ' B')),
             now() - make_interval(mins => n)
      from generate_series(1, ${missing}) as n`);
    await db.execute(sql`analyze audit_logs`);
  }
  await chainPending(db);
}

/** The three requests at once, with the server's memory sampled every 20 ms and its health every 50 ms until the last answer. */
export async function measureTodos(open: () => Promise<ExportServer>): Promise<TodosRun> {
  const server = await open();
  try {
    for (const list of LISTS) await timedList(server, list);
    if (server.pid === undefined) global.gc?.();
    const before = usageOf(server).rss;
    let peak = before;
    const memory = setInterval(() => {
      peak = Math.max(peak, usageOf(server).rss);
    }, 20);
    const health: number[] = [];
    let running = true;
    const sampleHealth = async () => {
      while (running) {
        const started = performance.now();
        const answer = await fetch(`${server.base}/api/health`);
        await answer.arrayBuffer();
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    };
    const sampling = sampleHealth();
    const answers = await Promise.all(LISTS.map((list) => timedList(server, list)));
    running = false;
    await sampling;
    clearInterval(memory);
    peak = Math.max(peak, usageOf(server).rss);
    const memoryGrowthMb = Math.round((peak - before) / 1024 / 1024);
    const healthMaxMs = Math.round(Math.max(0, ...health));
    return {
      answers,
      memoryGrowthMb,
      healthSamples: health.length,
      healthMaxMs,
      withinBudget: answers.every((answer) => answer.withinBudget) && memoryGrowthMb < MEMORY_BUDGET_MB && healthMaxMs <= HEALTH_BUDGET_MS,
    };
  } finally {
    await server.close();
  }
}

export const todosSummary = (run: TodosRun) =>
  `Tres per_page=Todos a la vez: memoria +${run.memoryGrowthMb} MB (presupuesto < ${MEMORY_BUDGET_MB}), /api/health máx. ${run.healthMaxMs} ms en ${run.healthSamples} muestras (presupuesto ${HEALTH_BUDGET_MS} ms)`;
