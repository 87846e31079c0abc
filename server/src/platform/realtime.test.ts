import { currentMonth } from '@recaudo/domain/months';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInCaracas } from '@recaudo/domain/dates';
import { REALTIME_EVENTS, realtimeMessages } from '@recaudo/domain/realtime';
import { closingFixture } from '../../test/closed-boxes-fixture';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness';
import { openSocket, settle, waitFor } from '../../test/socket-client';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { addressesPayments } from '../modules/addresses-payment/tables';
import { setRates } from '../../test/rates';
import { communities, municipalities, parishes, states } from '../modules/regional/tables';
import { users } from '../modules/users/tables';

let ctx: TestContext;
let url: string;
let fixture: Awaited<ReturnType<typeof closingFixture>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fixture = await closingFixture(ctx.db);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx.close();
});

const client = (target: string, options: { token?: string; header?: boolean; watch?: string[] } = {}) => openSocket(target, sockets, options);

const closingBody = (user: TestUser) => ({
  date: todayInCaracas(),
  user_id: user.id,
  serie: fixture.serieId,
  checkbook_number: '1',
  exchange_rate: '1.00',
  type: 0,
});

describe('the real-time handshake', () => {
  it('refuses a missing, unknown or ended token', async () => {
    await expect(client(url)).rejects.toThrow('Fallo de autenticación');
    await expect(client(url, { token: 'no-existe' })).rejects.toThrow('Fallo de autenticación');
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    expect((await ctx.call('POST', '/api/auth/logout', { token: user.token })).status).toBe(200);
    await expect(client(url, { token: user.token })).rejects.toThrow('Fallo de autenticación');
  });

  it('accepts the token in auth.token or in an Authorization header', async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    expect((await client(url, { token: user.token })).socket.connected).toBe(true);
    expect((await client(url, { token: user.token, header: true })).socket.connected).toBe(true);
  });
});

describe('events reach only their rooms', () => {
  it('ReloadClosedBox goes to the responsible user and the watchers of the list', async () => {
    const responsible = await ctx.staff({ permissions: ['closed_boxs'] });
    const watcher = await ctx.staff({ permissions: ['closed_boxs', 'add_closed_box'] });
    const outsider = await ctx.staff({ permissions: ['clients'] });
    const mine = await client(url, { token: responsible.token });
    const watching = await client(url, { token: watcher.token, watch: ['closed-boxs'] });
    const notAllowed = await client(url, { token: outsider.token, watch: ['closed-boxs'] });
    const response = await ctx.call('POST', '/api/closed-boxs/store', { token: watcher.token, body: closingBody(responsible) });
    expect(response.status).toBe(200);
    await waitFor(() => mine.received.length > 0 && watching.received.length > 0);
    await settle();
    const reload = { event: REALTIME_EVENTS.reloadClosedBox, payload: { id: response.body.data.id } };
    expect(mine.received).toEqual([reload]);
    expect(watching.received).toEqual([reload]);
    expect(notAllowed.received).toEqual([]);
  });

  it("a client's payment decision reaches that client's users only", async () => {
    const staff = await ctx.staff({ permissions: ['payments', 'edit_payment', 'closed_boxs'] });
    const owner = await ctx.clientUser();
    const stranger = await ctx.clientUser();
    const paymentId = await fixture.payment({ amountPayment: '10.00', status: 0, clientId: owner.clientId! });
    const ownerSocket = await client(url, { token: owner.token });
    const strangerSocket = await client(url, { token: stranger.token });
    const staffSocket = await client(url, { token: staff.token });
    const response = await ctx.call('PUT', '/api/bill-payments/change-status', {
      token: staff.token,
      body: { id: paymentId, status: 2, notes: 'Referencia inválida' },
    });
    expect(response.status).toBe(200);
    await waitFor(() => ownerSocket.received.length > 0);
    await settle();
    expect(ownerSocket.received).toEqual([
      { event: REALTIME_EVENTS.client, payload: { status: 'error', message: realtimeMessages.paymentRejected('Referencia inválida') } },
    ]);
    expect(strangerSocket.received).toEqual([]);
    expect(staffSocket.received).toEqual([]);
  });

  it('a payment a client reports reaches staff who may read payments, never other staff or other clients', async () => {
    const reporter = await ctx.clientUser();
    const other = await ctx.clientUser();
    const staff = await ctx.staff({ permissions: ['payments'] });
    const outsider = await ctx.staff({ permissions: ['clients', 'closed_boxs'] });
    const [state] = await ctx.db.insert(states).values({ name: 'Zulia' }).returning();
    const [municipality] = await ctx.db.insert(municipalities).values({ name: 'Maracaibo', stateId: state!.id }).returning();
    const [parish] = await ctx.db.insert(parishes).values({ name: 'Olegario', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
    const [community] = await ctx.db.insert(communities).values({ name: 'La Lago', parishId: parish!.id, fee: '2.00', dateStart: '2020-01-01' }).returning();
    const [address] = await ctx.db
      .insert(addressesPayments)
      .values({
        clientId: reporter.clientId!,
        type: 0,
        address: 'Calle 1',
        stateId: state!.id,
        municipalityId: municipality!.id,
        parishId: parish!.id,
        communityId: community!.id,
        // Served from this month: her "Mes actual" report leaves no older month owed (issue 51).
        dateStart: `${currentMonth()}-01`,
      })
      .returning();
    // A client user's report takes the configured rate, which must be above zero.
    await setRates(ctx.db, { usd: '36.50' });
    const staffSocket = await client(url, { token: staff.token });
    const outsiderSocket = await client(url, { token: outsider.token });
    const otherSocket = await client(url, { token: other.token });
    const reporterSocket = await client(url, { token: reporter.token });
    const response = await ctx.call('POST', '/api/payments/store', {
      token: reporter.token,
      body: {
        client_id: reporter.clientId,
        address_payment_id: address!.id,
        payment_method_id: 4,
        date_payment: todayInCaracas(),
        exchange_rate: '36.50',
        exchange_rate_id: 1,
        amount_payment: '73.00',
        type_payment_month: 0,
        send_invoice: false,
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    await waitFor(() => staffSocket.received.length > 0);
    await settle();
    const [user] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, reporter.id));
    expect(staffSocket.received).toEqual([
      { event: REALTIME_EVENTS.admin, payload: { status: 'success', message: realtimeMessages.paymentReported(user!.name) } },
    ]);
    expect(outsiderSocket.received).toEqual([]);
    expect(otherSocket.received).toEqual([]);
    expect(reporterSocket.received).toEqual([]);
  });

  it('a change to a client reloads the open Clientes lists', async () => {
    const staff = await ctx.staff({ permissions: ['clients', 'edit_client'] });
    const watching = await client(url, { token: staff.token, watch: ['clients'] });
    const idle = await client(url, { token: staff.token });
    const target = await ctx.clientUser();
    const response = await ctx.call('PUT', '/api/clients/change-status', { token: staff.token, body: { id: target.clientId, active: false } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    await waitFor(() => watching.received.length > 0);
    await settle();
    expect(watching.received.map((entry) => entry.event)).toEqual([REALTIME_EVENTS.reloadClients]);
    expect(idle.received).toEqual([]);
  });
});

describe.runIf(process.env.DATABASE_URL)('several server processes on PostgreSQL', () => {
  let peer: ChildProcess;
  let sender: FastifyInstance;
  let peerUrl: string;

  beforeAll(async () => {
    const rows = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const target = new URL(process.env.DATABASE_URL!);
    target.pathname = `/${rows.rows[0]!.name}`;
    const databaseUrl = target.toString();
    // This process: a second app on the same database, with the PostgreSQL adapter.
    sender = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'false', NODE_ENV: 'test', DATABASE_URL: databaseUrl }), ctx.db, { serveWeb: false });
    await sender.ready();
    // Another process: the peer server.
    const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/realtime-peer.ts');
    peer = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<number>((resolve, reject) => {
      peer.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port as number));
      peer.once('exit', (code) => reject(new Error(`el proceso terminó (${code})`)));
    });
    peerUrl = `http://127.0.0.1:${port}`;
  }, 60_000);
  afterAll(async () => {
    peer?.kill('SIGTERM');
    await sender?.close();
  });

  it('an event emitted in one process reaches a socket connected to another', async () => {
    const responsible = await ctx.staff({ permissions: ['closed_boxs', 'add_closed_box'] });
    const remote = await client(peerUrl, { token: responsible.token, watch: ['closed-boxs'] });
    const sent: number[] = [];
    // The peer's adapter LISTENs once its pool connects: send until the first event crosses.
    const started = Date.now();
    while (!remote.received.length && Date.now() - started < 15_000) {
      const response = await sender.inject({
        method: 'POST',
        url: '/api/closed-boxs/store',
        headers: { authorization: `Bearer ${responsible.token}` },
        payload: closingBody(responsible),
      });
      expect(response.statusCode).toBe(200);
      sent.push(response.json().data.id as number);
      await settle(300);
    }
    expect(remote.received.length).toBeGreaterThan(0);
    for (const entry of remote.received) {
      expect(entry.event).toBe(REALTIME_EVENTS.reloadClosedBox);
      expect(sent).toContain((entry.payload as { id: number }).id);
    }
  }, 40_000);

  it('a logout in one process cuts the socket of that session connected to another', async () => {
    const user = await ctx.staff({ permissions: ['closed_boxs'] });
    const remote = await client(peerUrl, { token: user.token });
    // The peer's adapter LISTENs once its pool connects; the earlier test waited for it.
    const response = await sender.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${user.token}` } });
    expect(response.statusCode).toBe(200);
    await waitFor(() => remote.disconnectReason() !== null, 5000, 'el socket no se cortó');
    expect(remote.disconnectReason()).toBe('io server disconnect');
  }, 20_000);
});
