import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { captureStatements, type Waves } from './capture';
import { processUsage, startServer } from './server-process';

/**
 * `npm run bench:load`: the API under an office's load. The built server (dist/main.js) runs as
 * its own process on DATABASE_URL (server-process.ts); autocannon drives each list at 10 connections; beside it a
 * bare Fastify + `pg` process (bare-server.ts) replays the exact statements the app ran for the
 * same request (recorded here once, through the app built in this process). Both are printed with
 * their ratio, what the framework around the query costs, and each process's CPU per request
 * (from /proc), which varies less between runs than throughput. LOAD_SECONDS sets each run (default 10),
 * LOAD_WARMUP each warm-up before it (default 15), LOAD_ONLY=<text> runs the lists whose name
 * contains it, and LOAD_CPU_PROF=<dir> has the server and the bare handler write a CPU profile
 * (node --cpu-prof) of the whole run there when they stop.
 *
 * An office's server has run for hours: what is measured is its steady state, after V8 compiled
 * the hot code. On a fresh server the addresses page after a 2 s warm-up: V8's background threads
 * (TurboFan still compiling, by perf) 123 µs a request, the main thread 954, 592 req/s; after 20 s:
 * 24, 875 and 657 req/s. The bare handler, with far less code, moved from 37 to 20 µs.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 10;

interface LoadScenario {
  name: string;
  path: string;
}

const SCENARIOS: LoadScenario[] = [
  { name: 'payments', path: '/api/bill-payments?page=1&per_page=10' },
  // A surname of the scale set (scale-words.ts) held by about one client in forty.
  { name: 'payments-search', path: '/api/bill-payments?page=1&per_page=10&search=quintero' },
  { name: 'clients', path: '/api/clients?page=1&per_page=10' },
  { name: 'clients-search', path: '/api/clients?page=1&per_page=10&search=quintero' },
  { name: 'addresses', path: '/api/addresses-payment?type=0&page=1&per_page=10' },
];

/** Starts a process and resolves with the first line it prints that `ready` accepts. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, ready: (line: string) => string | null): Promise<{ child: ChildProcess; value: string }> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const value = ready(line);
      if (value) resolve({ child, value });
    });
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} ended (${code}) before it was ready`)));
  });
}

interface Run {
  requestsPerSecond: number;
  /** The serving process's CPU (from /proc) per answered request: steadier than throughput. */
  cpuMsPerRequest: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;

/** autocannon at 10 connections after a warm-up; p95 from every response's time. */
async function drive(url: string, headers: Record<string, string>, seconds: number, pid: number): Promise<Run> {
  await autocannon({ url, connections: CONNECTIONS, duration: Number(process.env.LOAD_WARMUP ?? 15), headers });
  const cpuBefore = processUsage(pid).cpuSeconds;
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, done) => (error ? reject(error as Error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  const cpuSeconds = processUsage(pid).cpuSeconds - cpuBefore;
  times.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(result.requests.total / seconds),
    cpuMsPerRequest: Number(((cpuSeconds * 1000) / Math.max(1, result.requests.total)).toFixed(3)),
    p50: Number(percentile(times, 0.5).toFixed(1)),
    p95: Number(percentile(times, 0.95).toFixed(1)),
    p99: Number(percentile(times, 0.99).toFixed(1)),
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench:load mide PostgreSQL: defina DATABASE_URL (la base de escala de npm run seed:scale).');
  const seconds = Number(process.env.LOAD_SECONDS ?? 10);
  const profile = process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.LOAD_CPU_PROF)}`] : [];
  const server = await startServer(profile);
  const scenarios = SCENARIOS.filter((scenario) => !process.env.LOAD_ONLY || scenario.name.includes(process.env.LOAD_ONLY));
  const children: ChildProcess[] = [server.child];
  const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
  process.on('exit', stopAll);
  try {
    const { base, token } = server;
    const headers = { authorization: `Bearer ${token}` };

    // The statements of each request, recorded through the same app built here.
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO_SEED: 'false' });
    const database = await openDatabase({ url, dataDir: null });
    const recorder = await buildApp(config, database.db, { serveWeb: false });
    const recorded: Record<string, Waves> = {};
    for (const scenario of scenarios) {
      await recorder.inject({ method: 'GET', url: scenario.path, headers });
      recorded[scenario.name] = await captureStatements(async () => {
        const answer = await recorder.inject({ method: 'GET', url: scenario.path, headers });
        if (answer.statusCode !== 200) throw new Error(`${scenario.path}: HTTP ${answer.statusCode}`);
        // An empty page would measure the path that finds nothing (the searches once did).
        if (!(answer.json() as { data: { data: unknown[] } }).data.data.length) throw new Error(`${scenario.path}: the page has no rows`);
      });
    }
    await recorder.close();
    await database.close();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-load-')), 'scenarios.json');
    fs.writeFileSync(file, JSON.stringify(recorded));
    const bare = await start(process.execPath, [...profile, '--import', 'tsx', path.join(here, 'bare-server.ts'), file], process.env, (line) => (line.startsWith('http') ? line : null));
    children.push(bare.child);

    const rows = [];
    for (const scenario of scenarios) {
      const app = await drive(`${base}${scenario.path}`, headers, seconds, server.child.pid!);
      const replay = await drive(`${bare.value}/bare/${scenario.name}`, {}, seconds, bare.child.pid!);
      const statements = recorded[scenario.name]!.flat().length;
      rows.push({
        list: scenario.path.replace('/api/', ''),
        statements,
        'app req/s': app.requestsPerSecond,
        'app p50': app.p50,
        'app p95': app.p95,
        'app p99': app.p99,
        'app cpu ms': app.cpuMsPerRequest,
        'bare req/s': replay.requestsPerSecond,
        'bare p95': replay.p95,
        'bare cpu ms': replay.cpuMsPerRequest,
        ratio: Number((app.requestsPerSecond / Math.max(1, replay.requestsPerSecond)).toFixed(2)),
        errors: app.errors + replay.errors,
      });
    }
    console.log(`\nRecaudo bench:load, ${CONNECTIONS} connections, ${seconds} s per run (app = dist/main.js, bare = Fastify + pg replaying the app's statements)\n`);
    console.table(rows);
    if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
  } finally {
    stopAll();
    // The profile is written as the server exits.
    await server.exited;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
