import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seedBase } from '../db/seed/base';
import { accessTokens } from '../modules/auth/tables';
import { users } from '../modules/users/tables';
import { openSocket, waitFor } from '../../test/socket-client';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../test/throwaway-postgres';
import { hashPassword, newSecret, sha256 } from './crypto';

let postgres: ThrowawayPostgres;
let database: DatabaseHandle;
let adminId = 0;
const peers: ChildProcess[] = [];
const sockets: Socket[] = [];
const urls: string[] = [];

/** A server process (test/realtime-peer.ts) on the throwaway cluster; answers its address. */
async function startPeer(databaseUrl: string): Promise<string> {
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/realtime-peer.ts');
  const peer = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  peers.push(peer);
  const port = await new Promise<number>((resolve, reject) => {
    peer.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port as number));
    peer.once('exit', (code) => reject(new Error(`el proceso terminó (${code})`)));
  });
  return `http://127.0.0.1:${port}`;
}

/** Sessions made before the faults: this test's own connections die with the database too. */
const tokens: string[] = [];
const session = () => tokens.shift()!;

const healthOf = async (url: string) => {
  const answer = await fetch(`${url}/api/health`).catch(() => null);
  return answer ? { status: answer.status, realtime: ((await answer.json()) as { data: { realtime: string } }).data.realtime } : null;
};

/**
 * A logout in `from` cuts, through PostgreSQL, the socket of that session open on `to`. An event
 * sent while a process is still re-establishing its LISTEN is not kept (NOTIFY's nature): the test
 * sends a new one every 700 ms, as the application keeps emitting, until one crosses.
 */
async function crossesWithin(from: string, to: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const token = session();
    const remote = await openSocket(to, sockets, { token }).catch(() => null);
    // Right after the restart a request may meet a connection the database just closed: 503, and
    // the next one goes through, as a browser's retry would.
    const logout = await fetch(`${from}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect([200, 401, 503]).toContain(logout.status);
    if (!remote || logout.status !== 200) continue;
    await waitFor(() => remote.disconnectReason() !== null, Math.min(700, Math.max(0, deadline - Date.now()))).catch(() => undefined);
    if (remote.disconnectReason() === 'io server disconnect') return;
  }
  throw new Error(`los eventos de ${from} no llegaron a ${to} en ${timeoutMs} ms`);
}

beforeAll(async () => {
  postgres = await startThrowawayPostgres();
  database = await openDatabase({ url: postgres.url, dataDir: null });
  await seedBase(database.db);
  const [admin] = await database.db
    .insert(users)
    .values({ name: 'Administrador Eventos', email: 'eventos@recaudo.test', passwordHash: await hashPassword('Clave-de-prueba-1'), roleId: ADMIN_ROLE_ID })
    .returning();
  adminId = admin!.id;
  for (let index = 0; index < 80; index++) {
    const token = newSecret();
    await database.db.insert(accessTokens).values({ userId: adminId, tokenHash: sha256(token), ip: '127.0.0.1', userAgent: 'vitest' });
    tokens.push(token);
  }
  urls.push(await startPeer(postgres.url), await startPeer(postgres.url));
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const peer of peers) peer.kill('SIGKILL');
  await database?.close();
  postgres?.stop();
});

describe('live events across two processes survive PostgreSQL restarts (throwaway cluster)', () => {
  it('events cross both ways before, and within 5 s after a fast restart and after a SIGKILL; health says realtime ok again', async () => {
    const [first, second] = urls as [string, string];
    // Both adapters LISTEN once their pools connect.
    for (const url of urls) {
      const deadline = Date.now() + 30_000;
      while ((await healthOf(url))?.realtime !== 'ok' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await crossesWithin(first, second, 5000);
    await crossesWithin(second, first, 5000);

    for (const fault of [() => postgres.restartFast(), () => postgres.killAndStart(500)]) {
      await fault();
      // The database is back; each process's events must cross within 5 s of it.
      const back = Date.now();
      await crossesWithin(first, second, 5000 - (Date.now() - back));
      await crossesWithin(second, first, 5000 - (Date.now() - back));
      for (const url of urls) expect(await healthOf(url)).toEqual({ status: 200, realtime: 'ok' });
    }
    for (const peer of peers) expect(peer.exitCode).toBeNull();
  }, 120_000);
});
