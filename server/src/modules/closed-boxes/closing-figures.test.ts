import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInCaracas } from '@recaudo/domain/dates';
import { closingFixture, importUpload } from '../../../test/closed-boxes-fixture';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { payments } from '../payments/tables';
import { closedBoxes } from './tables';

/**
 * A closing's transfer, point-of-sale and commission figures are kept on its row (migration 0024):
 * they must follow every change of what they are computed from, also with two writers at once.
 */

let ctx: TestContext;
let admin: TestUser;
let fixture: Awaited<ReturnType<typeof closingFixture>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({
    permissions: ['closed_boxs', 'add_closed_box', 'edit_closed_box', 'payments', 'delete_payment', 'payment_methods', 'add_payment_method', 'edit_payment_method'],
  });
  fixture = await closingFixture(ctx.db);
});
afterAll(() => ctx.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function newClosing(type: 0 | 1): Promise<number> {
  const body = { date: todayInCaracas(), user_id: admin.id, serie: fixture.serieId, checkbook_number: '0001', exchange_rate: '36.50', type };
  const response = await ctx.call('POST', '/api/closed-boxs/store', { token: admin.token, body });
  expect(response.status).toBe(200);
  return response.body.data.id as number;
}

async function attach(closedBoxId: number, paymentId: number) {
  const response = await ctx.call('POST', '/api/bill-payments/add-payment', { token: admin.token, body: { payment_id: paymentId, closed_box_id: closedBoxId } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** What `closed-boxs/show` answers for the closing's figures. */
async function figures(id: number) {
  const response = await ctx.call('GET', '/api/closed-boxs/show', { token: admin.token, query: { id } });
  expect(response.status).toBe(200);
  const { transfer, point_of_sale, commission } = response.body.data as Record<string, string>;
  return { transfer, point_of_sale, commission };
}

/**
 * Every closing's kept figures against a recomputation from its payments written here on its
 * own (spec 02 §9: commission on point-of-sale groups, 10 % of the amount for type 0, 5 % of the
 * tax base in bolivars for type 1, rounded per method / terminal / lot group).
 */
async function expectKeptEqualsPayments() {
  const rows = rowsOf<Record<string, string>>(
    await ctx.db.execute(sql`
      select cb.id, cb.transfer::text as kept_transfer, cb.point_of_sale::text as kept_point_of_sale, cb.commission::text as kept_commission,
        coalesce(sum(g.paid) filter (where g.method_type = 1), 0)::numeric(18,2)::text as transfer,
        coalesce(sum(g.paid) filter (where g.method_type = 2), 0)::numeric(18,2)::text as point_of_sale,
        coalesce(sum(case when g.method_type <> 2 then 0 when cb.type = 0 then round(g.paid * 0.10, 2) else round(g.base_bs * 0.05, 2) end), 0)::numeric(18,2)::text as commission
      from closed_boxes cb left join (
        select p.closed_box_id, m.type as method_type, sum(p.amount_payment) as paid, sum(round(p.tax_base * p.exchange_rate, 2)) as base_bs
        from payments p join payment_methods m on m.id = p.payment_method_id
        group by p.closed_box_id, p.payment_method_id, p.terminal, p.lot_number, m.type
      ) g on g.closed_box_id = cb.id
      group by cb.id`),
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect([row.kept_transfer, row.kept_point_of_sale, row.kept_commission], `closing ${row.id}`).toEqual([row.transfer, row.point_of_sale, row.commission]);
  }
}

describe('kept closing figures', () => {
  it('follow every change of a payment: attach, regroup, amount, rate, move, removal and delete', async () => {
    const first = await newClosing(0);
    const second = await newClosing(1);
    const pos = (amountPayment: string, terminal = 'T1') => fixture.payment({ method: 2, terminal, lot: 'L1', amountPayment, taxBase: '0.00' });
    const p1 = await pos('100.00');
    const p2 = await pos('0.05');
    const p3 = await pos('0.05', 'T2');
    const p4 = await fixture.payment({ method: 1, terminal: null, lot: null, amountPayment: '50.00' });
    for (const id of [p1, p2, p3, p4]) await attach(first, id);
    // Rounded per group: T1 100.05 → 10.005 → 10.01; T2 0.05 → 0.005 → 0.01.
    expect(await figures(first)).toEqual({ transfer: '50.00', point_of_sale: '100.10', commission: '10.02' });

    await ctx.db.update(payments).set({ terminal: 'T1' }).where(eq(payments.id, p3));
    // One group now: 100.10 → 10.01.
    expect(await figures(first)).toEqual({ transfer: '50.00', point_of_sale: '100.10', commission: '10.01' });
    await ctx.db.update(payments).set({ amountPayment: '200.00' }).where(eq(payments.id, p1));
    expect(await figures(first)).toEqual({ transfer: '50.00', point_of_sale: '200.10', commission: '20.01' });

    await ctx.db.update(payments).set({ closedBoxId: second }).where(eq(payments.id, p4));
    expect(await figures(first)).toEqual({ transfer: '0.00', point_of_sale: '200.10', commission: '20.01' });
    expect(await figures(second)).toEqual({ transfer: '50.00', point_of_sale: '0.00', commission: '0.00' });

    const removed = await ctx.call('DELETE', '/api/bill-payments/delete', { token: admin.token, body: { id: p2, closed_box_id: first } });
    expect(removed.status).toBe(200);
    expect(await figures(first)).toEqual({ transfer: '0.00', point_of_sale: '200.05', commission: '20.01' });
    const deleted = await ctx.call('DELETE', '/api/bill-payments/delete', { token: admin.token, body: { id: p3 } });
    expect(deleted.status).toBe(200);
    expect(await figures(first)).toEqual({ transfer: '0.00', point_of_sale: '200.00', commission: '20.00' });

    // Type 1: 5 % of the tax base in bolivars: 1.37 × 36.50 = 50.01 → 2.50; at 40.00, 54.80 → 2.74.
    const p5 = await fixture.payment({ method: 2, terminal: 'T9', lot: 'L9', amountPayment: '50.00', taxBase: '1.37', rate: '36.50' });
    await attach(second, p5);
    expect(await figures(second)).toEqual({ transfer: '50.00', point_of_sale: '50.00', commission: '2.50' });
    await ctx.db.update(payments).set({ exchangeRate: '40.00' }).where(eq(payments.id, p5));
    expect((await figures(second)).commission).toBe('2.74');
    // The service fixes a closing's type at creation; the database keeps the figures right anyway.
    await ctx.db.update(closedBoxes).set({ type: 0 }).where(eq(closedBoxes.id, second));
    expect((await figures(second)).commission).toBe('5.00');
    await expectKeptEqualsPayments();
  });

  it("follow a payment method's type: its payments move between transfer and point of sale", async () => {
    const closing = await newClosing(0);
    const fields = { name: 'Zelle de prueba', code: '9901', description: 'Método de prueba de las cifras', type: 1 };
    const created = await ctx.call('POST', '/api/payment-methods/store', { token: admin.token, body: fields });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const method = created.body.data.id as number;
    await attach(closing, await fixture.payment({ method, terminal: 'Z1', lot: null, amountPayment: '30.00' }));
    await attach(closing, await fixture.payment({ method, terminal: 'Z1', lot: null, amountPayment: '0.05' }));
    expect(await figures(closing)).toEqual({ transfer: '30.05', point_of_sale: '0.00', commission: '0.00' });

    const updated = await ctx.call('PUT', '/api/payment-methods/update', { token: admin.token, body: { ...fields, id: method, type: 2 } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await figures(closing)).toEqual({ transfer: '0.00', point_of_sale: '30.05', commission: '3.01' });
    await expectKeptEqualsPayments();
  });

  it('count the payments a CSV import attaches to its new closing', async () => {
    await fixture.payment({ method: 2, terminal: 'FIG', lot: '0001', reference: 'F1', amountPayment: '150.00' });
    await fixture.payment({ method: 2, terminal: 'FIG', lot: '0001', reference: 'F2', amountPayment: '1234.55' });
    const fields = { date: todayInCaracas(), user_id: String(admin.id), serie: String(fixture.serieId), exchange_rate: '36.50', type: '0' };
    const { body, headers } = importUpload(fields, 'terminal,lote,referencia,monto\nFIG,0001,F1,150\nFIG,0001,F2,"1.234,55"\n');
    const response = await ctx.call('POST', '/api/closed-boxs/import', { token: admin.token, body, headers });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // One group of 1384.55: 138.455 → 138.46.
    expect(await figures(response.body.data.id as number)).toEqual({ transfer: '0.00', point_of_sale: '1384.55', commission: '138.46' });
  });

  it('count every payment of several attached in one call', async () => {
    const closing = await newClosing(0);
    const ids = [await fixture.payment({ method: 2, amountPayment: '10.00' }), await fixture.payment({ method: 2, amountPayment: '20.00' })];
    const response = await ctx.call('POST', '/api/bill-payments/add-payment', { token: admin.token, body: { payment_id: ids, closed_box_id: closing } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(await figures(closing)).toEqual({ transfer: '0.00', point_of_sale: '30.00', commission: '3.00' });
  });
});

describe.runIf(process.env.DATABASE_URL)('kept closing figures with two writers at once (PostgreSQL)', () => {
  it("count both of two concurrent regroupings of one closing's payments", async () => {
    const closing = await newClosing(0);
    const ids = [
      await fixture.payment({ method: 1, terminal: null, lot: null, amountPayment: '10.00' }),
      await fixture.payment({ method: 1, terminal: null, lot: null, amountPayment: '20.00' }),
    ];
    for (const id of ids) await attach(closing, id);
    expect(await figures(closing)).toEqual({ transfer: '30.00', point_of_sale: '0.00', commission: '0.00' });

    // The first writer moves one payment to point of sale and holds its transaction open until the
    // second, moving the other, waits for the closing; only then does the first commit.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstDone!: () => void;
    const firstWritten = new Promise<void>((resolve) => (firstDone = resolve));
    const firstWriter = ctx.db.transaction(async (tx) => {
      await tx.update(payments).set({ paymentMethodId: 2, terminal: 'T1', lotNumber: 'L1' }).where(eq(payments.id, ids[0]!));
      firstDone();
      await held;
    });
    await firstWritten;
    const secondWriter = ctx.db.update(payments).set({ paymentMethodId: 2, terminal: 'T1', lotNumber: 'L1' }).where(eq(payments.id, ids[1]!));
    const waiting = async () =>
      rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n;
    const settled = secondWriter.then(() => 'done');
    for (let tries = 0; (await waiting()) === 0; tries++) {
      expect(tries, 'the second writer never waited for the closing').toBeLessThan(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    await firstWriter;
    expect(await settled).toBe('done');
    expect(await figures(closing)).toEqual({ transfer: '0.00', point_of_sale: '30.00', commission: '3.00' });
  });
});
