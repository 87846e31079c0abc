import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_MISSING, findChromium } from './chromium';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared bank simulator, for a test to add the pago móvil a client has just made. */
    bankSimulator: { url: string; trainerKey: string };
    /** The one Chromium every test file connects to (support/browser.ts useBrowser). */
    browserEndpoint: string;
  }
}

/** The credentials `npm run simulators` and the server share (README "Simuladores"). */
const SIMULATOR_SETTINGS = {
  INVOICE_PROVIDER_USER: 'recaudo',
  INVOICE_PROVIDER_PASSWORD: 'simulador',
  BANK_API_KEY: 'simulador-bdv',
  BANK_ACCOUNT: '01020000000000000000',
  BANK_PHONE: '04120000000',
};

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

/** Waits until `url` answers `status` (any answer when null). */
async function waitForAnswer(url: string, status: number | null, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + SERVER_START_SECONDS * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El proceso terminó al iniciar:\n${output()}`);
    try {
      const response = await fetch(url, { method: 'POST' });
      if (status === null || response.status === status) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} no respondió en ${SERVER_START_SECONDS} s:\n${output()}`);
}

/** A child process whose output is kept for the error that explains a failed start. */
function startProcess(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  let log = '';
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  return { child, output: () => log };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Starts the built server once for all browser tests, on an empty embedded database in a
 * temporary directory with the demo seed, as a new user's first `npm start` would, talking to
 * the printer and the bank of `npm run simulators` as an office that trains on them does.
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
  const [port, invoicePort, bankPort, bcvPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const bankUrl = `http://127.0.0.1:${bankPort}`;
  const simulators = startProcess(['--import', 'tsx', 'server/src/simulators.ts'], {
    ...SIMULATOR_SETTINGS,
    NODE_ENV: 'production',
    DATA_DIR: path.join(dataDir, 'simulators'),
    INVOICE_SIMULATOR_PORT: String(invoicePort),
    BANK_SIMULATOR_PORT: String(bankPort),
    // Its BCV page too (issue 47): the default 8083 may be another run's on this machine.
    BCV_SIMULATOR_PORT: String(bcvPort),
  });
  await waitForAnswer(`${bankUrl}/getMovement`, null, simulators.child, simulators.output);
  const server = startProcess(['server/dist/main.js'], {
    ...SIMULATOR_SETTINGS,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    DEMO_SEED: 'true',
    // The demo's owing clients would get their monthly reminder at the first start, adding
    // e-mails that other tests do not expect.
    REMINDER_CRON: 'off',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    INVOICE_PROVIDER_URL: `http://127.0.0.1:${invoicePort}/api`,
    BANK_API_URL: bankUrl,
    // The demo office is a special taxpayer: a dollar payment shows its IGTF (issue 49).
    IGTF_ENABLED: 'true',
  });
  await waitForAnswer(`${baseUrl}/api/auth/me`, 401, server.child, server.output);
  project.provide('baseUrl', baseUrl);
  // The trainer key `npm run simulators` made at its first start (README "Simulators").
  const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'simulators', 'simulators-secret.json'), 'utf8')) as { trainerKey: string };
  project.provide('bankSimulator', { url: bankUrl, trainerKey: secrets.trainerKey });

  // One Chromium for the whole run: each file opens its own contexts in it instead of starting a browser.
  const chromiumServer = await chromium.launchServer({
    executablePath: findChromium() ?? undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  project.provide('browserEndpoint', chromiumServer.wsEndpoint());

  return async () => {
    await chromiumServer.close();
    // The server's warnings and errors of the whole run, for whoever reads a failed CI run.
    console.info(`Registro del servidor de las pruebas de navegador (advertencias y errores):\n${server.output().split('\n').slice(-60).join('\n')}`);
    await stop(server.child);
    await stop(simulators.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
