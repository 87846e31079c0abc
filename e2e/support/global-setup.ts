import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_MISSING, findChromium } from './chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Migrating and seeding an empty database took 71 s on the shared 2-core machine under load (issue 35). */
const SERVER_START_SECONDS = 180;

async function waitForServer(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + SERVER_START_SECONDS * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al iniciar:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/auth/me`, { method: 'POST' });
      if (response.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`El servidor no respondió en ${SERVER_START_SECONDS} s:\n${output()}`);
}

/**
 * Starts the built server once for all browser tests, on an empty embedded database in a
 * temporary directory with the demo seed, as a new user's first `npm start` would.
 */
export default async function setup(project: TestProject) {
  if (!findChromium()) {
    if (process.env.CI) throw new Error(`${CHROMIUM_MISSING} En CI son obligatorias.`);
    console.warn(CHROMIUM_MISSING);
    return;
  }
  const built = fs.existsSync(path.join(root, 'server/dist/main.js')) && fs.existsSync(path.join(root, 'web/dist/index.html'));
  // vitest sets NODE_ENV=test, which would give the bundle React's and antd's test behaviour.
  if (!built) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: baseUrl, DEMO_SEED: 'true', REMINDER_CRON: 'off', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  await waitForServer(baseUrl, child, () => log);
  project.provide('baseUrl', baseUrl);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
