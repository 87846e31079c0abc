import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { DEMO_PASSWORD } from '../src/db/seed/demo';

/**
 * The built server (dist/main.js) as its own process on DATABASE_URL, as an office runs it: the
 * load of `npm run bench:load` and the exports of `npm run bench` are measured against it, so a
 * figure counts the server alone (its CPU, its memory), not the reader beside it.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** An administrator's bearer token. */
  token: string;
  exited: Promise<unknown>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = Fastify();
    void probe.listen({ port: 0, host: '127.0.0.1' }).then(async () => {
      const { port } = probe.server.address() as { port: number };
      await probe.close();
      resolve(port);
    });
  });
}

/** The node flags of `npm start` (server/package.json), so the bench runs the server as it is run. */
function startFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(here, '../package.json'), 'utf8')) as { scripts: { start: string } };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** Starts dist/main.js with `npm start`'s flags (and any extra ones) and logs in as the demo administrator. */
export async function startServer(nodeFlags: string[] = []): Promise<ServerProcess> {
  if (!process.env.DATABASE_URL) throw new Error('El servidor aparte mide PostgreSQL: defina DATABASE_URL.');
  const entry = path.resolve(here, '../dist/main.js');
  if (!fs.existsSync(entry)) throw new Error('Falta server/dist/main.js: npm run build --workspace server');
  const port = await freePort();
  // Reminders off: started after the 5th, a server catches up on the month's reminders at once,
  // and that run (measured on its own, bench/reminders.ts) landed in the lists' figures.
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SEED: 'true', OUTBOX_POLL_SECONDS: '60', REMINDER_CRON: 'off', NODE_ENV: 'production' };
  // BENCH_SERVER_FLAGS: node flags for the measured server, such as `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes.
  const extra = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...startFlags(), ...nodeFlags, ...extra, entry], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 120 || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error('El servidor no respondió en 60 s');
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@recaudo.test', password: DEMO_PASSWORD }),
    }).catch(() => null);
    if (login?.ok) return { child, base, token: ((await login.json()) as { data: { access_token: string } }).data.access_token, exited };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Resident memory (bytes) and CPU seconds so far of a process, from /proc (Linux). */
export function processUsage(pid: number): { rss: number; cpuSeconds: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // utime and stime are the 14th and 15th fields, after the command name in parentheses.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rss: rssKb * 1024, cpuSeconds: ticks / 100 };
}
