import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankMessages, conciliationErrorMessages } from '@recaudo/domain/bank-operations';
import { caracas, todayInCaracas } from '@recaudo/domain/dates';
import { currentMonth } from '@recaudo/domain/months';
import { bankTestContext, newSerie, payingClient, reportedPayment } from '../../../test/bank-fixture';
import type { TestContext, TestUser } from '../../../test/harness';
import { setRates } from '../../../test/rates';
import type { BankSimulator } from '../../providers/bank/simulator';
import { payments, paymentTenders } from '../payments/tables';

/**
 * A Pago Móvil that is not a payment's first tender line (issue 49) is validated with the bank as a
 * one-method Pago Móvil is: `bank-operations/validate-payment` asks the bank, and the payment keeps
 * the conciliation on its line; one bank movement backs one payment only, as a line or whole. The
 * month costs Bs 182,50 (5 $ at 36,50): Bs 100,00 in cash plus Bs 82,50 by Pago Móvil.
 */
let ctx: TestContext;
let simulator: BankSimulator;
let cashier: TestUser;
let client: Awaited<ReturnType<typeof payingClient>>;
let serieId: number;
const PAGO_MOVIL = 3;
const CASH = 4;
let sequence = 0;

beforeAll(async () => {
  ({ ctx, simulator } = await bankTestContext());
  await setRates(ctx.db, { usd: '36.50' });
  cashier = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment'], overrides: { useAllSeries: true } });
  client = await payingClient(ctx);
  serieId = await newSerie(ctx);
});
afterAll(async () => {
  await ctx.close();
  await simulator.close();
});

const validate = (body: Record<string, unknown>) => ctx.call('POST', '/api/bank-operations/validate-payment', { token: cashier.token, body });

/** Asks the bank about a Pago Móvil of Bs 82,50 with this reference; answers the status, message and conciliation id. */
async function validateLine(movement: { reference: string; payment_date: string; origin_bank: string }) {
  const answer = await validate({ client_id: client.clientId, payment_method_id: PAGO_MOVIL, pay_phone: '4141234567', amount: '82.50', ...movement });
  return { status: answer.status, message: answer.body.message as string, conciliationId: answer.body.conciliation.id as number };
}

const pagoMovilLine = (reference: string, conciliationId: number | null) => ({
  payment_method_id: PAGO_MOVIL,
  currency: 'VES',
  amount: '82.50',
  reference,
  bank_id: client.bankId,
  pay_phone: '4141234567',
  conciliation_id: conciliationId,
});

/** The month of `addressId` paid as `how` (tender lines, or a one-method payment's fields). */
function store(addressId: number, how: Record<string, unknown>) {
  sequence += 1;
  return ctx.call('POST', '/api/bill-payments/store', {
    token: cashier.token,
    body: {
      client_id: client.clientId,
      address_payment_id: addressId,
      status: 1,
      date_payment: todayInCaracas(),
      exchange_rate: '36.50',
      exchange_rate_id: 1,
      serie_id: serieId,
      number: `00049${String(sequence).padStart(3, '0')}`,
      type_payment_month: 1,
      months_payment: JSON.stringify([currentMonth()]),
      send_invoice: 0,
      ...how,
    },
  });
}

const cashLine = { payment_method_id: CASH, currency: 'VES', amount: '100.00' };
const paymentCount = async () => (await ctx.db.select({ total: count() }).from(payments))[0]!.total;

describe('a Pago Móvil second tender line is validated with the bank (issue 49)', () => {
  it('refuses a reference the bank does not have, with its Spanish message, and a payment that leans on that answer', async () => {
    const unknown = await validateLine({ reference: '49494949', payment_date: caracas().subtract(1, 'day').format('YYYY-MM-DD'), origin_bank: '0134' });
    expect(unknown.status).toBe(422);
    expect(unknown.message).toBe(conciliationErrorMessages.RECORD_NOT_FOUND);
    expect(unknown.message).toBe('El banco no encontró un pago móvil con esos datos');
    const before = await paymentCount();
    const refused = await store(client.addressId, { tenders: [cashLine, pagoMovilLine('49494949', unknown.conciliationId)] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Línea 2: la conciliación no corresponde a un pago validado con el banco para este cliente');
    expect(refused.body.errors['tenders.1.conciliation_id']).toEqual([refused.body.message]);
    expect(await paymentCount()).toBe(before);
  });

  it('accepts one the bank has, keeps the conciliation on its line, and lets that movement back no other payment', async () => {
    const movement = reportedPayment(simulator, '82.50');
    const known = await validateLine(movement);
    expect(known).toMatchObject({ status: 200, message: bankMessages.validated });
    const accepted = await store(client.addressId, { tenders: [cashLine, pagoMovilLine(movement.reference, known.conciliationId)] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const paymentId = accepted.body.data.id as number;
    const lines = await ctx.db
      .select({ method: paymentTenders.paymentMethodId, amount: paymentTenders.amount, conciliation: paymentTenders.conciliationId })
      .from(paymentTenders)
      .where(eq(paymentTenders.paymentId, paymentId))
      .orderBy(asc(paymentTenders.position));
    expect(lines).toEqual([
      { method: CASH, amount: '100.00', conciliation: null },
      { method: PAGO_MOVIL, amount: '82.50', conciliation: known.conciliationId },
    ]);
    const before = await paymentCount();
    // The same movement as another payment's second line, and as a one-method Pago Móvil.
    const asLine = await store(client.otherAddressId, { tenders: [cashLine, pagoMovilLine(movement.reference, known.conciliationId)] });
    expect(asLine.status).toBe(422);
    expect(asLine.body.message).toBe(`Línea 2: esta conciliación ya respalda el pago #${paymentId}; un movimiento bancario solo puede pagar una vez`);
    const whole = await store(client.otherAddressId, {
      payment_method_id: PAGO_MOVIL,
      amount_payment: '182.50',
      reference: movement.reference,
      bank_id: client.bankId,
      bdv_verified: 1,
      conciliation_id: known.conciliationId,
    });
    expect(whole.status).toBe(422);
    expect(whole.body.message).toBe(bankMessages.conciliationUsed(paymentId));
    expect(await paymentCount()).toBe(before);
  });
});
