import { eq, isNotNull } from 'drizzle-orm';
import { paymentAmounts } from '@recaudo/domain/amounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from '@recaudo/domain/validation';
import { identificationTypesOf } from '@recaudo/domain/clients';
import { createTestContext, type TestContext } from '../../../test/harness';
import { clientNotes, clients } from '../../modules/clients/tables';
import { addressesPayments, addressMonths } from '../../modules/addresses-payment/tables';
import { correlatives } from '../../modules/correlatives/tables';
import { economicActivities } from '../../modules/economic-activities/tables';
import { payments } from '../../modules/payments/tables';
import { communities } from '../../modules/regional/tables';
import { users } from '../../modules/users/tables';
import { DEMO_PASSWORD, seedDemo } from './demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo seed', () => {
  it('creates about 30 valid clients with notes and client users, keeping the demo client user', async () => {
    expect(await seedDemo(ctx.db)).toBe(true);
    const rows = await ctx.db.select().from(clients);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((row) => row.type === 1).length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(row.phone.length).toBeGreaterThan(0);
      expect(row.phone.every((phone) => PHONE_PATTERN.test(phone))).toBe(true);
      expect(identificationTypesOf(row.type === 1 ? 1 : 0)).toContain(row.identificationType);
    }
    expect((await ctx.db.select().from(clientNotes)).length).toBeGreaterThan(10);
    const clientUsers = await ctx.db.select().from(users).where(isNotNull(users.clientId));
    expect(clientUsers.length).toBeGreaterThanOrEqual(4);
    const [demo] = await ctx.db.select().from(users).where(eq(users.email, 'cliente@recaudo.test'));
    const [demoClient] = await ctx.db.select().from(clients).where(eq(clients.id, demo!.clientId!));
    expect(demoClient).toMatchObject({ name: 'María Pérez', identification: '12345678' });
    const login = await ctx.call('POST', '/api/auth/login', { body: { email: clientUsers.at(-1)!.email, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    // The cashier has a series of their own, which their payments and new closings start from.
    const [cashier] = await ctx.db.select().from(users).where(eq(users.email, 'cajero@recaudo.test'));
    const [seriesA] = await ctx.db.select().from(correlatives).where(eq(correlatives.serie, 'A'));
    expect(cashier!.correlativeId).toBe(seriesA!.id);
  });

  it('gives every demo client an address with a lived-in month history', async () => {
    const owners = await ctx.db.select({ id: clients.id }).from(clients);
    const addresses = await ctx.db.select().from(addressesPayments);
    expect(new Set(addresses.map((row) => row.clientId))).toEqual(new Set(owners.map((row) => row.id)));
    expect(addresses.some((row) => row.type === 1 && row.isCustomFee && row.fee !== null)).toBe(true);
    expect(addresses.some((row) => row.type === 1 && row.economicActivityId === null)).toBe(true);

    const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'admin@recaudo.test'));
    const token = await ctx.tokenFor(admin!.id);
    const list = await ctx.call('GET', '/api/addresses-payment', { token, query: { per_page: 'Todos' } });
    expect(list.status).toBe(200);
    const owing = list.body.data.data.map((row: { months_to_pay: number }) => row.months_to_pay);
    expect(owing.filter((count: number) => count === 0).length).toBeGreaterThan(5);
    expect(owing.filter((count: number) => count >= 3).length).toBeGreaterThan(5);
    const solvent = await ctx.call('GET', '/api/addresses-payment', { token, query: { per_page: 'Todos', filters: { client_solvent: 1 } } });
    // A month held by a payment still Procesando keeps an up-to-date address from being solvent.
    const solventRows = list.body.data.data.filter((row: { solvent: boolean }) => row.solvent).length;
    expect(solvent.body.data.total).toBe(solventRows);
    expect(solventRows).toBeGreaterThan(3);
  });

  it('records a year of payments in every status and method, in step with the month ledger', async () => {
    const rows = await ctx.db.select().from(payments);
    expect(rows.length).toBeGreaterThan(60);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set([0, 1, 2]));
    expect(new Set(rows.map((row) => row.paymentMethodId))).toEqual(new Set([1, 2, 3, 4]));
    const now = Date.now();
    const yearAgo = now - 400 * 86_400_000;
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(row.createdAt.getTime()).toBeGreaterThan(yearAgo);
    }

    // Live payments hold exactly their months (pending while Procesando); rejected ones hold none.
    const ledger = await ctx.db.select().from(addressMonths).where(isNotNull(addressMonths.paymentId));
    for (const row of rows) {
      const held = ledger.filter((entry) => entry.paymentId === row.id);
      if (row.status === 2) expect(held).toEqual([]);
      else {
        expect(held.map((entry) => entry.month).sort(), `pago ${row.id}`).toEqual([...row.monthsPayment].sort());
        expect(held.every((entry) => entry.pending === (row.status === 0))).toBe(true);
      }
    }

    // Amounts are the domain's for the address fee, months and rate.
    const addresses = await ctx.db.select().from(addressesPayments);
    const communityFees = new Map((await ctx.db.select().from(communities)).map((row) => [row.id, row.fee]));
    const activityFees = new Map((await ctx.db.select().from(economicActivities)).map((row) => [row.id, row.fee]));
    for (const row of rows) {
      const address = addresses.find((entry) => entry.id === row.addressPaymentId)!;
      const fee = address.isCustomFee ? address.fee! : address.type === 1 ? activityFees.get(address.economicActivityId!)! : communityFees.get(address.communityId!)!;
      const expected = paymentAmounts({ type: address.type === 1 ? 1 : 0, fee, months: row.monthsPayment.length, rate: row.exchangeRate, applyRetention: row.isApplyRetention });
      expect({ bill: row.amountBill, paid: row.amountPayment, dollars: row.dollarAmountBill, iva: row.iva }).toEqual({
        bill: expected.amount_bill,
        paid: expected.amount_payment,
        dollars: expected.dollar_amount_bill,
        iva: expected.iva,
      });
    }

    // Approved payments carry consecutive document numbers per series, up to the series' last number.
    for (const serie of await ctx.db.select().from(correlatives)) {
      const numbers = rows.filter((row) => row.serieId === serie.id && row.numberCorrelative).map((row) => Number(row.numberCorrelative)).sort((a, b) => a - b);
      if (!numbers.length) continue;
      expect(numbers.at(-1)).toBe(Number(serie.number));
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => numbers[0]! + index));
    }
    expect(rows.filter((row) => row.status === 1).every((row) => row.numberCorrelative !== null || row.serieId === null)).toBe(true);

    const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'admin@recaudo.test'));
    const token = await ctx.tokenFor(admin!.id);
    const list = await ctx.call('GET', '/api/payments', { token, query: { per_page: 10 } });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(rows.length);
    const clientsList = await ctx.call('GET', '/api/clients', { token, query: { per_page: 100 } });
    expect(clientsList.body.data.data.filter((row: { count_payments: number }) => row.count_payments > 0).length).toBeGreaterThan(20);
  });
});
