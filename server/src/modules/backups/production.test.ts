import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { backupMessages } from '@recaudo/domain/backups';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { LOCK_FILE } from '../../db/lock';
import { seedBase } from '../../db/seed/base';
import { DEMO_USERS } from '../../db/seed/demo';
import { correlatives } from '../correlatives/tables';
import { payments } from '../payments/tables';
import { auditLogs } from '../logs/tables';
import { users } from '../users/tables';
import { paymentBody, seedPaymentPlace } from '../../../test/backups-fixture';
import { createDatabase, dropDatabase } from '../../../test/databases';
import { startServer, type ServerProcess } from '../../../test/server-process';
import { backupRuns } from './tables';

const POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-production-'));
const started: ServerProcess[] = [];
afterAll(() => {
  for (const server of started) server.child.kill('SIGKILL');
  fs.rmSync(scratch, { recursive: true, force: true });
});
const start = async (env: Record<string, string>) => {
  const server = await startServer(env);
  started.push(server);
  return server;
};
const stop = async (server: ServerProcess) => {
  server.child.kill('SIGTERM');
  return server.exited;
};

describe('restart after a crash (PGlite DATA_DIR lock)', () => {
  it('after kill -9 during 4 concurrent writers the server restarts at once; every answered payment is there and the series has no gap', async () => {
    const dataDir = path.join(scratch, 'crash');
    fs.mkdirSync(dataDir, { recursive: true });
    const seed = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await seedBase(seed.db);
    const place = await seedPaymentPlace(seed.db, 600);
    await seed.close();

    const first = await start({ DATA_DIR: dataDir });
    // A second live process on the same DATA_DIR is still refused.
    await expect(startServer({ DATA_DIR: dataDir })).rejects.toThrow(/Otro proceso de Recaudo ya usa/);

    const answered: { id: number; number: string }[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed && next < place.addressIds.length) {
        const addressId = place.addressIds[next++]!;
        try {
          const response = await fetch(`${first.url}/api/payments/store`, {
            method: 'POST',
            headers: { authorization: `Bearer ${place.token}`, 'content-type': 'application/json' },
            body: JSON.stringify(paymentBody(place, addressId)),
          });
          if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
          const body = (await response.json()) as { data: { id: number; number_correlative: string } };
          answered.push({ id: body.data.id, number: body.data.number_correlative });
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (answered.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    killed = true;
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(writers);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

    const second = await start({ DATA_DIR: dataDir });
    const health = await fetch(`${second.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await stop(second)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const check = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      const stored = await check.db.select().from(payments).where(eq(payments.serieId, place.serieId));
      const byId = new Map(stored.map((row) => [row.id, row]));
      for (const payment of answered) expect(byId.get(payment.id)?.numberCorrelative).toBe(payment.number);
      const numbers = stored.map((row) => Number(row.numberCorrelative)).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
      const [serie] = await check.db.select().from(correlatives).where(eq(correlatives.id, place.serieId));
      expect(Number(serie!.number)).toBe(numbers.length);
    } finally {
      await check.close();
    }
  }, 180_000);
});

describe('graceful shutdown', () => {
  it('on SIGTERM a request in flight is answered, new connections are refused, and the process exits 0', async () => {
    const server = await start({ DATA_DIR: path.join(scratch, 'graceful') });
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const body = JSON.stringify({ email: 'nadie@recaudo.test', password: 'no-es-la-clave' });
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    socket.write(body.slice(10));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(answer).toContain('"success":false');
    expect(await server.exited).toBe(0);
  }, 120_000);
});

describe('several processes on PostgreSQL', () => {
  it('start together (migrations and seeds once) and make exactly one backup per schedule tick', async () => {
    // Unmigrated: the two processes migrate it together.
    const { name, url } = await createDatabase(POSTGRES, 'recaudo_test');
    const dataDir = path.join(scratch, 'shared');
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, DEMO_SEED: 'true', BACKUP_CRON: '*/3 * * * * *', BACKUP_KEEP: '0' };
    try {
      const [one, two] = await Promise.all([start(env), start(env)]);
      const database = await openDatabase({ url, dataDir: null });
      try {
        let runs: (typeof backupRuns.$inferSelect)[] = [];
        for (let wait = 0; wait < 200 && runs.filter((run) => run.status === 'done').length < 3; wait++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          runs = await database.db.select().from(backupRuns).orderBy(backupRuns.tickAt);
        }
        expect(await stop(one!)).toBe(0);
        expect(await stop(two!)).toBe(0);
        runs = await database.db.select().from(backupRuns).orderBy(backupRuns.tickAt);
        expect(runs.length).toBeGreaterThanOrEqual(3);
        expect(new Set(runs.map((run) => run.tickAt)).size).toBe(runs.length);
        expect(runs.every((run) => run.status === 'done')).toBe(true);
        const files = fs.readdirSync(path.join(dataDir, 'backups')).filter((file) => file.endsWith('.jsonl.gz')).sort();
        expect(files).toEqual(runs.map((run) => run.name).sort());
        // Both processes seeded under the start-up lock: the demo users exist once.
        expect((await database.db.select().from(users)).filter((user) => DEMO_USERS.some((demo) => demo.email === user.email))).toHaveLength(DEMO_USERS.length);
        expect(one!.output() + two!.output()).not.toMatch(/scheduled backup failed/);
      } finally {
        await database.close();
      }
    } finally {
      await dropDatabase(POSTGRES, name);
    }
  }, 180_000);
});

describe('a backup cut by kill -9 (PostgreSQL, several processes)', () => {
  it('is failed at the next start and its temporary folder removed, while a process started during it leaves it running', async () => {
    const { name, url } = await createDatabase(POSTGRES, 'recaudo_test');
    const tempDir = path.join(scratch, 'killed-tmp');
    fs.mkdirSync(tempDir, { recursive: true });
    const env = { DATABASE_URL: url, DATA_DIR: path.join(scratch, 'killed'), TMPDIR: tempDir };
    const locker = new pg.Client({ connectionString: url });
    try {
      const first = await start(env);
      const database = await openDatabase({ url, dataDir: null });
      await locker.connect();
      try {
        const place = await seedPaymentPlace(database.db, 3);
        // The backup reads the tables one after another; this one held, it stops there, mid-way.
        await locker.query('begin');
        await locker.query('lock table tickets_delivered in access exclusive mode');
        let answered: string | null = null;
        const answer = fetch(`${first.url}/api/backups`, { method: 'POST', headers: { authorization: `Bearer ${place.token}` } })
          .then(async (response) => ((answered = `${response.status} ${await response.text()}`), response))
          .catch((error: unknown) => error);
        const waiting = async () =>
          (await locker.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [name])).rows[0]!.n;
        // Until the backup waits on the held table (or answers, which would be the failure to show);
        // a loaded machine takes its time to get there, so the bound is only against a hang.
        for (const deadline = Date.now() + 90_000; answered === null && (await waiting()) === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(answered).toBeNull();
        expect(await waiting()).toBe(1);
        const [run] = await database.db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1);
        expect(run).toMatchObject({ kind: 'manual', status: 'running' });
        expect(fs.readdirSync(tempDir).filter((entry) => entry.startsWith(`recaudo-backup-${run!.id}-`))).toHaveLength(1);

        // Another process starting now sees the run alive (its lock held) and leaves it alone.
        const second = await start(env);
        expect((await database.db.select().from(backupRuns).where(eq(backupRuns.id, run!.id)))[0]!.status).toBe('running');

        first.child.kill('SIGKILL');
        await first.exited;
        expect(await answer).toBeInstanceOf(Error);
        await locker.query('rollback');
        // Its sessions are gone once PostgreSQL has read their closed connections.
        const runLocks = async () => (await locker.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and objsubid = 2 and objid = $1`, [run!.id])).rows[0]!.n;
        for (let wait = 0; wait < 100 && (await runLocks()) > 0; wait++) await new Promise((resolve) => setTimeout(resolve, 50));

        const third = await start(env);
        const [failed] = await database.db.select().from(backupRuns).where(eq(backupRuns.id, run!.id));
        expect(failed).toMatchObject({ status: 'failed', error: backupMessages.interrupted, name: null });
        expect(failed!.finishedAt).not.toBeNull();
        expect(fs.readdirSync(tempDir).filter((entry) => entry.startsWith('recaudo-backup-'))).toEqual([]);
        const [entry] = await database.db.select().from(auditLogs).where(eq(auditLogs.description, 'failed')).orderBy(desc(auditLogs.id)).limit(1);
        expect(entry).toMatchObject({ logName: 'backups', errorMessage: backupMessages.interrupted, properties: { attributes: { run: run!.id, scheduled: false } } });
        // The server works on: the next backup is made.
        const next = await fetch(`${third.url}/api/backups`, { method: 'POST', headers: { authorization: `Bearer ${place.token}` } });
        expect(next.status).toBe(200);
        expect(await stop(second)).toBe(0);
        expect(await stop(third)).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      await locker.end().catch(() => undefined);
      await dropDatabase(POSTGRES, name);
    }
  }, 180_000);
});
