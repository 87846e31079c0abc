import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedBoxMessages } from '@recaudo/domain/closed-boxes';
import { todayInCaracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { setRates } from '../../../test/rates';
import { addressesPayments } from '../addresses-payment/tables';
import { banks } from '../banks/tables';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { paymentMethods } from '../payment-methods/tables';
import { payments } from '../payments/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';

/**
 * A closing's groups come from the payments' tender lines (issue 49): a payment of dollars in cash
 * plus bolívares by Pago Móvil counts each line under its own method and currency. A month costs
 * $ 7,25 at Bs 36,50 (Bs 264,63); $ 5 in cash carries $ 0,15 of IGTF, so the rest is Bs 87,61.
 */
let ctx: TestContext;
let cashier: TestUser;
let closer: TestUser;
const TODAY = todayInCaracas();
const NOW = currentMonth();
let dollarsMethod = 0;
let serieId = 0;
let bankId = 0;
let parishId = 0;
let communityId = 0;
let sequence = 0;

const PAGO_MOVIL = 3;
const TRANSFER = 1;
const CASH = 4;

beforeAll(async () => {
  ctx = await createTestContext({ IGTF_ENABLED: 'true', IGTF_RATE: '3,00' });
  cashier = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment'] });
  closer = await ctx.staff({ permissions: ['closed_boxs', 'add_closed_box', 'edit_closed_box', 'payments'] });
  const { db } = ctx;
  await setRates(db, { usd: '36.50' });
  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Concepción', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'El Obelisco', parishId: parish!.id, fee: '7.25', dateStart: '2020-01-01' }).returning();
  parishId = parish!.id;
  communityId = community!.id;
  const [serie] = await db.insert(correlatives).values({ serie: 'G', number: '00000000', numberCreditNote: '0000', numberDebitNote: '0000' }).returning();
  serieId = serie!.id;
  dollarsMethod = (await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.name, 'Efectivo dólares')))[0]!.id;
  bankId = (await db.select({ id: banks.id }).from(banks).where(eq(banks.code, '0102')))[0]!.id;
});
afterAll(() => ctx.close());

/** An approved payment of this month on a new address; `fields` say how it was paid. */
async function pay(fields: Record<string, unknown>): Promise<number> {
  sequence += 1;
  const [client] = await ctx.db
    .insert(clients)
    .values({ type: 0, name: `Cliente grupo ${sequence}`, identificationType: 'V', identification: String(31_000_000 + sequence) })
    .returning();
  const [address] = await ctx.db
    .insert(addressesPayments)
    .values({ clientId: client!.id, type: 0, address: `Carrera ${sequence}`, parishId, communityId, dateStart: `${addMonths(NOW, -2)}-01` })
    .returning();
  const answer = await ctx.call('POST', '/api/bill-payments/store', {
    token: cashier.token,
    body: {
      client_id: client!.id,
      address_payment_id: address!.id,
      status: 1,
      date_payment: TODAY,
      exchange_rate: '36.50',
      exchange_rate_id: 1,
      serie_id: serieId,
      number: `0009${String(sequence).padStart(4, '0')}`,
      type_payment_month: 1,
      months_payment: JSON.stringify([NOW]),
      send_invoice: 0,
      ...fields,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.id as number;
}

const dollars = (amount: string) => ({ payment_method_id: dollarsMethod, currency: 'USD', amount });
const bolivars = (method: number, amount: string, reference: string) => ({ payment_method_id: method, currency: 'VES', amount, reference, bank_id: bankId });

async function closingOf(paymentIds: number[]): Promise<number> {
  const created = await ctx.call('POST', '/api/closed-boxs/store', {
    token: closer.token,
    body: { date: TODAY, user_id: closer.id, serie: serieId, exchange_rate: '36.50', checkbook_number: '0049', type: 0 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id as number;
  const attached = await ctx.call('POST', '/api/bill-payments/add-payment', { token: closer.token, body: { payment_id: paymentIds, closed_box_id: id } });
  expect(attached.status, JSON.stringify(attached.body)).toBe(200);
  return id;
}

const show = async (id: number) => {
  const answer = await ctx.call('GET', '/api/closed-boxs/show', { token: closer.token, query: { id } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

interface Group {
  name: string;
  payment_method_id: number;
  terminal: string | null;
  lot_number: string | null;
  currency: string;
  count_payments: number;
  amount_bill: string;
  amount_payment: string;
  amount_currency: string;
  verified: boolean;
}

const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);

describe('a closing groups its payments by tender line (issue 49)', () => {
  let closingId = 0;
  let pagoMovilPayment = 0;

  it('counts each line of a mixed payment under its own method and currency, and a one-method payment as before', async () => {
    pagoMovilPayment = await pay({ tenders: [dollars('5.00'), bolivars(PAGO_MOVIL, '87.61', '40490001')] });
    const transferPayment = await pay({ tenders: [dollars('5.00'), bolivars(TRANSFER, '87.61', '40490002')] });
    const cashPayment = await pay({ payment_method_id: CASH, amount_payment: '264.63' });
    closingId = await closingOf([pagoMovilPayment, transferPayment, cashPayment]);
    const closing = await show(closingId);
    const groups = (closing.payments as Group[]).map(({ name, payment_method_id, terminal, lot_number, currency, count_payments, amount_payment, amount_currency }) => ({
      name,
      payment_method_id,
      terminal,
      lot_number,
      currency,
      count_payments,
      amount_payment,
      amount_currency,
    }));
    expect(groups).toEqual([
      // The one-method payment: its method, what it paid, in bolívares.
      { name: 'Efectivo', payment_method_id: CASH, terminal: null, lot_number: null, currency: 'VES', count_payments: 1, amount_payment: '264.63', amount_currency: '264.63' },
      // The two dollar lines together: $ 10 in cash, Bs 365,00 at the payments' rate.
      { name: 'Efectivo dólares', payment_method_id: dollarsMethod, terminal: null, lot_number: null, currency: 'USD', count_payments: 2, amount_payment: '365.00', amount_currency: '10.00' },
      { name: 'Pago móvil', payment_method_id: PAGO_MOVIL, terminal: null, lot_number: null, currency: 'VES', count_payments: 1, amount_payment: '87.61', amount_currency: '87.61' },
      { name: 'Transferencia', payment_method_id: TRANSFER, terminal: null, lot_number: null, currency: 'VES', count_payments: 1, amount_payment: '87.61', amount_currency: '87.61' },
    ]);
    // Per currency the groups add up to what the closing's money table says was tendered.
    const tendered = Object.fromEntries((closing.money.currencies as { currency: string; tendered: string }[]).map((line) => [line.currency, line.tendered]));
    expect(tendered).toEqual({ VES: '439.85', USD: '10.00' });
    for (const currency of ['VES', 'USD'])
      expect(sum((closing.payments as Group[]).filter((group) => group.currency === currency).map((group) => group.amount_currency))).toBe(tendered[currency]);
    // The groups share the payments' bill and amount among their lines: they add up to the closing's kept sums.
    expect(sum((closing.payments as Group[]).map((group) => group.amount_payment))).toBe(closing.total);
    expect(sum((closing.payments as Group[]).map((group) => group.amount_bill))).toBe(closing.total_bill);
    // The transfer line counts in the closing's transfers; the IGTF of the two $ 5 lines is collected.
    expect(closing.transfer).toBe('87.61');
    const igtf = await ctx.db.select({ igtf: payments.igtfAmount }).from(payments).where(eq(payments.closedBoxId, closingId));
    expect(closing.money.igtf).toBe(sum(igtf.map((row) => row.igtf)));
    expect(closing.money.igtf).not.toBe('0.00');
  });

  it('a group of second lines is approved and verified like any other, and holds its payments', async () => {
    const group = { id: closingId, payment_method_id: PAGO_MOVIL, terminal: null, lot_number: null };
    const approved = await ctx.call('POST', '/api/closed-boxs/change-status-payments', { token: closer.token, body: { ...group, status: 1 } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const closing = await show(closingId);
    expect((closing.payments as Group[]).filter((item) => item.verified).map((item) => item.name)).toEqual(['Pago móvil']);
    // The payment is in the verified group by its second line: it stays in the closing.
    const detached = await ctx.call('DELETE', '/api/bill-payments/delete', { token: closer.token, body: { id: pagoMovilPayment, closed_box_id: closingId } });
    expect(detached.status).toBe(422);
    expect(detached.body.message).toBe(closedBoxMessages.paymentInVerifiedGroup(closingId));
    const [stored] = await ctx.db.select({ closedBoxId: payments.closedBoxId }).from(payments).where(eq(payments.id, pagoMovilPayment));
    expect(stored!.closedBoxId).toBe(closingId);
  });

  it('keeps the transfer figure following a line edited after the payment joined the closing', async () => {
    const payment = await pay({ tenders: [dollars('5.00'), bolivars(TRANSFER, '87.61', '40490003')] });
    const id = await closingOf([payment]);
    expect((await show(id)).transfer).toBe('87.61');
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, payment));
    const edited = await ctx.call('PUT', '/api/bill-payments/update', {
      token: cashier.token,
      body: {
        id: payment,
        client_id: row!.clientId,
        address_payment_id: row!.addressPaymentId,
        status: 1,
        date_payment: TODAY,
        exchange_rate: '36.50',
        exchange_rate_id: 1,
        serie_id: serieId,
        number: row!.number,
        type_payment_month: 1,
        months_payment: JSON.stringify([NOW]),
        send_invoice: 0,
        tenders: [bolivars(TRANSFER, '264.63', '40490004')],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const closing = await show(id);
    expect(closing.transfer).toBe('264.63');
    expect((closing.payments as Group[]).map((group) => [group.name, group.currency, group.amount_currency])).toEqual([['Transferencia', 'VES', '264.63']]);
  });
});
