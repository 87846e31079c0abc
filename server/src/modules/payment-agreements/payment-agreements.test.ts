import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInCaracas, dayjs } from '@recaudo/domain/dates';
import { addMonths, currentMonth, monthName, type Month } from '@recaudo/domain/months';
import { agreementMessages } from '@recaudo/domain/payment-agreements';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';
import { setRates } from '../../../test/rates';
import { addressesPayments, addressMonths } from '../addresses-payment/tables';
import { correlatives } from '../correlatives/tables';
import { auditLogs } from '../logs/tables';
import { outbox } from '../messages/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { pdfText } from '../../../test/pdf-text';
import { currentPeriod, reminderEntries, runReminders } from '../reminders/service';
import { breakOverdueAgreements } from './breach';
import { databaseToday } from './service';
import { installments, paymentAgreements } from './tables';

/**
 * Payment agreements (issue 50): an address owing six months of $ 5,00 signs a $ 30,00 agreement;
 * payments to it pay its installments in order and cover its months oldest first; an installment
 * overdue past the grace breaks it once; a current agreement keeps the address from a solvency.
 * Dates are relative to today (months back, the database's day), so the tests hold on any day.
 */
let ctx: TestContext;
let admin: TestUser;
let cashier: TestUser;
let owner: TestUser;
let stranger: TestUser;
let serieId = 0;
const place = { state: 0, municipality: 0, parish: 0, community: 0 };
const TODAY = todayInCaracas();
const ago = (months: number): Month => addMonths(currentMonth(), -months);
const RATE = '40.00';
const GRACE = 5;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staff({ permissions: ['clients', 'payment_agreements', 'payments', 'add_payment', 'solvencies', 'add_solvency'] });
  cashier = await ctx.staff({ permissions: ['clients', 'payments', 'add_payment', 'solvencies', 'add_solvency'] });
  owner = await ctx.clientUser({ name: 'Rosa Convenio', email: 'rosa.convenio@example.com' });
  stranger = await ctx.clientUser({ name: 'Otra Clienta' });
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Lara' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Iribarren', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Catedral', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await db
    .insert(communities)
    .values({ name: 'Comunidad Convenio', parishId: parish!.id, fee: '5.00', dateStart: '2020-01-01' })
    .returning();
  Object.assign(place, { state: state!.id, municipality: municipality!.id, parish: parish!.id, community: community!.id });
  const [serie] = await db.insert(correlatives).values({ serie: 'A', number: '00000100', numberCreditNote: '0000', numberDebitNote: '0000' }).returning();
  serieId = serie!.id;
  await setRates(db, { usd: RATE });
});
afterAll(async () => {
  await ctx.close();
});

/** An address of the owner owing every month from `start` through the current one, at $ 5,00 each. */
async function newAddress(start: Month, clientId = owner.clientId!): Promise<number> {
  const [row] = await ctx.db
    .insert(addressesPayments)
    .values({
      clientId,
      type: 0,
      address: `Calle ${Math.random()}`,
      stateId: place.state,
      municipalityId: place.municipality,
      parishId: place.parish,
      communityId: place.community,
      dateStart: `${start}-01`,
    })
    .returning();
  return row!.id;
}

const sign = (body: Record<string, unknown>, token = admin.token) => ctx.call('POST', '/api/payment-agreements/store', { token, body });
/** The first installment falls due a week ahead, so a run that crosses midnight still signs. */
const FIRST_DUE = dayjs(TODAY).add(7, 'day');
const plan = (address: number, extra: Record<string, unknown> = {}) => ({
  address_payment_id: address,
  down_payment_usd: '6.00',
  installments: 3,
  first_due_date: FIRST_DUE.format('YYYY-MM-DD'),
  ...extra,
});

async function payAgreement(address: number, agreement: number | null, usd: string, months: Month[] = []) {
  return ctx.call('POST', '/api/bill-payments/store', {
    token: admin.token,
    body: {
      client_id: owner.clientId,
      address_payment_id: address,
      status: 1,
      payment_method_id: 4,
      date_payment: TODAY,
      exchange_rate: RATE,
      exchange_rate_id: 1,
      amount_payment: (Number(usd) * Number(RATE)).toFixed(2),
      serie_id: serieId,
      number: '00012345',
      type_payment_month: 1,
      months_payment: months,
      send_invoice: 0,
      payment_agreement_id: agreement,
    },
  });
}

const coveredMonths = async (address: number) =>
  (await ctx.db.select({ month: addressMonths.month }).from(addressMonths).where(eq(addressMonths.addressPaymentId, address))).map((row) => row.month).sort();

describe('POST /api/payment-agreements/store', () => {
  it('freezes the owed months as the debt and writes the down payment and the installments', async () => {
    const address = await newAddress(ago(5));
    const answer = await sign(plan(address));
    const today = await databaseToday(ctx.db);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(agreementMessages.created);
    const agreement = answer.body.data;
    expect(agreement).toMatchObject({
      address_payment_id: address,
      status: 'current',
      debt_usd: '30.00',
      surcharge_usd: '0.00',
      down_payment_usd: '6.00',
      paid_usd: '0.00',
    });
    expect(agreement.months.map((month: { month: Month }) => month.month)).toEqual([ago(5), ago(4), ago(3), ago(2), ago(1), ago(0)]);
    const first = FIRST_DUE;
    expect(agreement.installments).toEqual([
      { number: 0, due_date: today, amount_usd: '6.00', paid_usd: '0.00', status: 'pending' },
      { number: 1, due_date: first.format('YYYY-MM-DD'), amount_usd: '8.00', paid_usd: '0.00', status: 'pending' },
      { number: 2, due_date: first.add(1, 'month').format('YYYY-MM-DD'), amount_usd: '8.00', paid_usd: '0.00', status: 'pending' },
      { number: 3, due_date: first.add(2, 'month').format('YYYY-MM-DD'), amount_usd: '8.00', paid_usd: '0.00', status: 'pending' },
    ]);
    const audited = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.logName, 'payment_agreements'), eq(auditLogs.subjectId, agreement.id), eq(auditLogs.description, 'created')));
    expect(audited).toHaveLength(1);
    const again = await sign(plan(address));
    expect(again.status).toBe(422);
    expect(again.body.errors.address_payment_id).toEqual([agreementMessages.alreadyCurrent]);
  });

  it('splits what the down payment leaves to the cent, the last installment taking the remainder', async () => {
    const address = await newAddress(ago(5));
    const answer = await sign(plan(address, { down_payment_usd: '0', installments: 7 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.installments.map((row: { amount_usd: string }) => row.amount_usd)).toEqual([
      '4.28',
      '4.28',
      '4.28',
      '4.28',
      '4.28',
      '4.28',
      '4.32',
    ]);
  });

  it('answers each bad plan with its Spanish 422', async () => {
    const few = await sign(plan(await newAddress(ago(1))));
    expect(few.status).toBe(422);
    expect(few.body.errors.address_payment_id).toEqual([agreementMessages.tooFewMonths(2)]);
    const address = await newAddress(ago(5));
    for (const count of [1, 25, 2.5]) {
      const answer = await sign(plan(address, { installments: count }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors.installments).toEqual([agreementMessages.installmentsRange]);
    }
    const yesterday = dayjs(await databaseToday(ctx.db)).subtract(1, 'day');
    const past = await sign(plan(address, { first_due_date: yesterday.format('YYYY-MM-DD') }));
    expect(past.status).toBe(422);
    expect(past.body.errors.first_due_date).toEqual([agreementMessages.firstDueDatePast]);
    const negative = await sign(plan(address, { down_payment_usd: '-1.00' }));
    expect(negative.status).toBe(422);
    expect(negative.body.errors.down_payment_usd).toEqual(['El campo Cuota inicial debe ser al menos 0.']);
    const above = await sign(plan(address, { down_payment_usd: '30.01' }));
    expect(above.status).toBe(422);
    expect(above.body.errors.down_payment_usd).toEqual([agreementMessages.downPaymentAboveDebt('30.00')]);
    const uneven = await sign(plan(address, { installment_amounts: ['8.00', '8.00', '7.99'] }));
    expect(uneven.status).toBe(422);
    expect(uneven.body.errors.installment_amounts).toEqual([agreementMessages.scheduleDoesNotAddUp('24.00')]);
    const stored = await ctx.db.select().from(paymentAgreements).where(eq(paymentAgreements.addressPaymentId, address));
    expect(stored).toHaveLength(0);
  });

  it('answers 403 to staff without payment_agreements and to client users', async () => {
    const address = await newAddress(ago(5));
    expect((await sign(plan(address), cashier.token)).status).toBe(403);
    expect((await sign(plan(address), owner.token)).status).toBe(403);
  });
});

describe('reading and cancelling agreements', () => {
  it('shows a client her own agreements only, and cancels with the permission', async () => {
    const address = await newAddress(ago(5));
    const { id } = (await sign(plan(address))).body.data as { id: number };
    expect((await ctx.call('GET', `/api/payment-agreements/${id}`, { token: owner.token })).status).toBe(200);
    const foreign = await ctx.call('GET', `/api/payment-agreements/${id}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(agreementMessages.notFound);
    const strangersList = await ctx.call('GET', '/api/payment-agreements', { token: stranger.token, query: { 'filters[client_id]': owner.clientId } });
    expect(strangersList.body.data.total).toBe(0);
    const byAddress = await ctx.call('GET', '/api/payment-agreements', { token: cashier.token, query: { 'filters[address_payment_id]': address } });
    expect(byAddress.body.data.data.map((row: { id: number }) => row.id)).toEqual([id]);
    expect((await ctx.call('PUT', '/api/payment-agreements/cancel', { token: cashier.token, body: { id } })).status).toBe(403);
    const cancelled = await ctx.call('PUT', '/api/payment-agreements/cancel', { token: admin.token, body: { id } });
    expect(cancelled.status).toBe(200);
    expect((await ctx.call('GET', `/api/payment-agreements/${id}`, { token: admin.token })).body.data.status).toBe('cancelled');
    const twice = await ctx.call('PUT', '/api/payment-agreements/cancel', { token: admin.token, body: { id } });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe(agreementMessages.notCurrent);
  });
});

describe('payments to an agreement', () => {
  it('pay the installments in order and cover the months oldest first, the excess going to the balance', async () => {
    const address = await newAddress(ago(5));
    const { id } = (await sign(plan(address))).body.data as { id: number };
    const first = await payAgreement(address, id, '14.00');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    let agreement = (await ctx.call('GET', `/api/payment-agreements/${id}`, { token: owner.token })).body.data;
    expect(agreement.installments.map((row: { paid_usd: string; status: string }) => [row.paid_usd, row.status])).toEqual([
      ['6.00', 'paid'],
      ['8.00', 'paid'],
      ['0.00', 'pending'],
      ['0.00', 'pending'],
    ]);
    expect(await coveredMonths(address)).toEqual([ago(5), ago(4)]);
    const rest = await payAgreement(address, id, '20.00');
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    agreement = (await ctx.call('GET', `/api/payment-agreements/${id}`, { token: owner.token })).body.data;
    expect(agreement).toMatchObject({ status: 'completed', paid_usd: '30.00' });
    expect(await coveredMonths(address)).toEqual([ago(5), ago(4), ago(3), ago(2), ago(1), ago(0)]);
    const balance = await ctx.call('GET', `/api/addresses-payment/balance/${address}`, { token: admin.token });
    expect(balance.body.data.balance_usd).toBe('4.00');
    const late = await payAgreement(address, id, '5.00');
    expect(late.status).toBe(422);
    expect(late.body.errors.payment_agreement_id).toEqual([agreementMessages.paymentAgreementMismatch]);
  });

  it('are the only way to pay its months while it is current: a payment naming one is refused, and taken once it is cancelled', async () => {
    const address = await newAddress(ago(5));
    const { id } = (await sign(plan(address))).body.data as { id: number };
    const direct = await payAgreement(address, null, '5.00', [ago(5)]);
    expect(direct.status).toBe(422);
    expect(direct.body.errors.months_payment).toEqual([agreementMessages.monthInAgreement(monthName(ago(5)))]);
    expect(await coveredMonths(address)).toEqual([]);
    const cancelled = await ctx.call('PUT', '/api/payment-agreements/cancel', { token: admin.token, body: { id } });
    expect(cancelled.status).toBe(200);
    const after = await payAgreement(address, null, '5.00', [ago(5)]);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(await coveredMonths(address)).toEqual([ago(5)]);
  });

  it('leave its months to the installments when an abono feeds the credit balance: the balance waits', async () => {
    const address = await newAddress(ago(5));
    const { id } = (await sign(plan(address))).body.data as { id: number };
    const abono = await payAgreement(address, null, '10.00');
    expect(abono.status, JSON.stringify(abono.body)).toBe(200);
    expect(await coveredMonths(address)).toEqual([]);
    const balance = await ctx.call('GET', `/api/addresses-payment/balance/${address}`, { token: admin.token });
    expect(balance.body.data.balance_usd).toBe('10.00');
    expect(balance.body.data.movements.map((movement: { kind: string }) => movement.kind)).toEqual(['credit']);
    const agreement = (await ctx.call('GET', `/api/payment-agreements/${id}`, { token: admin.token })).body.data;
    expect(agreement).toMatchObject({ status: 'current', paid_usd: '0.00' });
  });

  it('take back what a deleted payment paid', async () => {
    const address = await newAddress(ago(5));
    const { id } = (await sign(plan(address))).body.data as { id: number };
    const payment = (await payAgreement(address, id, '14.00')).body.data as { id: number };
    const deleted = await ctx.call('DELETE', '/api/bill-payments/delete', {
      token: (await ctx.staff({ permissions: ['payments', 'delete_payment'] })).token,
      body: { id: payment.id },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const agreement = (await ctx.call('GET', `/api/payment-agreements/${id}`, { token: admin.token })).body.data;
    expect(agreement.paid_usd).toBe('0.00');
    expect(await coveredMonths(address)).toEqual([]);
  });
});

describe('reminders of an address with an agreement', () => {
  it('name its next installment instead of the months, in the entry and in the e-mail', async () => {
    const address = await newAddress(ago(5));
    const { id } = (await sign(plan(address))).body.data as { id: number };
    const options = { minMonths: 1, appUrl: 'https://recaudo.test', sms: false };
    const lineOf = async () => {
      const entries = await reminderEntries(ctx.db, await currentPeriod(ctx.db), options);
      return entries.find((entry) => entry.client.id === owner.clientId)!.addresses.find((line) => line.address_payment_id === address)!;
    };
    expect((await lineOf()).installment).toEqual({ number: 0, count: 3, due_date: TODAY, owed_usd: '6.00', owed_bs: '240.00' });
    expect((await payAgreement(address, id, '6.00')).status).toBe(200);
    const { installments: schedule } = (await ctx.call('GET', `/api/payment-agreements/${id}`, { token: admin.token })).body.data as { installments: { number: number; amount_usd: string }[] };
    const first = schedule.find((row) => row.number === 1)!;
    const bs = (Number(first.amount_usd) * Number(RATE)).toFixed(2);
    expect((await lineOf()).installment).toEqual({ number: 1, count: 3, due_date: FIRST_DUE.format('YYYY-MM-DD'), owed_usd: first.amount_usd, owed_bs: bs });
    await runReminders(ctx.db, options);
    const [mail] = await ctx.db.select().from(outbox).where(and(eq(outbox.to, 'rosa.convenio@example.com'), sql`${outbox.subject} like 'Recordatorio%'`));
    const [row] = await ctx.db.select({ text: addressesPayments.address }).from(addressesPayments).where(eq(addressesPayments.id, address));
    const money = (value: string) => value.replace('.', ',');
    expect(mail!.bodyText).toContain(`${row!.text}: Cuota 1 de 3 de tu convenio de pago, vence el ${FIRST_DUE.format('DD-MM-YYYY')}, $ ${money(first.amount_usd)} (BS ${money(bs)})`);
  });
});

describe('breach', () => {
  it('breaks an agreement once when an installment is overdue past the grace, e-mails the client and keeps what was paid', async () => {
    const address = await newAddress(ago(5));
    const { id } = (await sign(plan(address))).body.data as { id: number };
    expect((await payAgreement(address, id, '14.00')).status).toBe(200);
    await ctx.db
      .update(installments)
      .set({ dueDate: sql`(now() at time zone 'America/Caracas')::date - ${GRACE}::int` })
      .where(and(eq(installments.paymentAgreementId, id), eq(installments.number, 2)));
    expect(await breakOverdueAgreements(ctx.db, GRACE)).not.toContain(id);
    await ctx.db
      .update(installments)
      .set({ dueDate: sql`(now() at time zone 'America/Caracas')::date - ${GRACE + 1}::int` })
      .where(and(eq(installments.paymentAgreementId, id), eq(installments.number, 2)));
    expect(await breakOverdueAgreements(ctx.db, GRACE)).toContain(id);
    expect(await breakOverdueAgreements(ctx.db, GRACE)).not.toContain(id);
    const agreement = (await ctx.call('GET', `/api/payment-agreements/${id}`, { token: admin.token })).body.data;
    expect(agreement.status).toBe('broken');
    expect(agreement.installments[2].status).toBe('overdue');
    expect(await coveredMonths(address)).toEqual([ago(5), ago(4)]);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.to, 'rosa.convenio@example.com'));
    expect(mails.filter((mail) => mail.subject === 'Convenio de pago incumplido - Recaudo')).toHaveLength(1);
    const events = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.logName, 'payment_agreements'), eq(auditLogs.subjectId, id), eq(auditLogs.description, 'updated')));
    expect(events).toHaveLength(1);
  });
});

describe('solvency with an agreement', () => {
  it('refuses a certificate while the agreement is current', async () => {
    const address = await newAddress(ago(5));
    const { id } = (await sign(plan(address))).body.data as { id: number };
    const refused = await ctx.call('POST', '/api/solvencies/store', { token: admin.token, body: { client_id: owner.clientId, addresses_payment_id: address } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.addresses_payment_id).toEqual([agreementMessages.solvencyWithAgreement]);
    expect((await ctx.call('PUT', '/api/payment-agreements/cancel', { token: admin.token, body: { id } })).status).toBe(200);
    const owing = await ctx.call('POST', '/api/solvencies/store', { token: admin.token, body: { client_id: owner.clientId, addresses_payment_id: address } });
    expect(owing.status).toBe(422);
    expect(owing.body.errors.addresses_payment_id).not.toEqual([agreementMessages.solvencyWithAgreement]);
  });
});

describe('the agreement PDF', () => {
  it('is downloaded by its client and e-mailed with the schedule attached; another client gets 404', async () => {
    const address = await newAddress(ago(5));
    const { id } = (await sign(plan(address))).body.data as { id: number };
    const download = await ctx.app.inject({ method: 'GET', url: `/api/payment-agreements/${id}/pdf`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await ctx.call('GET', `/api/payment-agreements/${id}/pdf`, { token: stranger.token })).status).toBe(404);
    const { text } = pdfText(download.rawPayload);
    expect(text).toContain('Rosa Convenio');
    expect(text).toContain('Cuota inicial');
    expect(text).toContain('Cuota 3');
    expect(text).toContain(FIRST_DUE.add(2, 'month').format('DD-MM-YYYY'));
    const sent = await ctx.call('POST', '/api/payment-agreements/send-mail', { token: admin.token, body: { id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.to).toBe('rosa.convenio@example.com');
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.to, 'rosa.convenio@example.com'));
    expect(mails.filter((mail) => mail.subject === 'Convenio de pago - Recaudo')).toHaveLength(1);
  });
});
