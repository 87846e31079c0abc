import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentAmounts } from '@recaudo/domain/amounts';
import { addMonths, currentMonth, monthName, type CalendarYear, type Month } from '@recaudo/domain/months';
import { rowOwedUsd, type FeeChange } from '@recaudo/domain/tariffs';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { cashPayment, paymentPlace } from '../../../test/payment-fixture';
import { setRates } from '../../../test/rates';
import { FEE_SOURCE_JOINS, owedUsdSql } from '../addresses-payment/ledger-sql';
import { addressesPayments } from '../addresses-payment/tables';
import { agingCard } from '../dashboard/aging';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { legalDocuments } from '../invoices/tables';
import { auditLogs } from '../logs/tables';
import { payments } from '../payments/tables';

/**
 * An address's own fee turned on or off from a month (issue 50): a commercial address of an
 * activity at $ 10,00 turns its own fee of $ 4,00 on (or off) from a month; the months before it
 * keep what priced them, and every reader (statement, calendar, list row, payment store, SQL
 * debt, aging card, history) agrees.
 */
let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
let serieId = 0;
let invoices = 0;
const place = { state: 0, municipality: 0, parish: 0 };
const NOW = currentMonth();
const NEXT = addMonths(NOW, 1);
const ago = (months: number): Month => addMonths(NOW, -months);
const RATE = '36.57';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({
    permissions: ['payments', 'add_payment', 'clients', 'economic_activities', 'edit_economic_activity', 'edit_address_payment', 'edit_client'],
  });
  owner = await ctx.clientUser({ name: 'Tomás Interruptor' });
  const located = await paymentPlace(ctx.db);
  Object.assign(place, located.place);
  serieId = located.serieId;
  await setRates(ctx.db, { usd: RATE });
});
afterAll(async () => {
  await ctx.close();
});

const groupOf = new Map<number, number>();
async function newActivity(fee = '10.00'): Promise<number> {
  const [group] = await ctx.db
    .insert(activityGroups)
    .values({ name: `Grupo ${Math.random()}` })
    .returning();
  const [activity] = await ctx.db
    .insert(economicActivities)
    .values({ name: `Actividad ${Math.random()}`, fee, activityGroupId: group!.id })
    .returning();
  groupOf.set(activity!.id, group!.id);
  return activity!.id;
}

async function newAddress(activity: number, own: string | null = null): Promise<number> {
  const [row] = await ctx.db
    .insert(addressesPayments)
    .values({
      clientId: owner.clientId!,
      type: 1,
      address: `Local ${Math.random()}`,
      stateId: place.state,
      municipalityId: place.municipality,
      parishId: place.parish,
      economicActivityId: activity,
      isCustomFee: own !== null,
      fee: own,
      dateStart: `${ago(3)}-01`,
    })
    .returning();
  return row!.id;
}

/** The staff's address edit, its own fee on (`fee`) or off (null), from `effective` (absent: the server's default). */
const switchOwnFee = (id: number, activity: number, fee: string | null, effective?: string) =>
  ctx.call('PUT', '/api/addresses-payment/update', {
    token: admin.token,
    body: {
      id,
      client_id: owner.clientId,
      type: 1,
      address: 'Local editado',
      state_id: place.state,
      municipality_id: place.municipality,
      parish_id: place.parish,
      economic_activity_id: activity,
      is_custom_fee: fee !== null,
      fee,
      date_start: `${ago(3)}-01`,
      ...(effective ? { effective_month: effective } : {}),
    },
  });

const changeActivityFee = (id: number, fee: string, effective: Month) =>
  ctx.call('PUT', '/api/economic-activities/update', {
    token: admin.token,
    body: { id, name: `Actividad ${id}`, code: '', fee, activity_group_id: groupOf.get(id), effective_month: effective },
  });

interface Statement {
  owed_usd: string;
  addresses: { months: { month: Month; fee: string | null; state: string }[] }[];
}
async function statementOf(id: number): Promise<Statement> {
  const answer = await ctx.call('GET', `/api/addresses-payment/statement/${id}`, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Statement;
}
const monthFees = (statement: Statement, months: Month[]) =>
  months.map((month) => statement.addresses[0]!.months.find((entry) => entry.month === month && entry.state !== 'opening')?.fee);

interface ListRow {
  id: number;
  is_custom_fee: boolean;
  fee: string | null;
  fee_changes: FeeChange[];
  months_to_pay: number;
  payments: (CalendarYear & { months: { month: Month; price_usd: string | null }[] })[];
}
async function listRow(id: number): Promise<ListRow> {
  const answer = await ctx.call('GET', `/api/addresses-payment/address-client/${owner.clientId}`, { token: admin.token });
  expect(answer.status).toBe(200);
  return (answer.body.data as ListRow[]).find((row) => row.id === id)!;
}
/** A commercial month's price on the calendar carries VAT. */
const withVat = (fees: string[]) => fees.map((fee) => new Decimal(fee).times('1.16').toFixed(2));
const calendarPrices = (row: ListRow, months: Month[]) =>
  months.map((month) => row.payments.flatMap((year) => year.months).find((entry) => entry.month === month)?.price_usd);

async function sqlOwed(id: number): Promise<string> {
  const answer = (await ctx.db.execute(
    sql`select ${owedUsdSql(NOW)}::numeric(18, 2)::text as owed from ${addressesPayments} ${FEE_SOURCE_JOINS} where ${addressesPayments.id} = ${id}`,
  )) as unknown as { rows: { owed: string }[] };
  return answer.rows[0]!.owed;
}

/** The owed months' prices and their total as the statement, the list row's calendar and owed figure, and the SQL debt give them. */
async function expectPriced(address: number, fees: string[], total: string) {
  const statement = await statementOf(address);
  expect(monthFees(statement, OWED)).toEqual(fees);
  expect(statement.owed_usd).toBe(total);
  const row = await listRow(address);
  expect(calendarPrices(row, OWED)).toEqual(withVat(fees));
  expect(rowOwedUsd(row)).toBe(total);
  expect(await sqlOwed(address)).toBe(total);
}

/** Stores a cash payment of `months` for the amount the domain prices them at; answers the stored $ amount. */
async function pay(id: number, months: Month[], fees: string[]): Promise<{ id: number; usd: string }> {
  const amounts = paymentAmounts({ type: 1, fee: '0', months: months.length, monthFees: fees, rate: RATE });
  const answer = await ctx.call('POST', '/api/bill-payments/store', {
    token: admin.token,
    body: cashPayment({ clientId: owner.clientId, serieId }, id, amounts.amount_payment, months, { exchange_rate: RATE }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const paymentId = (answer.body.data as { id: number }).id;
  const [stored] = await ctx.db.select({ usd: payments.dollarAmountPayment }).from(payments).where(eq(payments.id, paymentId));
  return { id: paymentId, usd: stored!.usd };
}

async function invoice(paymentId: number) {
  invoices += 1;
  await ctx.db
    .insert(legalDocuments)
    .values({
      paymentId,
      typeDocument: '01',
      serieId,
      serie: 'A',
      numberDocument: String(invoices).padStart(8, '0'),
      transactionId: `tx-own-${invoices}`,
      taxBase: '1',
      iva: '0',
      total: '1',
    });
}

async function history(id: number) {
  const answer = await ctx.call('GET', '/api/fees/history', { token: admin.token, query: { owner_type: 'address', owner_id: id } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data.entries as { effective_month: Month | null; fee: string | null; inherited_from: string | null }[]).map((entry) => [
    entry.effective_month,
    entry.fee,
    entry.inherited_from,
  ]);
}

const ownAudits = (address: number) =>
  ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.logName, 'fee_tariffs'), eq(auditLogs.subjectType, 'address'), eq(auditLogs.subjectId, address)));

const OWED = [ago(3), ago(2), ago(1), NOW];

describe('an own fee turned on', () => {
  it('by default from next month: every owed month keeps the activity price everywhere; next month costs the own fee', async () => {
    const activity = await newActivity();
    const address = await newAddress(activity);
    const answer = await switchOwnFee(address, activity, '4.00');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    expect(monthFees(await statementOf(address), OWED)).toEqual(['10.00', '10.00', '10.00', '10.00']);
    expect((await statementOf(address)).owed_usd).toBe('40.00');
    const row = await listRow(address);
    expect([row.is_custom_fee, row.fee]).toEqual([true, '4.00']);
    expect(calendarPrices(row, OWED)).toEqual(withVat(['10.00', '10.00', '10.00', '10.00']));
    expect(rowOwedUsd(row)).toBe('40.00');
    expect(row.fee_changes).toEqual([{ effective_month: NEXT, previous_fee: '10.00', fee: '4.00' }]);
    expect(await sqlOwed(address)).toBe('40.00');

    expect(await history(address)).toEqual([
      [null, null, 'activity'],
      [NEXT, '4.00', null],
    ]);
    const audits = await ownAudits(address);
    expect(audits.map((row) => row.properties)).toContainEqual({
      attributes: {
        owner_type: 'address',
        owner_id: address,
        effective_month: NEXT,
        fee: '4.00',
        previous_fee: null,
        inherited: false,
        previous_inherited: true,
      },
    });

    // The store charges the owed months at the activity's $ 10,00 (plus VAT).
    expect((await pay(address, [ago(3)], ['10.00'])).usd).toBe('11.60');
  });

  it('from the current month: the months before it follow the activity, with a change of the activity dated among them; the aging card agrees', async () => {
    const activity = await newActivity();
    const address = await newAddress(activity);
    const before = await agingCard(ctx.db, RATE);
    expect((await switchOwnFee(address, activity, '4.00', NOW)).status).toBe(200);
    expect((await changeActivityFee(activity, '12.00', ago(2))).status).toBe(200);

    await expectPriced(address, ['10.00', '12.00', '12.00', '4.00'], '38.00');
    const after = await agingCard(ctx.db, RATE);
    const cents = (buckets: { owed_usd: string }[]) => buckets.reduce((sum, bucket) => sum + Math.round(Number(bucket.owed_usd) * 100), 0);
    // The address owed 4 × 10,00 before; now 38,00, as its statement says.
    expect(cents(after) - cents(before)).toBe(-200);

    // ago(1) at 12,00 and the current month at 4,00: $ 16,00 plus VAT.
    expect((await pay(address, [ago(3), ago(2), ago(1), NOW], ['10.00', '12.00', '12.00', '4.00'])).usd).toBe('44.08');
    // A later change of the own fee works as before.
    expect((await switchOwnFee(address, activity, '5.00', NEXT)).status).toBe(200);
    expect(await history(address)).toEqual([
      [null, null, 'activity'],
      [NOW, '4.00', null],
      [NEXT, '5.00', null],
    ]);
  });

  it('refuses with the Spanish 422 a switch dated before a closed month that has invoices, and keeps the address as it was', async () => {
    const activity = await newActivity();
    const address = await newAddress(activity);
    const paid = await pay(address, [ago(2)], ['10.00']);
    await invoice(paid.id);
    const answer = await switchOwnFee(address, activity, '4.00', ago(3));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.effective_month).toEqual([
      `No se puede aplicar la tarifa desde ${monthWords(ago(2))}: ${monthWords(ago(2))} ya está cerrado y tiene facturas emitidas con la tarifa anterior.`,
    ]);
    const [stored] = await ctx.db
      .select({ custom: addressesPayments.isCustomFee, fee: addressesPayments.fee })
      .from(addressesPayments)
      .where(eq(addressesPayments.id, address));
    expect(stored).toEqual({ custom: false, fee: null });
    expect(await history(address)).toEqual([[null, null, 'activity']]);

    const bad = await switchOwnFee(address, activity, '4.00', '2026-13');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.effective_month).toEqual(['El mes desde el que aplica la tarifa debe tener el formato AAAA-MM.']);

    // After the invoiced month it applies.
    expect((await switchOwnFee(address, activity, '4.00', ago(1))).status).toBe(200);
    expect((await statementOf(address)).owed_usd).toBe('18.00');
  });
});

describe('an own fee turned off', () => {
  it('from the current month: the months before it keep the own fee, the current one follows the activity and its later changes', async () => {
    const activity = await newActivity();
    const address = await newAddress(activity, '4.00');
    const answer = await switchOwnFee(address, activity, null, NOW);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [stored] = await ctx.db
      .select({ custom: addressesPayments.isCustomFee, fee: addressesPayments.fee })
      .from(addressesPayments)
      .where(eq(addressesPayments.id, address));
    expect(stored).toEqual({ custom: false, fee: null });

    expect(monthFees(await statementOf(address), OWED)).toEqual(['4.00', '4.00', '4.00', '10.00']);
    expect((await changeActivityFee(activity, '12.00', ago(1))).status).toBe(200);
    await expectPriced(address, ['4.00', '4.00', '4.00', '12.00'], '24.00');
    expect(await history(address)).toEqual([
      [null, '4.00', null],
      [NOW, null, 'activity'],
    ]);
    expect((await pay(address, [ago(3), ago(2)], ['4.00', '4.00'])).usd).toBe('9.28');
    expect((await statementOf(address)).owed_usd).toBe('16.00');
  });

  it('turned off by default from next month and on again from the month after: each month at its source', async () => {
    const activity = await newActivity();
    const address = await newAddress(activity, '4.00');
    expect((await switchOwnFee(address, activity, null)).status).toBe(200);
    expect((await switchOwnFee(address, activity, '6.00', addMonths(NOW, 2))).status).toBe(200);
    const row = await listRow(address);
    expect([row.is_custom_fee, row.fee]).toEqual([true, '6.00']);
    expect(row.fee_changes).toEqual([
      { effective_month: NEXT, previous_fee: '4.00', fee: '10.00' },
      { effective_month: addMonths(NOW, 2), previous_fee: '10.00', fee: '6.00' },
    ]);
    expect(rowOwedUsd(row)).toBe('16.00');
    expect(await sqlOwed(address)).toBe('16.00');
    expect(await ownAudits(address)).toHaveLength(2);
  });
});

const monthWords = (month: Month) => monthName(month).toLowerCase();
