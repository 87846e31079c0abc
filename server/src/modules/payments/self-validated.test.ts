import { and, eq } from 'drizzle-orm';
import { MOBILE_PAYMENT_METHOD_ID } from '@recaudo/domain/payment-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfValidationLimits, selfValidationMessages } from '@recaudo/domain/bank-operations';
import { todayInCaracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth } from '@recaudo/domain/months';
import { bankTestContext, newSerie, payingClient, reportedPayment } from '../../../test/bank-fixture';
import type { TestContext, TestUser } from '../../../test/harness';
import type { BankSimulator } from '../../providers/bank/simulator';
import { addressesPayments } from '../addresses-payment/tables';
import { conciliations } from '../bank-operations/tables';
import { setRates } from '../../../test/rates';
import { correlatives } from '../correlatives/tables';
import { outbox, outboxAttachments } from '../messages/tables';
import { payments } from './tables';

/**
 * Issue 33: a client validates their own Pago Móvil with the bank and the payment they store with
 * that conciliation is approved and numbered at once, once, with its receipt e-mailed.
 */

let ctx: TestContext;
let simulator: BankSimulator;
let serieId: number;
const BDV_METHOD = 3;

beforeAll(async () => {
  ({ ctx, simulator } = await bankTestContext());
  await setRates(ctx.db, { usd: '36.50' });
  // The oldest series numbers self-validated payments when SELF_VALIDATED_SERIE is unset.
  const [oldest] = await ctx.db.select({ id: correlatives.id }).from(correlatives).orderBy(correlatives.id).limit(1);
  serieId = oldest?.id ?? (await newSerie(ctx));
});
afterAll(async () => {
  await ctx.close();
  await simulator.close();
});

/** A client user owning a complete address (fee $5: one month is BS 182,50 at 36,50). */
async function payingUser(email: string | null = 'cliente@correo.test'): Promise<TestUser & { addressId: number; bankId: number }> {
  const place = await payingClient(ctx);
  const user = await ctx.clientUser({ phone: ['4141234567'], email });
  await ctx.db.update(addressesPayments).set({ clientId: user.clientId! }).where(eq(addressesPayments.id, place.addressId));
  return { ...user, addressId: place.addressId, bankId: place.bankId };
}

const validate = (user: TestUser, payment: ReturnType<typeof reportedPayment>, clientId = user.clientId) =>
  ctx.call('POST', '/api/bank-operations/validate-payment', { token: user.token, body: { client_id: clientId, pay_phone: '4141234567', ...payment } });

let references = 40_000_000;
const store = (user: TestUser & { addressId: number; bankId: number }, conciliationId: number | null, amount = '182.50', key?: string, reference = String(++references), method = BDV_METHOD) =>
  ctx.call('POST', '/api/payments/store', {
    token: user.token,
    headers: key ? { 'idempotency-key': key } : undefined,
    body: {
      client_id: user.clientId,
      address_payment_id: user.addressId,
      payment_method_id: method,
      bank_id: user.bankId,
      date_payment: todayInCaracas(),
      exchange_rate: '36.50',
      exchange_rate_id: 1,
      amount_payment: amount,
      reference,
      type_payment_month: 1,
      // The fixture's address starts three months back: a client pays its oldest month first (issue 51).
      months_payment: [addMonths(currentMonth(), -3)],
      conciliation_id: conciliationId,
    },
  });

const serieName = async () => (await ctx.db.select({ serie: correlatives.serie }).from(correlatives).where(eq(correlatives.id, serieId)))[0]!.serie;
const numberOf = async () => (await ctx.db.select({ number: correlatives.number }).from(correlatives).where(eq(correlatives.id, serieId)))[0]!.number;

describe('a client validates their own Pago Móvil', () => {
  it('is recorded with the bank’s mobile method whatever method the form named (issue 46)', async () => {
    const maria = await payingUser(null);
    const validated = await validate(maria, reportedPayment(simulator, '182.50'));
    expect(validated.status).toBe(200);
    const TRANSFER_METHOD = 1;
    const stored = await store(maria, validated.body.conciliation.id, '182.50', undefined, String(++references), TRANSFER_METHOD);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, stored.body.data.id));
    expect(row).toMatchObject({ status: 1, paymentMethodId: MOBILE_PAYMENT_METHOD_ID });
  });

  it('is approved and numbered at once, with the bank’s reference, and its receipt e-mailed', async () => {
    const maria = await payingUser('maria.paga@correo.test');
    const payment = reportedPayment(simulator, '182.50');
    const validated = await validate(maria, payment);
    expect(validated.status).toBe(200);
    const before = await numberOf();
    const stored = await store(maria, validated.body.conciliation.id);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, stored.body.data.id));
    expect(row).toMatchObject({ status: 1, bdvVerified: true, conciliationId: validated.body.conciliation.id, serieId, reference: payment.reference, datePayment: payment.payment_date, createdBy: maria.id });
    expect(row!.numberCorrelative).toBe(String(Number(before) + 1).padStart(before.length, '0'));
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.to, 'maria.paga@correo.test'));
    expect(mail?.subject).toMatch(/^Recibo de pago N° /);
    const files = await ctx.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, mail!.id));
    expect(files.map((file) => file.filename)).toEqual([`Recibo ${await serieName()}-${row!.numberCorrelative}.pdf`]);
  });

  it('stores exactly one approved payment out of 20 identical submissions at once', async () => {
    const pedro = await payingUser('pedro.paga@correo.test');
    const validated = await validate(pedro, reportedPayment(simulator, '182.50'));
    const before = await numberOf();
    const answers = await Promise.all(Array.from({ length: 20 }, () => store(pedro, validated.body.conciliation.id, '182.50', undefined, '31313131')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(19);
    const stored = await ctx.db.select().from(payments).where(eq(payments.clientId, pedro.clientId!));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.status).toBe(1);
    expect(Number(await numberOf())).toBe(Number(before) + 1);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.to, 'pedro.paga@correo.test'))).toHaveLength(1);
  });

  it('answers a repeated submission with the same Idempotency-Key with the same payment', async () => {
    const ana = await payingUser(null);
    const validated = await validate(ana, reportedPayment(simulator, '182.50'));
    const answers = await Promise.all(Array.from({ length: 5 }, () => store(ana, validated.body.conciliation.id, '182.50', 'clave-ana-1', '32323232')));
    expect(new Set(answers.map((answer) => answer.body.data?.id))).toEqual(new Set([answers[0]!.body.data.id]));
    expect(await ctx.db.select().from(payments).where(eq(payments.clientId, ana.clientId!))).toHaveLength(1);
  });

  it('refuses a validation in plain Spanish and lets the client report the payment for review (Procesando)', async () => {
    const luis = await payingUser();
    const missing = await validate(luis, { ...reportedPayment(simulator, '182.50'), reference: '99990000' });
    expect(missing).toMatchObject({ status: 422, body: { success: false, error_code: 'RECORD_NOT_FOUND', message: selfValidationMessages.RECORD_NOT_FOUND } });
    const reported = await store(luis, null);
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, reported.body.data.id));
    expect(row).toMatchObject({ status: 0, bdvVerified: false, conciliationId: null, numberCorrelative: null });
  });

  it('refuses an amount that does not pay the months, or differs from the validated one, and stores nothing', async () => {
    const eva = await payingUser();
    const short = await validate(eva, reportedPayment(simulator, '100.00'));
    expect((await store(eva, short.body.conciliation.id, '100.00')).body).toMatchObject({ message: selfValidationLimits.amountShort('100.00', '182.50') });
    expect((await store(eva, short.body.conciliation.id, '182.50')).body).toMatchObject({ message: selfValidationLimits.amountDiffers });
    expect(await ctx.db.select().from(payments).where(eq(payments.clientId, eva.clientId!))).toHaveLength(0);
  });

  it('answers 404 for another client, and 429 past the hourly limit of validations', async () => {
    const rosa = await payingUser();
    const other = await payingUser();
    expect((await validate(rosa, reportedPayment(simulator), other.clientId)).status).toBe(404);
    for (let attempt = 0; attempt < 5; attempt++) expect((await validate(rosa, { ...reportedPayment(simulator), reference: `5555000${attempt}` })).status).toBe(422);
    const limited = await validate(rosa, reportedPayment(simulator));
    expect(limited).toMatchObject({ status: 429, body: { success: false, message: selfValidationLimits.tooMany(5) } });
    // Another client keeps their own attempts.
    expect((await validate(other, reportedPayment(simulator))).status).toBe(200);
    expect(await ctx.db.select().from(payments).where(and(eq(payments.clientId, rosa.clientId!)))).toHaveLength(0);
  });

  it('lets exactly one of several attempts at once take the last slot of the hour', async () => {
    const carla = await payingUser();
    for (let attempt = 0; attempt < 4; attempt++) expect((await validate(carla, { ...reportedPayment(simulator), reference: `6666000${attempt}` })).status).toBe(422);
    const answers = await Promise.all(Array.from({ length: 6 }, () => validate(carla, reportedPayment(simulator))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(5);
    for (const answer of limited) expect(answer.body).toEqual({ success: false, message: selfValidationLimits.tooMany(5) });
    // Only the attempt that passed reached the bank and left its conciliation.
    expect(await ctx.db.select().from(conciliations).where(eq(conciliations.clientId, carla.clientId!))).toHaveLength(5);
  });
});
