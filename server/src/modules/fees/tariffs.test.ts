import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { setRates } from '../../../test/rates';
import { FEE_SOURCE_JOINS, owedUsdSql } from '../addresses-payment/ledger-sql';
import { addressesPayments, addressMonths } from '../addresses-payment/tables';
import { agingCard } from '../dashboard/aging';
import { economicActivities, activityGroups } from '../economic-activities/tables';
import { legalDocuments } from '../invoices/tables';
import { auditLogs } from '../logs/tables';
import { payments } from '../payments/tables';
import { communities } from '../regional/tables';
import { users } from '../users/tables';
import { cashPayment, paymentPlace } from '../../../test/payment-fixture';

/**
 * Tariffs with effective dates (issue 50): a community's fee goes from $ 5,00 to $ 8,00 from a
 * month; the months before it keep $ 5,00, paid months are never repriced, and the statement, the
 * calendar, the payment store and the aging card's SQL all price each month at its own tariff.
 */
let ctx: TestContext;
let admin: TestUser;
let reader: TestUser;
let owner: TestUser;
let serieId = 0;
const place = { state: 0, municipality: 0, parish: 0 };
const NOW = currentMonth();
const ago = (months: number): Month => addMonths(NOW, -months);
const RATE = '36.57';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({
    permissions: ['payments', 'add_payment', 'clients', 'communities', 'edit_community', 'economic_activities', 'edit_economic_activity', 'edit_address_payment', 'edit_client'],
  });
  reader = await ctx.staff({ permissions: ['economic_activities'] });
  owner = await ctx.clientUser({ name: 'Rosa Tarifas' });
  const { db } = ctx;
  const located = await paymentPlace(db);
  Object.assign(place, located.place);
  serieId = located.serieId;
  await setRates(db, { usd: RATE });
});
afterAll(async () => {
  await ctx.close();
});

let communityCount = 0;
async function newCommunity(fee = '5.00'): Promise<number> {
  communityCount += 1;
  const [community] = await ctx.db.insert(communities).values({ name: `Comunidad ${communityCount}`, parishId: place.parish, fee, dateStart: '2020-01-01' }).returning();
  return community!.id;
}

async function newAddress(community: number, start: Month = ago(3)): Promise<number> {
  const [row] = await ctx.db
    .insert(addressesPayments)
    .values({ clientId: owner.clientId!, type: 0, address: `Calle ${Math.random()}`, stateId: place.state, municipalityId: place.municipality, parishId: place.parish, communityId: community, dateStart: `${start}-01` })
    .returning();
  return row!.id;
}

const communityBody = (id: number, fee: string, effective?: Month) => ({
  id,
  name: `Comunidad editada ${id}`,
  state_id: place.state,
  municipality_id: place.municipality,
  parish_id: place.parish,
  number_houses: 10,
  responsible_name: '',
  responsible_phone: '',
  fee,
  date_start: '2020-01-01',
  ...(effective ? { effective_month: effective } : {}),
});

const changeCommunityFee = (id: number, fee: string, effective?: Month, token = admin.token) => ctx.call('PUT', '/api/communities/update', { token, body: communityBody(id, fee, effective) });

async function pay(addressId: number, months: Month[], amount: string) {
  const answer = await ctx.call('POST', '/api/bill-payments/store', {
    token: admin.token,
    body: cashPayment({ clientId: owner.clientId, serieId }, addressId, amount, months, { exchange_rate: RATE }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { id: number };
}

interface StatementAnswer {
  owed_usd: string;
  owed_bs: string;
  months_owed: number;
  addresses: { months: { month: Month; fee: string | null; state: string }[]; owed_usd: string }[];
}
async function statementOf(addressId: number): Promise<StatementAnswer> {
  const answer = await ctx.call('GET', `/api/addresses-payment/statement/${addressId}`, { token: admin.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as StatementAnswer;
}
const feeOfMonth = (statement: StatementAnswer, month: Month) => statement.addresses[0]!.months.find((entry) => entry.month === month && entry.state !== 'opening')?.fee;

async function calendarPrices(addressId: number): Promise<Map<Month, string | null>> {
  const answer = await ctx.call('GET', `/api/addresses-payment/address-client/${owner.clientId}`, { token: admin.token });
  expect(answer.status).toBe(200);
  const row = (answer.body.data as { id: number; payments: { months: { month: Month; price_usd: string | null }[] }[] }[]).find((item) => item.id === addressId)!;
  return new Map(row.payments.flatMap((year) => year.months.map((month) => [month.month, month.price_usd] as const)));
}

describe('a community fee changed from a month', () => {
  it('prices the month before the effective month at the old fee, the effective month and after at the new one', async () => {
    const community = await newCommunity();
    const address = await newAddress(community);
    const answer = await changeCommunityFee(community, '8.00', NOW);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    const statement = await statementOf(address);
    expect(feeOfMonth(statement, ago(1))).toBe('5.00');
    expect(feeOfMonth(statement, NOW)).toBe('8.00');
    // ago(3), ago(2), ago(1) at 5,00 and the current month at 8,00.
    expect(statement.addresses[0]!.owed_usd).toBe('23.00');
    expect(statement.owed_bs).toBe('841.11');

    const prices = await calendarPrices(address);
    expect(prices.get(ago(1))).toBe('5.00');
    expect(prices.get(NOW)).toBe('8.00');

    const [stored] = await ctx.db.select({ fee: communities.fee }).from(communities).where(eq(communities.id, community));
    expect(stored!.fee).toBe('8.00');
  });

  it('defaults to next month: every owed month keeps the old fee, and the history says from when the new one applies', async () => {
    const community = await newCommunity();
    const address = await newAddress(community);
    expect((await changeCommunityFee(community, '6.50')).status).toBe(200);
    const statement = await statementOf(address);
    expect(statement.addresses[0]!.owed_usd).toBe('20.00');
    expect((await calendarPrices(address)).get(NOW)).toBe('5.00');

    const history = await ctx.call('GET', '/api/fees/history', { token: admin.token, query: { owner_type: 'community', owner_id: community } });
    expect(history.status).toBe(200);
    expect(history.body.data.entries.map((entry: { effective_month: Month | null; fee: string }) => [entry.effective_month, entry.fee])).toEqual([
      [null, '5.00'],
      [addMonths(NOW, 1), '6.50'],
    ]);
    const [recorder] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, admin.id));
    expect(history.body.data.entries[1].created_by).toBe(recorder!.name);
  });

  it('never reprices a paid month; the payment store charges each chosen month at its own tariff', async () => {
    const community = await newCommunity();
    const address = await newAddress(community);
    // ago(3) paid at 5,00 before the change.
    const paid = await pay(address, [ago(3)], '182.85');
    const [before] = await ctx.db.select({ usd: payments.dollarAmountPayment }).from(payments).where(eq(payments.id, paid.id));
    expect((await changeCommunityFee(community, '8.00', ago(1))).status).toBe(200);

    const [after] = await ctx.db.select({ usd: payments.dollarAmountPayment }).from(payments).where(eq(payments.id, paid.id));
    expect(after!.usd).toBe(before!.usd);
    const statement = await statementOf(address);
    expect(statement.addresses[0]!.months.find((month) => month.month === ago(3))!.state).toBe('paid');
    // Owed: ago(2) at 5,00; ago(1) and the current month at 8,00.
    expect(statement.addresses[0]!.owed_usd).toBe('21.00');

    // Paying ago(2) and ago(1) costs 5,00 + 8,00.
    const next = await pay(address, [ago(2), ago(1)], '475.41');
    const [stored] = await ctx.db.select({ usd: payments.dollarAmountPayment, base: payments.taxBase }).from(payments).where(eq(payments.id, next.id));
    expect(stored!.usd).toBe('13.00');
    expect((await statementOf(address)).addresses[0]!.owed_usd).toBe('8.00');
  });

  it('a later change before an earlier scheduled one keeps both: each month at the tariff in force for it', async () => {
    const community = await newCommunity();
    const address = await newAddress(community, ago(4));
    expect((await changeCommunityFee(community, '9.00', NOW)).status).toBe(200);
    expect((await changeCommunityFee(community, '7.00', ago(2))).status).toBe(200);
    const statement = await statementOf(address);
    expect([ago(4), ago(3), ago(2), ago(1), NOW].map((month) => feeOfMonth(statement, month))).toEqual(['5.00', '5.00', '7.00', '7.00', '9.00']);
    expect(statement.addresses[0]!.owed_usd).toBe('33.00');
    // The column keeps the newest tariff, not the one just dated back.
    const [stored] = await ctx.db.select({ fee: communities.fee }).from(communities).where(eq(communities.id, community));
    expect(stored!.fee).toBe('9.00');
  });

  it('is audited with its month and both fees', async () => {
    const community = await newCommunity();
    expect((await changeCommunityFee(community, '5.75', NOW)).status).toBe(200);
    const rows = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'fee_tariffs'), eq(auditLogs.subjectId, community)));
    expect(rows.map((row) => row.properties)).toContainEqual({ attributes: { owner_type: 'community', owner_id: community, effective_month: NOW, fee: '5.75', previous_fee: '5.00' } });
  });

  it('refuses with a Spanish 422 a change dated before a closed month that already has invoices', async () => {
    const community = await newCommunity();
    const address = await newAddress(community);
    const paid = await pay(address, [ago(2)], '182.85');
    await ctx.db.insert(legalDocuments).values({ paymentId: paid.id, typeDocument: '01', serieId, serie: 'A', numberDocument: '00000001', transactionId: 'tx-1', taxBase: '182.85', iva: '0', total: '182.85' });
    const answer = await changeCommunityFee(community, '8.00', ago(3));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.effective_month).toEqual([
      `No se puede aplicar la tarifa desde ${monthWords(ago(2))}: ${monthWords(ago(2))} ya está cerrado y tiene facturas emitidas con la tarifa anterior.`,
    ]);
    const [stored] = await ctx.db.select({ fee: communities.fee }).from(communities).where(eq(communities.id, community));
    expect(stored!.fee).toBe('5.00');
    // After the invoiced month it applies.
    expect((await changeCommunityFee(community, '8.00', ago(1))).status).toBe(200);
  });

  it('refuses an effective month that is not YYYY-MM', async () => {
    const community = await newCommunity();
    const answer = await changeCommunityFee(community, '8.00', '2026-13');
    expect(answer.status).toBe(422);
    expect(answer.body.errors.effective_month).toEqual(['El mes desde el que aplica la tarifa debe tener el formato AAAA-MM.']);
  });
});

const MONTH_WORDS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const monthWords = (month: Month) => `${MONTH_WORDS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

describe('an activity fee and an address own fee', () => {
  it('the activity edit takes effective_month; its history is read with the activity permission and refused without it', async () => {
    const [group] = await ctx.db.insert(activityGroups).values({ name: 'Comercio' }).returning();
    const [activity] = await ctx.db.insert(economicActivities).values({ name: 'Bodega', fee: '10.00', activityGroupId: group!.id }).returning();
    const answer = await ctx.call('PUT', '/api/economic-activities/update', {
      token: admin.token,
      body: { id: activity!.id, name: 'Bodega', code: '', fee: '12.00', activity_group_id: group!.id, effective_month: NOW },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const history = await ctx.call('GET', '/api/fees/history', { token: reader.token, query: { owner_type: 'activity', owner_id: activity!.id } });
    expect(history.status).toBe(200);
    expect(history.body.data.entries.map((entry: { fee: string }) => entry.fee)).toEqual(['10.00', '12.00']);
    const refused = await ctx.call('GET', '/api/fees/history', { token: reader.token, query: { owner_type: 'community', owner_id: 1 } });
    expect(refused.status).toBe(403);
    const missing = await ctx.call('GET', '/api/fees/history', { token: reader.token, query: { owner_type: 'activity', owner_id: 999999 } });
    expect(missing.status).toBe(404);
    const bad = await ctx.call('GET', '/api/fees/history', { token: reader.token, query: { owner_type: 'parish', owner_id: 1 } });
    expect(bad.status).toBe(422);
  });

  it("an address's own fee keeps its history through the address edit", async () => {
    const [group] = await ctx.db.insert(activityGroups).values({ name: 'Servicios' }).returning();
    const [activity] = await ctx.db.insert(economicActivities).values({ name: 'Taller', fee: '10.00', activityGroupId: group!.id }).returning();
    const [row] = await ctx.db
      .insert(addressesPayments)
      .values({ clientId: owner.clientId!, type: 1, address: 'Local 4', stateId: place.state, municipalityId: place.municipality, parishId: place.parish, economicActivityId: activity!.id, isCustomFee: true, fee: '4.00', dateStart: `${ago(1)}-01` })
      .returning();
    const body = {
      id: row!.id,
      client_id: owner.clientId,
      type: 1,
      address: 'Local 4',
      state_id: place.state,
      municipality_id: place.municipality,
      parish_id: place.parish,
      economic_activity_id: activity!.id,
      is_custom_fee: true,
      fee: '6.00',
      date_start: `${ago(1)}-01`,
      effective_month: NOW,
    };
    const answer = await ctx.call('PUT', '/api/addresses-payment/update', { token: admin.token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const statement = await statementOf(row!.id);
    expect([feeOfMonth(statement, ago(1)), feeOfMonth(statement, NOW)]).toEqual(['4.00', '6.00']);
    expect(statement.addresses[0]!.owed_usd).toBe('10.00');
    const history = await ctx.call('GET', '/api/fees/history', { token: admin.token, query: { owner_type: 'address', owner_id: row!.id } });
    expect(history.body.data.entries.map((entry: { effective_month: Month | null; fee: string }) => [entry.effective_month, entry.fee])).toEqual([
      [null, '4.00'],
      [NOW, '6.00'],
    ]);
  });
});

describe('the aging card in SQL', () => {
  it('adds each owed month at its own price, the same as the statements, with gaps and paid-ahead months', async () => {
    const community = await newCommunity('5.00');
    const plain = await newAddress(community, ago(5));
    const withGap = await newAddress(community, ago(5));
    await ctx.db.insert(addressMonths).values([{ addressPaymentId: withGap, month: ago(3) }]);
    const ahead = await newAddress(community, ago(2));
    await ctx.db.insert(addressMonths).values([{ addressPaymentId: ahead, month: ago(2) }, { addressPaymentId: ahead, month: addMonths(NOW, 1) }]);
    const before = await agingCard(ctx.db, RATE);
    expect((await changeCommunityFee(community, '11.00', ago(1))).status).toBe(200);
    const after = await agingCard(ctx.db, RATE);
    const statements = await Promise.all([plain, withGap, ahead].map(statementOf));
    const sum = (values: string[]) => values.reduce((total, value) => total + Math.round(Number(value) * 100), 0);
    const added = sum(after.map((bucket) => bucket.owed_usd)) - sum(before.map((bucket) => bucket.owed_usd));
    const statementsDelta = sum(statements.map((statement) => statement.owed_usd)) - (6 + 5 + 2) * 500;
    expect(added).toBe(statementsDelta);
    // plain: 4 × 5 + 2 × 11; withGap: 3 × 5 + 2 × 11; ahead: ago(1) and now at 11.
    expect(statements.map((statement) => statement.owed_usd)).toEqual(['42.00', '37.00', '22.00']);
    const bs = sum(after.map((bucket) => bucket.owed_bs)) - sum(before.map((bucket) => bucket.owed_bs));
    const statementsBs = sum(statements.map((statement) => statement.owed_bs)) - sum(['1097.10', '914.25', '365.70']);
    expect(bs).toBe(statementsBs);
    // The per-address SQL debt reminders read says the same as each statement.
    const perAddress = (await ctx.db.execute(
      sql`select ${addressesPayments.id} as id, ${owedUsdSql(NOW)}::numeric(18, 2)::text as owed from ${addressesPayments} ${FEE_SOURCE_JOINS}
        where ${inArray(addressesPayments.id, [plain, withGap, ahead])} order by ${addressesPayments.id}`,
    )) as unknown as { rows: { id: number; owed: string }[] };
    expect(perAddress.rows.map((row) => row.owed)).toEqual(['42.00', '37.00', '22.00']);
  });
});
