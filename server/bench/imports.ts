import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import type { ExportServer } from './exports';
import { summarize, timeRequests, type Measurement, type Scenario } from './measure';
import { processUsage } from './server-process';

/**
 * Imports at size (issue 48): the dry run of a 10 000-row file (its report in at most 10 s), then
 * the commit of IMPORT_BENCH_ROWS rows (default 20 000; four clients in five have one address, the
 * fifth two, as 200 000 clients hold 250 000 addresses) with an opening debt of 0 to 60 months,
 * against a server (its own process on PostgreSQL) while the bench polls /api/health one probe
 * after another and measures the payments list again and again. Figures: rows per second, the
 * server's peak memory above its level before the upload, the slowest probe and the list's worst
 * p95. Each run imports clients of its own (identifications above every one on file): they stay,
 * as a commit's clients would.
 */

export interface ImportBenchMeasure {
  dryRunRows: number;
  dryRunSeconds: number;
  commitRows: number;
  commitAddresses: number;
  commitSeconds: number;
  rowsPerSecond: number;
  memoryGrowthMb: number;
  /** Longest the bench's own event loop was held, ms (the server's when it shares the process). */
  eventLoopMaxMs: number;
  healthProbes: number;
  healthMaxMs: number;
  healthP95Ms: number;
  /**
   * The payments list on the same server before the commit, then every request made while the
   * commit runs (the "p95 while it runs"), and the slowest window of 100 of them.
   */
  listAlone: Measurement;
  listDuringCommit: Measurement;
  listWorstWindow: Measurement;
  withinBudget: boolean;
}

const DRY_RUN_ROWS = 10_000;
const DRY_RUN_BUDGET_SECONDS = 10;
const HEALTH_BUDGET_MS = 200;
const MEMORY_BUDGET_MB = 300;
const HEADER = 'Tipo de cliente;Tipo de identificación;Número de identificación;Nombre;Correo;Teléfonos;Género;Fecha de nacimiento;Tipo de dirección;Dirección;Estado;Municipio;Parroquia;Comunidad;Actividad económica;Cuota propia;Pagado hasta;Meses adeudados';

interface Place {
  state: string;
  municipality: string;
  parish: string;
  community: string;
}

async function somePlace(db: Database): Promise<Place> {
  const result = (await db.execute(sql`select s.name as state, m.name as municipality, p.name as parish, c.name as community
    from communities c join parishes p on p.id = c.parish_id join municipalities m on m.id = p.municipality_id join states s on s.id = m.state_id
    order by c.id limit 1`)) as unknown as { rows: Place[] };
  if (!result.rows[0]) throw new Error('La base no tiene comunidades: el bench de importación necesita el seed de demostración.');
  return result.rows[0];
}

/** A `;` CSV of `clients` residential clients from `firstId` on, every fifth with a second address. */
function clientsFile(place: Place, firstId: number, clients: number): { data: Buffer; rows: number } {
  const lines = [HEADER];
  const at = `${place.state};${place.municipality};${place.parish};${place.community}`;
  for (let index = 0; index < clients; index++) {
    const id = firstId + index;
    lines.push(`Residencial;V;${id};Cliente de importación ${id};c${id}@importacion.test;0414${String(id % 10_000_000).padStart(7, '0')};Femenino;01/02/1980;Residencial;Calle ${index}, casa 1;${at};;;;${index % 61}`);
    if (index % 4 === 3) lines.push(`;V;${id};;;;;;Residencial;Calle ${index}, local 2;${at};;;;${(index * 7) % 61}`);
  }
  return { data: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), rows: lines.length - 1 };
}

const nextIdentification = async (db: Database) => {
  const result = (await db.execute(sql`select coalesce(max(identification::bigint), 0)::bigint as top from clients where identification ~ '^[0-9]{1,12}$'`)) as unknown as { rows: { top: string }[] };
  return Math.max(60_000_000, Number(result.rows[0]?.top ?? 0) + 1);
};

async function post(server: ExportServer, data: Buffer, mode: 'dry_run' | 'commit', name: string): Promise<number> {
  const form = new FormData();
  form.set('kind', 'clients_addresses');
  form.set('mode', mode);
  form.set('file', new Blob([data]), name);
  const answer = await fetch(`${server.base}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` }, body: form });
  const body = (await answer.json()) as { data?: { id: number }; message?: string };
  if (!answer.ok || !body.data) throw new Error(`Importación ${mode}: HTTP ${answer.status} ${body.message ?? ''}`);
  return body.data.id;
}

interface Status {
  status: string;
  rows_done: number;
  counts: Record<string, number>;
  failure: string | null;
}

async function settle(server: ExportServer, id: number, everyMs = 100): Promise<Status> {
  for (;;) {
    const answer = await fetch(`${server.base}/api/imports/${id}`, { headers: { authorization: `Bearer ${server.token}` } });
    const status = ((await answer.json()) as { data: Status }).data;
    if (status.status !== 'queued' && status.status !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Polls `/api/health` one probe after another from a thread of its own, as a load balancer polls
 * from its own process. Asked from the bench's loop, a probe also waited for the bench itself:
 * building the commit's 33 MB form held that loop 1 s, which the bench then reported as the server's.
 * A rest of 20 ms between probes still meets any stall of the server longer than the budget.
 */
const HEALTH_PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const probes = [];
let running = true;
parentPort.once('message', () => (running = false));
(async () => {
  while (running) {
    const started = performance.now();
    await (await fetch(workerData.url)).arrayBuffer();
    probes.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(probes);
})();
`;

function probeHealth(url: string): { stop: () => Promise<number[]> } {
  const worker = new Worker(HEALTH_PROBE_SOURCE, { eval: true, workerData: { url } });
  const answer = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const probes = await answer;
      await worker.terminate();
      return probes;
    },
  };
}

const rssOf = (server: ExportServer) => (server.pid ? processUsage(server.pid).rss : process.memoryUsage().rss);
const percentile = (values: number[], fraction: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(fraction * values.length) - 1)] ?? 0;

export async function measureImports(db: Database, startServer: () => Promise<ExportServer>, list: Scenario): Promise<ImportBenchMeasure> {
  const commitClients = Math.round(Number(process.env.IMPORT_BENCH_ROWS ?? 20_000) / 1.25);
  const place = await somePlace(db);
  const server = await startServer();
  try {
    const firstId = await nextIdentification(db);
    const dryFile = clientsFile(place, firstId, Math.round(DRY_RUN_ROWS / 1.25));
    let started = performance.now();
    const dry = await settle(server, await post(server, dryFile.data, 'dry_run', 'diez-mil.csv'));
    const dryRunSeconds = (performance.now() - started) / 1000;
    if (dry.status !== 'done') throw new Error(`Ensayo de 10 000 filas: ${dry.status} ${dry.failure ?? ''}`);

    const commitFile = clientsFile(place, firstId + dryFile.rows, commitClients);
    const review = await settle(server, await post(server, commitFile.data, 'dry_run', 'lote.csv'));
    if (review.counts.rows_in_error) throw new Error(`El lote del bench tiene ${review.counts.rows_in_error} filas con errores`);
    const listAlone = summarize(list, await timeRequests(server.base, list, 100));
    const baseline = rssOf(server);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server))), 100);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const probe = probeHealth(`${server.base}/api/health`);
    const windows: number[][] = [];
    let running = true;
    const listing = (async () => {
      while (running) windows.push(await timeRequests(server.base, list, 100));
    })();
    started = performance.now();
    let done: Status;
    let probes: number[] = [];
    try {
      done = await settle(server, await post(server, commitFile.data, 'commit', 'lote.csv'), 250);
    } finally {
      running = false;
      probes = await probe.stop();
      await listing;
      clearInterval(sampler);
      delay.disable();
    }
    const commitSeconds = (performance.now() - started) / 1000;
    if (done.status !== 'done') throw new Error(`Importación del lote: ${done.status} ${done.failure ?? ''}`);
    const listDuringCommit = summarize(list, windows.flat().sort((a, b) => a - b));
    const listWorstWindow = windows.map((window) => summarize(list, window)).reduce((worst, window) => (window.p95 > worst.p95 ? window : worst));
    const memoryGrowthMb = Number(((peak - baseline) / 1048576).toFixed(1));
    const healthMaxMs = Number(Math.max(...probes).toFixed(1));
    return {
      dryRunRows: dryFile.rows,
      dryRunSeconds: Number(dryRunSeconds.toFixed(2)),
      commitRows: commitFile.rows,
      commitAddresses: done.counts.addresses_created ?? 0,
      commitSeconds: Number(commitSeconds.toFixed(1)),
      rowsPerSecond: Math.round(commitFile.rows / commitSeconds),
      memoryGrowthMb,
      eventLoopMaxMs: Number((delay.max / 1e6).toFixed(1)),
      healthProbes: probes.length,
      healthMaxMs,
      healthP95Ms: Number(percentile(probes, 0.95).toFixed(1)),
      listAlone,
      listDuringCommit,
      listWorstWindow,
      withinBudget: dryRunSeconds <= DRY_RUN_BUDGET_SECONDS && memoryGrowthMb < MEMORY_BUDGET_MB && healthMaxMs < HEALTH_BUDGET_MS && listDuringCommit.withinBudget,
    };
  } finally {
    await server.close();
  }
}

/** The line the bench prints, with what 200 000 clients and 250 000 addresses would take at the measured rate. */
export function importsSummary(run: ImportBenchMeasure): string {
  const fullMinutes = (250_000 / run.rowsPerSecond / 60).toFixed(1);
  return (
    `Importación: ensayo de ${run.dryRunRows} filas en ${run.dryRunSeconds} s (presupuesto ${DRY_RUN_BUDGET_SECONDS} s); ` +
    `importación de ${run.commitRows} filas (${run.commitAddresses} direcciones con su deuda inicial) en ${run.commitSeconds} s, ${run.rowsPerSecond} filas/s ` +
    `(250 000 filas a ese ritmo: ${fullMinutes} min, presupuesto 10 min); memoria del servidor +${run.memoryGrowthMb} MB (máximo ${MEMORY_BUDGET_MB} MB); ` +
    `/api/health ${run.healthProbes} sondeos, p95 ${run.healthP95Ms} ms, máximo ${run.healthMaxMs} ms (presupuesto ${HEALTH_BUDGET_MS} ms); ` +
    `${run.listDuringCommit.name} p95 ${run.listAlone.p95} ms sola y ${run.listDuringCommit.p95} ms durante la importación (${run.listDuringCommit.requests} pedidos; presupuesto ${run.listDuringCommit.budgetMs} ms; la peor ventana de 100, ${run.listWorstWindow.p95} ms); ` +
    `bucle de eventos del bench detenido ${run.eventLoopMaxMs} ms a lo sumo`
  );
}
