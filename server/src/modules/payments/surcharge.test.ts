import Decimal from 'decimal.js';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInCaracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth, monthName, type Month } from '@recaudo/domain/months';
import { agreementMessages } from '@recaudo/domain/payment-agreements';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { paymentPlace } from '../../../test/payment-fixture';
import { setRates } from '../../../test/rates';
import { addressesPayments } from '../addresses-payment/tables';
import { auditLogs } from '../logs/tables';
import { communities } from '../regional/tables';
import { breakOverdueAgreements } from '../payment-agreements/breach';
import { paymentAgreements } from '../payment-agreements/tables';
import { pdfText } from '../../../test/pdf-text';
import { clients } from '../clients/tables';
import { outbox } from '../messages/tables';
import { currentPeriod, reminderEntries, runReminders } from '../reminders/service';
import { payments } from './tables';

/**
 * The late-payment surcharge (issue 50) through the API: a community's settings, the calendar's
 * `surcharge_usd`, the payment that must bring it and the waiver. Months are counted back from the
 * current month, and every figure is chosen to hold on any day: a month three back is late two to
 * four times at any grace of up to a month, so a cap of two months or one in percent fixes it.
 */
let ctx: TestContext;
let admin: TestUser;
let cashier: TestUser;
let owner: TestUser;
let serieId = 0;
const place = { state: 0, municipality: 0, parish: 0 };
const NOW = currentMonth();
const TODAY = todayInCaracas();
const ago = (months: number): Month => addMonths(NOW, -months);
const RATE = '36.57';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment', 'clients', 'communities', 'edit_community', 'waive_late_fee', 'payment_agreements'] });
  cashier = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment', 'clients'] });
  owner = await ctx.clientUser({ name: 'Rosa Mora' });
  const { db } = ctx;
  const located = await paymentPlace(db);
  Object.assign(place, located.place);
  serieId = located.serieId;
  await setRates(db, { usd: RATE });
});
afterAll(async () => {
  await ctx.close();
});

let count = 0;
async function newCommunity(): Promise<number> {
  count += 1;
  const [community] = await ctx.db.insert(communities).values({ name: `Comunidad ${count}`, parishId: place.parish, fee: '10.00', dateStart: '2020-01-01' }).returning();
  return community!.id;
}

const settingsBody = (id: number, settings: Record<string, unknown>) => ({
  id,
  name: `Comunidad ${id}`,
  state_id: place.state,
  municipality_id: place.municipality,
  parish_id: place.parish,
  number_houses: 10,
  responsible_name: '',
  responsible_phone: '',
  fee: '10.00',
  date_start: '2020-01-01',
  ...settings,
});
const setLateFee = (id: number, settings: Record<string, unknown>) => ctx.call('PUT', '/api/communities/update', { token: admin.token, body: settingsBody(id, settings) });

/** A community charging `settings` and an address in it owing from three months back. */
async function owingAddress(settings: Record<string, unknown>): Promise<number> {
  const community = await newCommunity();
  const answer = await setLateFee(community, settings);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [row] = await ctx.db
    .insert(addressesPayments)
    .values({ clientId: owner.clientId!, type: 0, address: `Calle ${community}`, stateId: place.state, municipalityId: place.municipality, parishId: place.parish, communityId: community, dateStart: `${ago(3)}-01` })
    .returning();
  return row!.id;
}

async function calendarOf(addressId: number): Promise<Map<Month, { state: string; surcharge_usd?: string }>> {
  const answer = await ctx.call('GET', `/api/addresses-payment/address-client/${owner.clientId}`, { token: admin.token });
  expect(answer.status).toBe(200);
  const row = (answer.body.data as { id: number; payments: { months: { month: Month; state: string; surcharge_usd?: string }[] }[] }[]).find((item) => item.id === addressId)!;
  return new Map(row.payments.flatMap((year) => year.months.map((month) => [month.month, month] as const)));
}

const pay = (addressId: number, months: Month[], amount: string, extra: Record<string, unknown> = {}, token = admin.token) =>
  ctx.call('POST', '/api/bill-payments/store', {
    token,
    body: {
      client_id: owner.clientId,
      address_payment_id: addressId,
      status: 1,
      payment_method_id: 4,
      date_payment: TODAY,
      exchange_rate: RATE,
      exchange_rate_id: 1,
      amount_payment: amount,
      serie_id: serieId,
      number: '00012345',
      type_payment_month: 1,
      months_payment: months,
      send_invoice: 0,
      ...extra,
    },
  });

describe('PUT /api/communities/update with surcharge settings', () => {
  it('stores the settings, answers them on the list, keeps them when an edit leaves them out, and audits the change', async () => {
    const community = await newCommunity();
    expect((await setLateFee(community, { late_fee_percent: '2.5', late_fee_grace_days: 10, late_fee_cap_months: 6 })).status).toBe(200);
    expect((await setLateFee(community, {})).status).toBe(200);
    const [stored] = await ctx.db.select().from(communities).where(eq(communities.id, community));
    expect([stored!.lateFeePercent, stored!.lateFeeGraceDays, stored!.lateFeeCapMonths, stored!.lateFeeCapPercent]).toEqual(['2.50', 10, 6, null]);

    const list = await ctx.call('GET', '/api/communities', { token: admin.token, query: { search: `Comunidad ${community}` } });
    expect(list.body.data.data[0]).toMatchObject({ late_fee_percent: '2.50', late_fee_grace_days: 10, late_fee_cap_months: 6, late_fee_cap_percent: null });

    const [log] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'communities'), eq(auditLogs.subjectId, community))).orderBy(desc(auditLogs.id)).limit(1);
    expect(log!.properties).toMatchObject({ old: { late_fee_percent: null, late_fee_grace_days: 0 }, attributes: { late_fee_percent: '2.50', late_fee_grace_days: 10, late_fee_cap_months: 6 } });

    expect((await setLateFee(community, { late_fee_percent: '' })).status).toBe(200);
    const [off] = await ctx.db.select({ percent: communities.lateFeePercent }).from(communities).where(eq(communities.id, community));
    expect(off!.percent).toBeNull();
  });

  it('answers bad settings with a Spanish 422 and stores nothing', async () => {
    const community = await newCommunity();
    const answer = await setLateFee(community, { late_fee_percent: '0', late_fee_grace_days: -1, late_fee_cap_percent: '120' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      late_fee_percent: ['El campo Recargo mensual (%) debe ser mayor que 0.'],
      late_fee_grace_days: ['El campo Días de gracia debe ser al menos 0.'],
      late_fee_cap_percent: ['El campo Tope (% de la tarifa) no debe ser mayor que 100.'],
    });
    const [stored] = await ctx.db.select({ percent: communities.lateFeePercent }).from(communities).where(eq(communities.id, community));
    expect(stored!.percent).toBeNull();
  });

  it('needs edit_community', async () => {
    const community = await newCommunity();
    const answer = await ctx.call('PUT', '/api/communities/update', { token: cashier.token, body: settingsBody(community, { late_fee_percent: '2' }) });
    expect(answer.status).toBe(403);
  });
});

describe('the calendar of an address owing late months', () => {
  it('answers surcharge_usd on owed months past the grace, up to the cap in months', async () => {
    const address = await owingAddress({ late_fee_percent: '5', late_fee_grace_days: 0, late_fee_cap_months: 2 });
    const months = await calendarOf(address);
    expect(months.get(ago(3))).toMatchObject({ state: 'unpaid', surcharge_usd: '1.00' });
  });

  it('stops at the cap in percent of the fee', async () => {
    const address = await owingAddress({ late_fee_percent: '5', late_fee_grace_days: 0, late_fee_cap_percent: '7' });
    expect((await calendarOf(address)).get(ago(3))?.surcharge_usd).toBe('0.70');
  });

  it('answers no surcharge while the grace lasts, nor with the surcharge off', async () => {
    const inGrace = await owingAddress({ late_fee_percent: '5', late_fee_grace_days: 365 });
    for (const month of [ago(3), ago(2), ago(1), NOW]) expect((await calendarOf(inGrace)).get(month)).not.toHaveProperty('surcharge_usd');
    const off = await owingAddress({});
    expect((await calendarOf(off)).get(ago(3))).toMatchObject({ state: 'unpaid' });
    expect((await calendarOf(off)).get(ago(3))).not.toHaveProperty('surcharge_usd');
  });
});

describe('POST /api/bill-payments/store of late months', () => {
  const CAPPED = { late_fee_percent: '5', late_fee_grace_days: 0, late_fee_cap_months: 2 };

  it('refuses an amount that covers the months but not the surcharge, in Spanish', async () => {
    const address = await owingAddress(CAPPED);
    const answer = await pay(address, [ago(3)], '365.70');
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ amount_payment: ['Faltan BS 36,57 ($ 1,00) para cubrir el pago de los meses y el IGTF.'] });
  });

  it('charges the surcharge, stores it on the payment in the tax base, and the month answers paid without surcharge', async () => {
    const address = await owingAddress(CAPPED);
    const answer = await pay(address, [ago(3)], '402.27');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, answer.body.data.id));
    expect([row!.surchargeUsd, row!.surchargeWaivedUsd, row!.taxBase, row!.dollarAmountPayment]).toEqual(['1.00', '0.00', '11.00', '11.00']);
    expect((await calendarOf(address)).get(ago(3))).toEqual(expect.objectContaining({ state: 'paid' }));
    expect((await calendarOf(address)).get(ago(3))).not.toHaveProperty('surcharge_usd');
  });

  it('refuses a waiver from a user without waive_late_fee', async () => {
    const address = await owingAddress(CAPPED);
    const answer = await pay(address, [ago(3)], '383.99', { surcharge_waived_usd: '0.50', surcharge_waiver_reason: 'Cliente de la tercera edad' }, cashier.token);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('No tienes permiso para exonerar el recargo por mora.');
    expect(await ctx.db.select().from(payments).where(eq(payments.addressPaymentId, address))).toEqual([]);
  });

  it('refuses a waiver larger than the surcharge, and one without a reason', async () => {
    const address = await owingAddress(CAPPED);
    const larger = await pay(address, [ago(3)], '365.70', { surcharge_waived_usd: '1.01', surcharge_waiver_reason: 'Acuerdo con la junta' });
    expect(larger.status).toBe(422);
    expect(larger.body.errors).toEqual({ surcharge_waived_usd: ['La exoneración no puede ser mayor que el recargo por mora de los meses pagados ($ 1,00).'] });
    const unexplained = await pay(address, [ago(3)], '383.99', { surcharge_waived_usd: '0.50' });
    expect(unexplained.status).toBe(422);
    expect(unexplained.body.errors).toEqual({ surcharge_waiver_reason: ['Indica el motivo de la exoneración del recargo por mora.'] });
  });

  it('charges what the waiver leaves, stores the waiver and its reason, and audits them', async () => {
    const address = await owingAddress(CAPPED);
    const answer = await pay(address, [ago(3)], '383.99', { surcharge_waived_usd: '0.50', surcharge_waiver_reason: 'Cliente de la tercera edad' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, answer.body.data.id));
    expect([row!.surchargeUsd, row!.surchargeWaivedUsd, row!.surchargeWaiverReason, row!.taxBase]).toEqual(['1.00', '0.50', 'Cliente de la tercera edad', '10.50']);
    const [log] = await ctx.db.select().from(auditLogs).where(and(eq(auditLogs.logName, 'payments'), eq(auditLogs.subjectId, row!.id)));
    expect(log!.properties).toMatchObject({ attributes: { surcharge_usd: '1.00', surcharge_waived_usd: '0.50', surcharge_waiver_reason: 'Cliente de la tercera edad' } });
    const read = await ctx.call('GET', '/api/payments', { token: admin.token });
    expect((read.body.data.data as { id: number }[]).find((item) => item.id === row!.id)).toMatchObject({ surcharge_usd: '1.00', surcharge_waived_usd: '0.50', surcharge_waiver_reason: 'Cliente de la tercera edad' });
    // The receipt carries the surcharge and the waiver as lines of their own, in $ and at the payment's rate.
    const receipt = await ctx.app.inject({ method: 'GET', url: `/api/payments/generate-payment-pdf/${row!.hash}`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(receipt.statusCode).toBe(200);
    const { text } = pdfText(receipt.rawPayload);
    for (const part of ['Recargo por mora', '$ 1,00', 'BS 36,57', 'Recargo por mora exonerado', '$ -0,50', 'BS -18,29']) expect(text).toContain(part);
  });
});

describe('payment agreements and the surcharge', () => {
  const CAPPED = { late_fee_percent: '5', late_fee_grace_days: 0, late_fee_cap_months: 2 };
  const surcharges = async (address: number) =>
    [...(await calendarOf(address)).entries()].filter(([, month]) => month.surcharge_usd !== undefined).map(([month, { surcharge_usd }]) => [month, surcharge_usd]);
  const FIRST_DUE = addMonths(NOW, 1) + '-10';

  it('freezes the surcharge accrued at signing into the debt, accrues none while current, and resumes from the day it breaks', async () => {
    const address = await owingAddress(CAPPED);
    const before = await surcharges(address);
    const accrued = before.reduce((sum, [, value]) => sum.plus(value!), new Decimal(0)).toFixed(2);
    expect(before.find(([month]) => month === ago(3))).toEqual([ago(3), '1.00']);
    const signed = await ctx.call('POST', '/api/payment-agreements/store', {
      token: admin.token,
      body: { address_payment_id: address, down_payment_usd: '6.00', installments: 3, first_due_date: FIRST_DUE },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data).toMatchObject({ surcharge_usd: accrued, debt_usd: new Decimal('40.00').plus(accrued).toFixed(2) });
    expect(await surcharges(address)).toEqual([]);
    // The daily check breaks it: its down payment falls due today, which a grace of -1 day makes overdue now.
    expect(await breakOverdueAgreements(ctx.db, -1)).toContain(signed.body.data.id);
    const [agreement] = await ctx.db.select().from(paymentAgreements).where(eq(paymentAgreements.id, signed.body.data.id));
    expect(agreement!.status).toBe('broken');
    // Broken today: each month owes what it had accrued at signing, and accrues again from tomorrow.
    expect(await surcharges(address)).toEqual(before);
  });

  it('accrues no surcharge on the months of a current agreement, whose installments alone pay them', async () => {
    const address = await owingAddress(CAPPED);
    expect(new Decimal((await calendarOf(address)).get(ago(3))!.surcharge_usd ?? 0).greaterThan(0)).toBe(true);
    const signed = await ctx.call('POST', '/api/payment-agreements/store', {
      token: admin.token,
      body: { address_payment_id: address, down_payment_usd: '6.00', installments: 3, first_due_date: FIRST_DUE },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect((await calendarOf(address)).get(ago(3))!.surcharge_usd ?? '0.00').toBe('0.00');
    const answer = await pay(address, [ago(3)], '365.70');
    expect(answer.status).toBe(422);
    expect(answer.body.errors.months_payment).toEqual([agreementMessages.monthInAgreement(monthName(ago(3)))]);
  });
});

describe('the statement of an address that owes a surcharge', () => {
  it('answers each late month\'s surcharge, the address\'s and the total\'s, and the waivers; the PDF shows them', async () => {
    const address = await owingAddress({ late_fee_percent: '5', late_fee_grace_days: 0, late_fee_cap_months: 2 });
    const calendar = await calendarOf(address);
    const paid = await pay(address, [ago(3)], '383.99', { surcharge_waived_usd: '0.50', surcharge_waiver_reason: 'Cliente de la tercera edad' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const answer = await ctx.call('GET', `/api/addresses-payment/statement/${address}`, { token: admin.token });
    expect(answer.status).toBe(200);
    const [statement] = answer.body.data.addresses;
    const owed = [ago(2), ago(1), NOW].map((month) => calendar.get(month)!.surcharge_usd).filter((value) => value !== undefined);
    const total = owed.reduce((sum, value) => sum.plus(value!), new Decimal(0)).toFixed(2);
    expect(statement.months.find((month: { month: Month }) => month.month === ago(2))).toMatchObject({ state: 'owed', surcharge_usd: '1.00' });
    expect(statement.months.find((month: { month: Month }) => month.month === ago(3))).not.toHaveProperty('surcharge_usd');
    expect([statement.surcharge_usd, answer.body.data.surcharge_usd]).toEqual([total, total]);
    expect(statement.surcharge_bs).toBe(new Decimal(total).times(RATE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    expect(statement.surcharge_waivers).toEqual([
      { payment_id: paid.body.data.id, number: expect.any(String), date_payment: TODAY, surcharge_usd: '1.00', waived_usd: '0.50', reason: 'Cliente de la tercera edad' },
    ]);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/addresses-payment/statement/${address}?type_format=pdf`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(pdf.statusCode).toBe(200);
    const { lines } = pdfText(pdf.rawPayload);
    expect(lines).toContain('Recargo por mora exonerado');
    expect(lines).toContain('Cliente de la tercera edad');
    expect(lines).toContain('Recargo ($)');
  });
});

describe('the monthly reminder of an address that owes a surcharge', () => {
  it('names the surcharge per address and in the total, in the preview\'s entries and in the e-mail', async () => {
    const address = await owingAddress({ late_fee_percent: '5', late_fee_grace_days: 0, late_fee_cap_months: 2 });
    const calendar = await calendarOf(address);
    const owed = [...calendar.values()].reduce((sum, month) => sum.plus(month.surcharge_usd ?? 0), new Decimal(0));
    const inBs = (usd: Decimal.Value) => new Decimal(usd).times(RATE).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const options = { minMonths: 1, appUrl: 'https://recaudo.test', sms: false };
    await ctx.db.update(clients).set({ email: 'rosa.mora@correo.test' }).where(eq(clients.id, owner.clientId!));
    const [entry] = (await reminderEntries(ctx.db, await currentPeriod(ctx.db), options)).filter((item) => item.client.id === owner.clientId);
    const line = entry!.addresses.find((item) => item.address_payment_id === address)!;
    expect([line.surcharge_usd, line.surcharge_bs]).toEqual([owed.toFixed(2), inBs(owed).toFixed(2)]);
    const total = entry!.addresses.reduce((sum, item) => sum.plus(item.surcharge_usd), new Decimal(0));
    expect(entry!.surcharge_usd).toBe(total.toFixed(2));
    await runReminders(ctx.db, options);
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.to, 'rosa.mora@correo.test'));
    const money = (value: Decimal) => value.toFixed(2).replace('.', ',');
    expect(mail!.bodyText).toContain(`${line.address}: 4 meses, $ 40,00 (BS 1.462,80); recargo por mora $ ${money(owed)} (BS ${money(inBs(owed))})`);
  });
});

describe('the dashboard\'s aging card', () => {
  it('adds up the surcharge every owing address owes, by bucket, as their statements do', async () => {
    await owingAddress({ late_fee_percent: '5', late_fee_grace_days: 0, late_fee_cap_months: 2 });
    const card = (await ctx.call('GET', '/api/dashboard/aging', { token: admin.token })).body.data.aging as { bucket: string; surcharge_usd: string }[];
    const statement = (await ctx.call('GET', `/api/clients/statement/${owner.clientId}`, { token: admin.token })).body.data;
    expect(new Decimal(statement.surcharge_usd).greaterThan(0)).toBe(true);
    expect(card.reduce((sum, bucket) => sum.plus(bucket.surcharge_usd), new Decimal(0)).toFixed(2)).toBe(statement.surcharge_usd);
    const bucketOf = (bucket: string) => statement.addresses.filter((address: { aging: string }) => address.aging === bucket);
    for (const bucket of card)
      expect(bucket.surcharge_usd).toBe(bucketOf(bucket.bucket).reduce((sum: Decimal, address: { surcharge_usd: string }) => sum.plus(address.surcharge_usd), new Decimal(0)).toFixed(2));
  });
});
