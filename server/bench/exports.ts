import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { processUsage } from './server-process';
import { SALES_BOOK_PERIOD } from './sales-book';

/** One export as a user downloads it: rows written, seconds, and how far the server's memory grew. */
export interface ExportMeasurement {
  name: string;
  rows: number;
  megabytes: number;
  seconds: number;
  budgetSeconds: number;
  /** CPU seconds of the server over the export (with the reader when they share a process): wall time counts other work on the machine too. */
  cpuSeconds: number;
  /** Peak resident memory above the level before the export, sampled every 20 ms. */
  memoryGrowthMb: number;
  withinBudget: boolean;
}

interface ExportScenario {
  name: string;
  path: string;
  /** Seconds for 100 000 rows (DESIGN §8): CSV 2, XLSX 10, PDF 30; scaled to the rows written. */
  secondsPer100k: number;
}

const MEMORY_BUDGET_MB = 150;

const first = async (db: Database, query: ReturnType<typeof sql>): Promise<string> => {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return String(Object.values(result.rows[0] ?? {})[0] ?? '');
};

/** DD-MM-YYYY of the Caracas day `days` before `newest` (YYYY-MM-DD). */
const dayBefore = (newest: string, days: number) => {
  const date = new Date(`${newest}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  const [y, m, d] = date.toISOString().slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
};

/** Payments of the last month and year (by registration), every client, address and closing, in the formats each screen offers; the sales book's month. */
async function exportScenarios(db: Database): Promise<ExportScenario[]> {
  const newest = await first(db, sql`select (max(created_at) at time zone 'America/Caracas')::date::text from payments`);
  const dates = (days: number) => (newest ? `&filters[dates][]=${dayBefore(newest, days)}&filters[dates][]=${dayBefore(newest, 0)}` : '');
  const month = `/api/bill-payments/export?${dates(30).slice(1)}`;
  const year = `/api/bill-payments/export?${dates(364).slice(1)}`;
  return [
    { name: 'export payments, a month, CSV', path: `${month}&type_format=csv`, secondsPer100k: 2 },
    { name: 'export payments, a month, XLSX', path: `${month}&type_format=xlsx`, secondsPer100k: 10 },
    { name: 'export payments, a month, PDF', path: `${month}&type_format=pdf`, secondsPer100k: 30 },
    { name: 'export payments, a year, CSV', path: `${year}&type_format=csv`, secondsPer100k: 2 },
    { name: 'export clients, all, CSV', path: '/api/clients/export/data?type_format=csv', secondsPer100k: 2 },
    { name: 'export clients, all, XLSX', path: '/api/clients/export/data?type_format=xlsx', secondsPer100k: 10 },
    { name: 'export addresses, all, CSV', path: '/api/addresses-payment/export?type_format=csv', secondsPer100k: 2 },
    { name: 'export closed boxes, all, CSV', path: '/api/closed-boxs/export?type_format=csv', secondsPer100k: 2 },
    // Issue 49: 90 000 documents (bench/sales-book.ts) in at most 15 s.
    { name: 'export sales book, a month, XLSX', path: `/api/sales-book/export?period=${SALES_BOOK_PERIOD}&type_format=xlsx`, secondsPer100k: 15 / 0.9 },
  ];
}

/**
 * Lines of a CSV body (header and BOM aside) without keeping it: quoted fields may hold
 * newlines. It jumps between quotes and newlines with `indexOf`, so the reader's own CPU
 * stays small beside the server's in the figures.
 */
function csvRowCounter() {
  let rows = -1;
  let quoted = false;
  return {
    add(chunk: Buffer) {
      for (let at = 0; at < chunk.length; ) {
        const quote = chunk.indexOf(0x22, at);
        if (quoted) {
          if (quote < 0) return;
          quoted = false;
          at = quote + 1;
          continue;
        }
        const end = quote < 0 ? chunk.length : quote;
        for (let newline = chunk.indexOf(0x0a, at); newline >= 0 && newline < end; newline = chunk.indexOf(0x0a, newline + 1)) rows++;
        if (quote < 0) return;
        quoted = true;
        at = quote + 1;
      }
    },
    rows: () => rows,
  };
}

/** Where the exports (and the Todos pages, bench/todos.ts) are asked: a server, and how to read its memory and CPU. */
export interface ExportTarget {
  base: string;
  token: string;
  /** The server's own process (its figures alone); without it, this process (server and reader). */
  pid?: number;
}

export function usageOf(target: ExportTarget): { rss: number; cpuSeconds: number } {
  if (target.pid !== undefined) return processUsage(target.pid);
  const cpu = process.cpuUsage();
  return { rss: process.memoryUsage().rss, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

async function measureExport(target: ExportTarget, scenario: ExportScenario, expectedRows: (path: string) => Promise<number>): Promise<ExportMeasurement> {
  if (target.pid === undefined) global.gc?.();
  const before = usageOf(target);
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, usageOf(target).rss);
  }, 20);
  const started = performance.now();
  const response = await fetch(`${target.base}${scenario.path}`, { headers: { authorization: `Bearer ${target.token}` } });
  if (!response.ok || !response.body) throw new Error(`${scenario.name}: HTTP ${response.status}`);
  const counter = csvRowCounter();
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    if (scenario.path.includes('type_format=csv')) counter.add(Buffer.from(chunk));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = usageOf(target);
  peak = Math.max(peak, after.rss);
  const rows = scenario.path.includes('type_format=csv') ? counter.rows() : await expectedRows(scenario.path);
  const budgetSeconds = Number(((scenario.secondsPer100k * Math.max(rows, 1)) / 100_000).toFixed(2));
  const memoryGrowthMb = Math.round((peak - before.rss) / 1024 / 1024);
  return {
    name: scenario.name,
    rows,
    megabytes: Number((bytes / 1024 / 1024).toFixed(1)),
    seconds: Number(seconds.toFixed(2)),
    budgetSeconds,
    cpuSeconds: Number((after.cpuSeconds - before.cpuSeconds).toFixed(2)),
    memoryGrowthMb,
    withinBudget: seconds <= Math.max(budgetSeconds, 0.5) && memoryGrowthMb < MEMORY_BUDGET_MB,
  };
}

/** A server to export from, and how to let it go. */
export interface ExportServer extends ExportTarget {
  close(): Promise<void>;
}

/**
 * The export scenarios of `npm run bench`: each download read to the end and dropped, its time
 * against the per-row budget (100 000 rows: CSV 2 s, XLSX 10 s, PDF 30 s) and the server's
 * memory growth against 150 MB. `open` gives each export its own server: one started fresh (its
 * own process) grows from where an idle server stands, where a server that has just exported
 * something else may be anywhere in its collector's cycle (the same export read +9 or +185 MB).
 */
export async function measureExports(db: Database, open: () => Promise<ExportServer>, only?: string): Promise<ExportMeasurement[]> {
  const scenarios = (await exportScenarios(db)).filter((scenario) => !only || scenario.name.includes(only));
  // Rows of an XLSX or PDF export: the same list's CSV, counted once per list.
  const counted = new Map<string, number>();
  const results: ExportMeasurement[] = [];
  for (const scenario of scenarios) {
    const server = await open();
    try {
      const expectedRows = async (path: string) => {
        const csvPath = path.replace(/type_format=\w+/, 'type_format=csv');
        if (!counted.has(csvPath)) {
          const response = await fetch(`${server.base}${csvPath}`, { headers: { authorization: `Bearer ${server.token}` } });
          const counter = csvRowCounter();
          for await (const chunk of response.body!) counter.add(Buffer.from(chunk));
          counted.set(csvPath, counter.rows());
        }
        return counted.get(csvPath)!;
      };
      const result = await measureExport(server, scenario, expectedRows);
      counted.set(scenario.path, result.rows);
      console.log(`${result.name}: ${result.rows} rows in ${result.seconds} s (${result.cpuSeconds} s CPU), memory +${result.memoryGrowthMb} MB`);
      results.push(result);
    } finally {
      await server.close();
    }
  }
  return results;
}
