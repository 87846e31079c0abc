import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { CLOSED_BOX_TEMPLATE, closedBoxMessages, type ClosedBoxRow } from '@recaudo/domain/closed-boxes';
import { todayInCaracas } from '@recaudo/domain/dates';
import type { Permission } from '@recaudo/domain/permissions';
import { closingFixture, importUpload } from '../../../test/closed-boxes-fixture';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { auditLogs } from '../logs/tables';
import { payments } from '../payments/tables';
import { escapeCell } from '../../platform/export';
import { closedBoxExportColumns } from './presenter';
import { closedBoxes } from './tables';

let ctx: TestContext;
let admin: TestUser;
let fixture: Awaited<ReturnType<typeof closingFixture>>;
const TODAY = todayInCaracas();
const ALL: Permission[] = [
  'closed_boxs',
  'add_closed_box',
  'edit_closed_box',
  'delete_closed_box',
  'export_closed_boxs',
  'payments',
  'delete_payment',
  'edit_payment',
];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ALL });
  fixture = await closingFixture(ctx.db);
});
afterAll(() => ctx.close());

const closingBody = (overrides: Record<string, unknown> = {}) => ({
  date: TODAY,
  user_id: admin.id,
  serie: fixture.serieId,
  checkbook_number: '0001',
  exchange_rate: '36.50',
  type: 0,
  ...overrides,
});

async function newClosing(token = admin.token, overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await ctx.call('POST', '/api/closed-boxs/store', { token, body: closingBody(overrides) });
  expect(response.status).toBe(200);
  return response.body.data.id as number;
}

const attach = (closedBoxId: number, paymentId: number, token = admin.token) =>
  ctx.call('POST', '/api/bill-payments/add-payment', { token, body: { payment_id: paymentId, closed_box_id: closedBoxId } });

const show = async (id: number, token = admin.token) => (await ctx.call('GET', '/api/closed-boxs/show', { token, query: { id } })).body.data;

describe('POST /api/closed-boxs/store', () => {
  it('creates a closing and answers the spec message', async () => {
    const response = await ctx.call('POST', '/api/closed-boxs/store', { token: admin.token, body: closingBody({ lot_number: '77', reference: 'R-1' }) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: closedBoxMessages.created });
    const row = await show(response.body.data.id);
    expect(row).toMatchObject({
      date: TODAY,
      user: { id: admin.id },
      type: 0,
      serie_id: fixture.serieId,
      checkbook_number: '0001',
      exchange_rate: '36.50',
      lot_number: '77',
      status: true,
      version: 1,
      count_bill: 0,
      total: '0.00',
    });
  });

  it('refuses missing and bad fields with Spanish messages', async () => {
    const tomorrow = new Date(Date.parse(`${TODAY}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: '' }, 'date', 'El campo Fecha es obligatorio.'],
      [{ date: tomorrow }, 'date', 'El campo Fecha debe ser una fecha anterior o igual a hoy.'],
      [{ checkbook_number: '' }, 'checkbook_number', 'El campo Número de chequera es obligatorio.'],
      [{ serie: undefined }, 'serie', 'El campo Serie es obligatorio.'],
      [{ exchange_rate: '36.555' }, 'exchange_rate', 'El campo Tasa de cambio debe tener como máximo 2 decimales.'],
      [{ exchange_rate: '-1' }, 'exchange_rate', 'El campo Tasa de cambio debe ser al menos 0.'],
      [{ exchange_rate: '' }, 'exchange_rate', 'El campo Tasa de cambio es obligatorio.'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await ctx.call('POST', '/api/closed-boxs/store', { token: admin.token, body: closingBody(overrides) });
      expect(response.status, field).toBe(422);
      expect(response.body.errors[field]).toContain(message);
    }
    const missingSerie = await ctx.call('POST', '/api/closed-boxs/store', { token: admin.token, body: closingBody({ serie: 999_999 }) });
    expect(missingSerie.body).toMatchObject({ success: false, message: closedBoxMessages.serieMissing });
  });
});

describe('totals and groups', () => {
  it('adds the attached payments to the cent, per group and over the filtered list', async () => {
    const closing = await newClosing();
    const other = await newClosing(admin.token, { type: 1 });
    const ids = [
      await fixture.payment({
        method: 2,
        terminal: 'T1',
        lot: 'L1',
        amountPayment: '100.10',
        amountBill: '110.11',
        dollarPayment: '2.74',
        dollarBill: '3.02',
        taxBase: '2.50',
        rate: '36.50',
      }),
      await fixture.payment({
        method: 2,
        terminal: 'T1',
        lot: 'L1',
        amountPayment: '0.05',
        amountBill: '0.07',
        dollarPayment: '0.01',
        dollarBill: '0.01',
        taxBase: '0.01',
        rate: '36.50',
      }),
      await fixture.payment({
        method: 2,
        terminal: 'T2',
        lot: 'L9',
        amountPayment: '1234.56',
        amountBill: '1300.00',
        dollarPayment: '33.82',
        dollarBill: '35.62',
        taxBase: '30.71',
        rate: '36.50',
      }),
      await fixture.payment({
        method: 1,
        terminal: null,
        lot: null,
        reference: '555',
        amountPayment: '999.99',
        amountBill: '999.99',
        dollarPayment: '27.40',
        dollarBill: '27.40',
        taxBase: '23.62',
      }),
      await fixture.payment({ method: 4, terminal: null, lot: null, amountPayment: '0.01', amountBill: '0.02', dollarPayment: '0.00', dollarBill: '0.00' }),
    ];
    for (const id of ids) expect((await attach(closing, id)).status).toBe(200);
    const typeOne = await fixture.payment({
      method: 2,
      terminal: 'T3',
      lot: 'L3',
      amountPayment: '50.00',
      amountBill: '58.00',
      dollarPayment: '1.37',
      dollarBill: '1.59',
      taxBase: '1.37',
      rate: '36.50',
    });
    expect((await attach(other, typeOne)).status).toBe(200);

    const row = await show(closing);
    // Hand sums: 100.10 + 0.05 + 1234.56 + 999.99 + 0.01 = 2334.71; bills 110.11 + 0.07 + 1300.00 + 999.99 + 0.02 = 2410.19.
    expect(row).toMatchObject({
      count_bill: 5,
      total: '2334.71',
      total_bill: '2410.19',
      dollar_amount_payment: '63.97',
      dollar_amount_bill: '66.05',
      transfer: '999.99',
      point_of_sale: '1334.71',
    });
    // Commission (type 0): 10 % per point-of-sale group, rounded per group: 10.02 (100.15) + 123.46 (1234.56) = 133.48.
    expect(row.commission).toBe('133.48');
    const groups = row.payments.map((group: Record<string, unknown>) => [
      group.name,
      group.terminal,
      group.lot_number,
      group.count_payments,
      group.amount_payment,
      group.amount_bill,
      group.tax_base_bs,
      group.commission,
    ]);
    expect(groups).toEqual([
      ['Efectivo', null, null, 1, '0.01', '0.02', '0.00', '0.00'],
      ['Punto de venta', 'T1', 'L1', 2, '100.15', '110.18', '91.62', '10.02'],
      ['Punto de venta', 'T2', 'L9', 1, '1234.56', '1300.00', '1120.92', '123.46'],
      ['Transferencia', null, null, 1, '999.99', '999.99', '862.13', '0.00'],
    ]);
    // Type 1: 5 % of the tax base in bolivars, 1.37 × 36.50 = 50.01 → 2.50.
    expect((await show(other)).commission).toBe('2.50');
    // Both closings on one page: each row keeps its own groups and figures.
    const page = await ctx.call('GET', '/api/closed-boxs', { token: admin.token, query: { per_page: 50, filters: { user: [admin.id] } } });
    const listed = new Map((page.body.data.data as { id: number; payments: unknown[] }[]).map((entry) => [entry.id, entry]));
    expect(listed.get(closing)).toMatchObject({ transfer: '999.99', point_of_sale: '1334.71', commission: '133.48' });
    expect(listed.get(closing)!.payments).toHaveLength(4);
    expect(listed.get(other)).toMatchObject({ transfer: '0.00', point_of_sale: '50.00', commission: '2.50' });
    expect(listed.get(other)!.payments).toHaveLength(1);
    // The export writes the same figures without reading the groups.
    const csv = await ctx.call('GET', '/api/closed-boxs/export', { token: admin.token, query: { type_format: 'csv', filters: { user: [admin.id] } } });
    const [header, ...lines] = parse(String(csv.body).replace(/^\uFEFF/, '')) as string[][];
    expect(header).toEqual(closedBoxExportColumns.map((column) => column.header));
    const exported = new Map(lines.map((line) => [Number(line[0]), line]));
    for (const id of [closing, other]) {
      expect(exported.get(id)).toEqual(closedBoxExportColumns.map((column) => String(escapeCell(column.value(listed.get(id) as unknown as ClosedBoxRow)))));
    }

    const list = await ctx.call('GET', '/api/closed-boxs', { token: admin.token, query: { per_page: 1, filters: { user: [admin.id] } } });
    expect(list.status).toBe(200);
    expect(list.body.data.data).toHaveLength(1);
    const responsible = await ctx.db.select({ id: closedBoxes.id }).from(closedBoxes).where(eq(closedBoxes.userId, admin.id));
    expect(list.body.data).toMatchObject({ total: responsible.length, per_page: 1, last_page: responsible.length });
    expect(responsible.length).toBeGreaterThanOrEqual(2);
    const [summed] = await ctx.db
      .execute(
        `select count(*)::int as n, sum(amount_payment)::text as p, sum(amount_bill)::text as b, sum(dollar_amount_bill)::text as db, sum(dollar_amount_payment)::text as dp from payments where closed_box_id is not null` as never,
      )
      .then((result) => (result as unknown as { rows: Record<string, unknown>[] }).rows);
    expect(list.body.data.totals).toEqual({
      count_payments: summed!.n,
      amount_payment: summed!.p,
      amount_bill: summed!.b,
      dollar_amount_bill: summed!.db,
      dollar_amount_payment: summed!.dp,
    });
    expect(list.body.data.totals).toMatchObject({ count_payments: 6, amount_payment: '2384.71', amount_bill: '2468.19' });
  });

  it('follows an edit of an attached payment and its delete', async () => {
    const closing = await newClosing();
    const id = await fixture.payment({ amountPayment: '10.00' });
    await attach(closing, id);
    await ctx.db.update(payments).set({ amountPayment: '12.34' }).where(eq(payments.id, id));
    expect((await show(closing)).total).toBe('12.34');
    const deleted = await ctx.call('DELETE', '/api/bill-payments/delete', { token: admin.token, body: { id } });
    expect(deleted.status).toBe(200);
    expect(await show(closing)).toMatchObject({ total: '0.00', count_bill: 0 });
  });
});

describe('attaching and removing payments', () => {
  it('refuses a payment already in a closing, naming it', async () => {
    const first = await newClosing();
    const second = await newClosing();
    const id = await fixture.payment({ amountPayment: '5.00' });
    expect((await attach(first, id)).body).toMatchObject({ success: true, message: closedBoxMessages.paymentAdded });
    const again = await attach(second, id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: closedBoxMessages.paymentAlreadyClosed(first) });
    const unclosed = await ctx.call('GET', '/api/bill-payments/not-closed-box', { token: admin.token, query: { per_page: 100 } });
    expect(unclosed.body.data.data.map((row: { id: number }) => row.id)).not.toContain(id);
  });

  it('attaches several payments in one call, all or none', async () => {
    const closing = await newClosing();
    const other = await newClosing();
    const [a, b, c] = [
      await fixture.payment({ amountPayment: '1.10' }),
      await fixture.payment({ amountPayment: '2.20' }),
      await fixture.payment({ amountPayment: '3.30' }),
    ];
    await attach(other, c);
    const refused = await ctx.call('POST', '/api/bill-payments/add-payment', { token: admin.token, body: { payment_id: [a, b, c], closed_box_id: closing } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(closedBoxMessages.paymentAlreadyClosed(other));
    expect((await show(closing)).count_bill).toBe(0);
    const added = await ctx.call('POST', '/api/bill-payments/add-payment', { token: admin.token, body: { payment_id: [a, b], closed_box_id: closing } });
    expect(added.body).toMatchObject({ success: true, message: closedBoxMessages.paymentsAdded(2) });
    expect(await show(closing)).toMatchObject({ count_bill: 2, total: '3.30' });
    const missing = await ctx.call('POST', '/api/bill-payments/add-payment', { token: admin.token, body: { payment_id: [999_999], closed_box_id: closing } });
    expect(missing.status).toBe(404);
  });

  it('lets exactly one of two concurrent attaches win', async () => {
    const a = await newClosing();
    const b = await newClosing();
    const id = await fixture.payment({ amountPayment: '7.00' });
    const answers = await Promise.all([attach(a, id), attach(b, id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [row] = await ctx.db.select({ closedBoxId: payments.closedBoxId }).from(payments).where(eq(payments.id, id));
    const winner = answers[0]!.status === 200 ? a : b;
    expect(row!.closedBoxId).toBe(winner);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(closedBoxMessages.paymentAlreadyClosed(winner));
    const totals = await Promise.all([show(a), show(b)]);
    expect(totals.map((closing) => closing.count_bill).sort()).toEqual([0, 1]);
  });

  it('removes a payment from the closing only, and lists the closing payments', async () => {
    const closing = await newClosing();
    const id = await fixture.payment({ amountPayment: '3.00' });
    await attach(closing, id);
    const listed = await ctx.call('GET', '/api/closed-boxs/payments', { token: admin.token, query: { closed_box_id: closing } });
    expect(listed.body.data.data.map((row: { id: number }) => row.id)).toEqual([id]);
    const removed = await ctx.call('DELETE', '/api/bill-payments/delete', { token: admin.token, body: { id, closed_box_id: closing } });
    expect(removed.body).toMatchObject({ success: true, message: closedBoxMessages.paymentRemoved });
    const [row] = await ctx.db.select({ closedBoxId: payments.closedBoxId }).from(payments).where(eq(payments.id, id));
    expect(row).toEqual({ closedBoxId: null });
    const twice = await ctx.call('DELETE', '/api/bill-payments/delete', { token: admin.token, body: { id, closed_box_id: closing } });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(closedBoxMessages.paymentNotInClosing);
  });

  it('deleting a closing frees its payments', async () => {
    const closing = await newClosing();
    const id = await fixture.payment({ amountPayment: '4.00' });
    await attach(closing, id);
    const response = await ctx.call('DELETE', '/api/closed-boxs/delete', { token: admin.token, body: { id: closing } });
    expect(response.body).toMatchObject({ success: true, message: closedBoxMessages.deleted });
    expect(await ctx.db.select().from(closedBoxes).where(eq(closedBoxes.id, closing))).toEqual([]);
    const unclosed = await ctx.call('GET', '/api/bill-payments/not-closed-box', { token: admin.token, query: { per_page: 100 } });
    expect(unclosed.body.data.data.map((row: { id: number }) => row.id)).toContain(id);
    const audit = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.subjectId, closing), eq(auditLogs.logName, 'closed_boxs')));
    expect(audit.map((entry) => entry.description)).toEqual(expect.arrayContaining(['created', 'updated', 'deleted']));
  });
});

describe('verification and group status', () => {
  it('approves and rejects a group by the payment rules and marks it verified', async () => {
    const closing = await newClosing();
    const pending = await fixture.payment({ terminal: 'V1', lot: 'L1', amountPayment: '20.00', status: 0 });
    const approved = await fixture.payment({ terminal: 'V1', lot: 'L1', amountPayment: '30.00', status: 1 });
    const elsewhere = await fixture.payment({ terminal: 'V2', lot: 'L1', amountPayment: '40.00', status: 0 });
    for (const id of [pending, approved, elsewhere]) await attach(closing, id);
    const group = { id: closing, payment_method_id: 2, terminal: 'V1', lot_number: 'L1' };

    const rejected = await ctx.call('POST', '/api/closed-boxs/change-status-payments', { token: admin.token, body: { ...group, status: 2 } });
    expect(rejected.body).toMatchObject({ success: true, message: closedBoxMessages.groupRejected, data: { changed: 2 } });
    const statuses = await ctx.db
      .select({ id: payments.id, status: payments.status, notes: payments.notes })
      .from(payments)
      .where(eq(payments.closedBoxId, closing));
    expect(statuses.sort((x, y) => x.id - y.id)).toEqual([
      { id: pending, status: 2, notes: closedBoxMessages.groupRejectNote(closing) },
      { id: approved, status: 2, notes: closedBoxMessages.groupRejectNote(closing) },
      { id: elsewhere, status: 0, notes: null },
    ]);

    const approvedAgain = await ctx.call('POST', '/api/closed-boxs/change-status-payments', { token: admin.token, body: { ...group, status: 1 } });
    expect(approvedAgain.body.data.changed).toBe(2);
    const row = await show(closing);
    expect(row.payments.find((entry: { terminal: string }) => entry.terminal === 'V1').verified).toBe(true);
    expect(row.payments.find((entry: { terminal: string }) => entry.terminal === 'V2').verified).toBe(false);

    const verified = await ctx.call('POST', '/api/closed-boxs/verify-payments', {
      token: admin.token,
      // V1 stays listed: dropping it would take off a verification its own author made (issue 46).
      body: { id: closing, verify_payments: [{ payment_method_id: 2, terminal: 'V1', lot_number: 'L1' }, { payment_method_id: 2, terminal: 'V2', lot_number: 'L1' }] },
    });
    expect(verified.body).toMatchObject({ success: true, message: closedBoxMessages.verified });
    expect((await show(closing)).verify_payments).toEqual([
      { payment_method_id: 2, terminal: 'V1', lot_number: 'L1' },
      { payment_method_id: 2, terminal: 'V2', lot_number: 'L1' },
    ]);

    const empty = await ctx.call('POST', '/api/closed-boxs/change-status-payments', { token: admin.token, body: { ...group, terminal: 'none', status: 1 } });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(closedBoxMessages.groupEmpty);
  });
});

describe('editing a closing', () => {
  it('refuses a stale version with 409 so nobody loses a change', async () => {
    const closing = await newClosing();
    const first = await ctx.call('POST', '/api/closed-boxs/update', {
      token: admin.token,
      body: { ...closingBody({ reference: 'A' }), id: closing, version: 1 },
    });
    expect(first.body).toMatchObject({ success: true, message: closedBoxMessages.updated });
    const second = await ctx.call('POST', '/api/closed-boxs/update', {
      token: admin.token,
      body: { ...closingBody({ lot_number: 'B' }), id: closing, version: 1 },
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: closedBoxMessages.stale });
    expect(await show(closing)).toMatchObject({ reference: 'A', lot_number: null, version: 2 });
    const type = await ctx.call('POST', '/api/closed-boxs/update', { token: admin.token, body: { ...closingBody({ type: 1 }), id: closing, version: 2 } });
    expect(type.body.errors.type).toEqual([closedBoxMessages.typeLocked]);
  });

  it('switches the status and keeps the change history', async () => {
    const closing = await newClosing();
    const response = await ctx.call('PUT', '/api/closed-boxs/change-status', { token: admin.token, body: { id: closing, status: false } });
    expect(response.body).toMatchObject({ success: true, message: closedBoxMessages.statusChanged });
    expect((await show(closing)).status).toBe(false);
    const history = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.subjectId, closing), eq(auditLogs.logName, 'closed_boxs')));
    expect(history.find((entry) => entry.description === 'updated')?.properties).toEqual({ old: { status: true }, attributes: { status: false } });
  });
});

describe('data scope and permissions', () => {
  it('shows a cashier limited to own data only the closings they are responsible for or created', async () => {
    const cashier = await ctx.staff({ permissions: ALL, overrides: { onlyUser: true, allUsers: false } });
    const mine = await newClosing(cashier.token, { user_id: cashier.id });
    const assigned = await newClosing(admin.token, { user_id: cashier.id });
    const foreign = await newClosing(admin.token);
    const list = await ctx.call('GET', '/api/closed-boxs', { token: cashier.token, query: { per_page: 100 } });
    expect(list.body.data.data.map((row: { id: number }) => row.id).sort()).toEqual([mine, assigned].sort());
    const update = await ctx.call('POST', '/api/closed-boxs/update', { token: cashier.token, body: { ...closingBody(), id: foreign } });
    expect(update.status).toBe(404);
    expect(update.body.message).toBe(closedBoxMessages.notFound);
    const remove = await ctx.call('DELETE', '/api/closed-boxs/delete', { token: cashier.token, body: { id: foreign } });
    expect(remove.status).toBe(404);
  });

  it('answers 403 without each action permission, and to client users', async () => {
    const reader = await ctx.staff({ permissions: ['closed_boxs'] });
    const closing = await newClosing();
    const id = await fixture.payment({ amountPayment: '1.00' });
    const calls: [string, string, unknown][] = [
      ['POST', '/api/closed-boxs/store', closingBody()],
      ['POST', '/api/closed-boxs/update', { ...closingBody(), id: closing }],
      ['DELETE', '/api/closed-boxs/delete', { id: closing }],
      ['PUT', '/api/closed-boxs/change-status', { id: closing, status: false }],
      ['POST', '/api/closed-boxs/verify-payments', { id: closing, verify_payments: [] }],
      ['POST', '/api/closed-boxs/change-status-payments', { id: closing, payment_method_id: 2, terminal: 'T1', lot_number: 'L1', status: 1 }],
      ['POST', '/api/bill-payments/add-payment', { payment_id: id, closed_box_id: closing }],
      ['DELETE', '/api/bill-payments/delete', { id, closed_box_id: closing }],
      ['GET', '/api/closed-boxs/export?type_format=csv', undefined],
      ['GET', '/api/closed-boxs/template', undefined],
    ];
    for (const [method, url, body] of calls) {
      const response = await ctx.call(method as 'POST', url, { token: reader.token, body });
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    const client = await ctx.clientUser();
    expect((await ctx.call('GET', '/api/closed-boxs', { token: client.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/closed-boxs')).status).toBe(401);
  });
});

describe('CSV template, import and export', () => {
  it('serves the template', async () => {
    const response = await ctx.call('GET', '/api/closed-boxs/template', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body).toBe(CLOSED_BOX_TEMPLATE);
  });

  const importFields = () => ({ date: TODAY, user_id: String(admin.id), serie: String(fixture.serieId), exchange_rate: '36.50', type: '0' });

  it('imports nothing when a row is bad and names every bad row by line', async () => {
    const good = await fixture.payment({ terminal: 'IMP', lot: '0007', reference: 'A1', amountPayment: '150.00' });
    await fixture.payment({ terminal: 'IMP', lot: '0007', reference: 'A2', amountPayment: '80.00' });
    const csv = 'terminal,lote,referencia,monto\nIMP,0007,A1,150.00\nIMP,0007,A2,81.00\nIMP,0007,ZZ,1.00\nIMP,0007,A1,150.00\nIMP,0007\n';
    const { body, headers } = importUpload(importFields(), csv);
    const before = await ctx.db.select().from(closedBoxes);
    const response = await ctx.call('POST', '/api/closed-boxs/import', { token: admin.token, body, headers });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(closedBoxMessages.importFailed);
    expect(response.body.errors.file).toEqual([
      'Línea 3: el monto no coincide con el del pago (80.00).',
      'Línea 4: no hay un pago sin cierre con esa terminal, lote y referencia.',
      'Línea 5: el pago ya aparece en la línea 2.',
      'Línea 6: debe tener 4 columnas (terminal, lote, referencia, monto).',
    ]);
    expect(await ctx.db.select().from(closedBoxes)).toHaveLength(before.length);
    const [row] = await ctx.db.select({ closedBoxId: payments.closedBoxId }).from(payments).where(eq(payments.id, good));
    expect(row!.closedBoxId).toBeNull();
  });

  it('imports every row in one closing and audits it', async () => {
    const first = await fixture.payment({ terminal: 'IMP2', lot: '0008', reference: 'B1', amountPayment: '150.00' });
    const second = await fixture.payment({ terminal: 'IMP2', lot: '0008', reference: 'B2', amountPayment: '1234.50' });
    const { body, headers } = importUpload(importFields(), 'terminal,lote,referencia,monto\nIMP2,0008,B1,150\nIMP2,0008,B2,"1.234,50"\n');
    const response = await ctx.call('POST', '/api/closed-boxs/import', { token: admin.token, body, headers });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: closedBoxMessages.imported(2), data: { imported: 2, errors: [] } });
    const closing = await show(response.body.data.id);
    expect(closing).toMatchObject({ count_bill: 2, total: '1384.50', checkbook_number: null });
    const attached = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.closedBoxId, closing.id));
    expect(attached.map((row) => row.id).sort()).toEqual([first, second].sort());
    const audit = await ctx.db.select().from(auditLogs).where(eq(auditLogs.description, 'import_closed_boxs'));
    expect(audit).toHaveLength(1);
  });

  it('refuses a file that is not CSV text', async () => {
    const boundary = '----bin';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="date"\r\n\r\n${TODAY}\r\n--${boundary}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\n${admin.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="serie"\r\n\r\n${fixture.serieId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="exchange_rate"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.csv"\r\n\r\n`,
      ),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await ctx.call('POST', '/api/closed-boxs/import', {
      token: admin.token,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(closedBoxMessages.csvOnly);
  });

  it('exports the filtered list as CSV', async () => {
    const closing = await newClosing(admin.token, { reference: 'EXP-42' });
    const response = await ctx.call('GET', '/api/closed-boxs/export', { token: admin.token, query: { type_format: 'csv', search: 'EXP-42' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toContain('Cierres de Caja.csv');
    const lines = String(response.body).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(String(closing));
    expect(lines[1]).toContain('EXP-42');
  });
});

describe('per-user figures', () => {
  it('answers the dashboard closings per user in a date range and counts them on the users list', async () => {
    const cashier = await ctx.staff({ permissions: ['closed_boxs'] });
    const closing = await newClosing(admin.token, { user_id: cashier.id });
    await newClosing(admin.token, { user_id: cashier.id, date: '2025-01-10' });
    await attach(closing, await fixture.payment({ amountPayment: '10.50', amountBill: '11.00', dollarPayment: '0.29', dollarBill: '0.30' }));
    await attach(closing, await fixture.payment({ amountPayment: '0.50', amountBill: '1.00', dollarPayment: '0.01', dollarBill: '0.03' }));
    const today = TODAY.split('-').reverse().join('-');
    const response = await ctx.call('GET', '/api/dashboard/users-closed-box', { token: admin.token, query: { dates: [today, today] } });
    expect(response.status).toBe(200);
    expect(response.body.data.find((row: { user_id: number }) => row.user_id === cashier.id)).toMatchObject({
      count_closed_boxs: 1,
      count_payments: 2,
      amount_payment: '11.00',
      amount_bill: '12.00',
      dollar_amount_payment: '0.30',
      dollar_amount_bill: '0.33',
    });
    const usersAdmin = await ctx.staff({ permissions: ['users'] });
    const list = await ctx.call('GET', '/api/users', { token: usersAdmin.token, query: { filters: { user: [cashier.id] } } });
    expect(list.body.data.data[0].count_closed_boxs).toBe(2);
  });
});
