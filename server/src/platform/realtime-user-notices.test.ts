import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { ALL_PERMISSIONS } from '@recaudo/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInCaracas } from '@recaudo/domain/dates';
import { REALTIME_EVENTS, realtimeMessages } from '@recaudo/domain/realtime';
import { closingFixture } from '../../test/closed-boxes-fixture';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness';
import { openSocket, settle, waitFor, type TestSocket } from '../../test/socket-client';
import { clients } from '../modules/clients/tables';
import { roles } from '../modules/roles/tables';
import { users } from '../modules/users/tables';

/**
 * NotificationsUser (spec 01 §1, spec 02 real-time): what concerns one user alone reaches that
 * user's private channel, and nobody else's: a payment they recorded approved or rejected by
 * someone else, a closing of theirs verified or rejected, their role changed.
 */
let ctx: TestContext;
let url: string;
let fixture: Awaited<ReturnType<typeof closingFixture>>;
let clientName: string;
let supervisor: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  fixture = await closingFixture(ctx.db);
  [{ name: clientName }] = (await ctx.db.select({ name: clients.name }).from(clients).where(eq(clients.id, fixture.clientId))) as [{ name: string }];
  supervisor = await ctx.staff({ permissions: ['payments', 'edit_payment', 'closed_boxs', 'add_closed_box', 'edit_closed_box'] });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx.close();
});

const listen = (user: TestUser) => openSocket(url, sockets, { token: user.token });
const cashier = () => ctx.staff({ permissions: ['payments', 'add_payment', 'closed_boxs'] });
const notices = (socket: TestSocket) => socket.received.filter((entry) => entry.event === REALTIME_EVENTS.user).map((entry) => entry.payload);

/** Waits for the user notices `socket` expects, then a moment for any that should not come. */
async function settled(...expecting: TestSocket[]) {
  await waitFor(() => expecting.every((socket) => notices(socket).length > 0));
  await settle();
}

const changeStatus = (id: number, status: 1 | 2, token = supervisor.token, notes: string | null = null) =>
  ctx.call('PUT', '/api/bill-payments/change-status', { token, body: { id, status, notes } });

describe('a payment someone else approves or rejects', () => {
  it('tells the staff user who recorded it, and nobody else', async () => {
    const recorder = await cashier();
    const bystander = await cashier();
    const paymentId = await fixture.payment({ amountPayment: '10.00', status: 0, createdBy: recorder.id });
    const [mine, theirs, actor] = await Promise.all([listen(recorder), listen(bystander), listen(supervisor)]);
    const answer = await changeStatus(paymentId, 1);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await settled(mine);
    expect(notices(mine)).toEqual([{ status: 'success', message: realtimeMessages.recordedPaymentApproved(clientName) }]);
    expect(notices(theirs)).toEqual([]);
    expect(notices(actor)).toEqual([]);
  });

  it('says a rejection with its reason, as an error', async () => {
    const recorder = await cashier();
    const paymentId = await fixture.payment({ amountPayment: '10.00', status: 0, createdBy: recorder.id });
    const mine = await listen(recorder);
    expect((await changeStatus(paymentId, 2, supervisor.token, 'Referencia inválida')).status).toBe(200);
    await settled(mine);
    expect(notices(mine)).toEqual([{ status: 'error', message: realtimeMessages.recordedPaymentRejected(clientName, 'Referencia inválida') }]);
  });

  it('says nothing to whoever approves a payment they recorded themselves', async () => {
    const paymentId = await fixture.payment({ amountPayment: '10.00', status: 0, createdBy: supervisor.id });
    const mine = await listen(supervisor);
    expect((await changeStatus(paymentId, 1)).status).toBe(200);
    await settle(300);
    expect(notices(mine)).toEqual([]);
  });

  it("leaves a client user's own payment to their client's channel", async () => {
    const owner = await ctx.clientUser();
    const paymentId = await fixture.payment({ amountPayment: '10.00', status: 0, createdBy: owner.id, clientId: owner.clientId! });
    const mine = await listen(owner);
    expect((await changeStatus(paymentId, 1)).status).toBe(200);
    await waitFor(() => mine.received.length > 0);
    await settle();
    expect(mine.received).toEqual([{ event: REALTIME_EVENTS.client, payload: { status: 'success', message: realtimeMessages.paymentApproved } }]);
  });

  it('a refused change tells nobody', async () => {
    const recorder = await cashier();
    const paymentId = await fixture.payment({ amountPayment: '10.00', status: 0, createdBy: recorder.id });
    const mine = await listen(recorder);
    const outsider = await ctx.staff({ permissions: ['payments'] });
    expect((await changeStatus(paymentId, 1, outsider.token)).status).toBe(403);
    // A rejection needs its reason: refused, the payment stays Procesando.
    expect((await changeStatus(paymentId, 2)).status).toBe(422);
    await settle(300);
    expect(notices(mine)).toEqual([]);
  });
});

describe('a closing someone else verifies or rejects', () => {
  /** A closing of `responsible` holding, in one point-of-sale group, the payments each of `recorders` recorded. */
  async function closingWith(responsible: TestUser, recorders: TestUser[]) {
    const lot = `L${Math.floor(Math.random() * 1e6)}`;
    const paymentIds = [];
    for (const recorder of recorders) paymentIds.push(await fixture.payment({ amountPayment: '10.00', status: 0, createdBy: recorder.id, lot }));
    const created = await ctx.call('POST', '/api/closed-boxs/store', {
      token: supervisor.token,
      body: { date: todayInCaracas(), user_id: responsible.id, serie: fixture.serieId, checkbook_number: '1', exchange_rate: '36.50', type: 0 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const attached = await ctx.call('POST', '/api/bill-payments/add-payment', { token: supervisor.token, body: { payment_id: paymentIds, closed_box_id: id } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    return { id, group: { payment_method_id: 2, terminal: 'T1', lot_number: lot } };
  }

  it('rejecting a group tells the responsible user of the closing and the other recorders of its payments', async () => {
    const responsible = await cashier();
    const recorder = await cashier();
    const bystander = await cashier();
    const closing = await closingWith(responsible, [responsible, recorder, recorder]);
    const [theirs, recorded, other, actor] = await Promise.all([listen(responsible), listen(recorder), listen(bystander), listen(supervisor)]);
    const answer = await ctx.call('POST', '/api/closed-boxs/change-status-payments', {
      token: supervisor.token,
      body: { id: closing.id, ...closing.group, status: 2, notes: 'Lote descuadrado' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await settled(theirs, recorded);
    expect(notices(theirs)).toEqual([{ status: 'error', message: realtimeMessages.closingRejected(closing.id, 'Lote descuadrado') }]);
    expect(notices(recorded)).toEqual([{ status: 'error', message: realtimeMessages.recordedPaymentsRejected(2, 'Lote descuadrado') }]);
    expect(notices(other)).toEqual([]);
    expect(notices(actor)).toEqual([]);
  });

  it('approving a group says the closing was verified', async () => {
    const responsible = await cashier();
    const closing = await closingWith(responsible, [responsible]);
    const theirs = await listen(responsible);
    const answer = await ctx.call('POST', '/api/closed-boxs/change-status-payments', {
      token: supervisor.token,
      body: { id: closing.id, ...closing.group, status: 1 },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await settled(theirs);
    expect(notices(theirs)).toEqual([{ status: 'success', message: realtimeMessages.closingVerified(closing.id) }]);
  });

  it('verifying groups tells the responsible user once; saving the same verification again says nothing', async () => {
    const responsible = await cashier();
    const closing = await closingWith(responsible, [responsible]);
    const theirs = await listen(responsible);
    const verify = () =>
      ctx.call('POST', '/api/closed-boxs/verify-payments', { token: supervisor.token, body: { id: closing.id, verify_payments: [closing.group] } });
    expect((await verify()).status).toBe(200);
    await settled(theirs);
    expect((await verify()).status).toBe(200);
    await settle(300);
    expect(notices(theirs)).toEqual([{ status: 'success', message: realtimeMessages.closingVerified(closing.id) }]);
  });

  it('says nothing to a responsible user who verifies their own closing', async () => {
    const closing = await closingWith(supervisor, [supervisor]);
    const mine = await listen(supervisor);
    expect(
      (await ctx.call('POST', '/api/closed-boxs/verify-payments', { token: supervisor.token, body: { id: closing.id, verify_payments: [closing.group] } }))
        .status,
    ).toBe(200);
    await settle(300);
    expect(notices(mine)).toEqual([]);
  });
});

describe('a role someone else changes', () => {
  const editUser = async (manager: TestUser, user: TestUser, role: number) => {
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    return ctx.call('PUT', '/api/users/update', {
      token: manager.token,
      body: { id: user.id, role, name: stored!.name, email: stored!.email, all_users: true, use_all_series: true },
    });
  };

  it('tells the user their new role before their sockets are cut, and nobody else', async () => {
    // Holds every permission: a user assigns only roles within her own (issue 46).
    const manager = await ctx.staff({ permissions: ALL_PERMISSIONS });
    const user = await cashier();
    const bystander = await cashier();
    const [{ name: role }] = (await ctx.db.select({ name: roles.name }).from(roles).where(eq(roles.id, 2))) as [{ name: string }];
    const [mine, other, actor] = await Promise.all([listen(user), listen(bystander), listen(manager)]);
    const answer = await editUser(manager, user, 2);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await waitFor(() => mine.disconnectReason() !== null, 5000, 'el socket no se cortó');
    expect(notices(mine)).toEqual([{ status: 'success', message: realtimeMessages.roleChanged(role) }]);
    await settle();
    expect(notices(other)).toEqual([]);
    expect(notices(actor)).toEqual([]);
  });

  it('an edit that keeps the role says nothing', async () => {
    // Holds every permission: a user assigns only roles within her own (issue 46).
    const manager = await ctx.staff({ permissions: ALL_PERMISSIONS });
    const user = await cashier();
    const mine = await listen(user);
    expect((await editUser(manager, user, user.roleId)).status).toBe(200);
    await settle(300);
    expect(notices(mine)).toEqual([]);
    expect(mine.disconnectReason()).toBeNull();
  });
});
