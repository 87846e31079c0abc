import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankMessages, selfValidationMessages, selfValidationNotYetPosted } from '@recaudo/domain/bank-operations';
import { caracas, todayInCaracas } from '@recaudo/domain/dates';
import { currentMonth } from '@recaudo/domain/months';
import { bankTestContext, newSerie, payingClient, reportedPayment } from '../../../test/bank-fixture';
import type { TestContext, TestUser } from '../../../test/harness';
import type { BankSimulator } from '../../providers/bank/simulator';
import { clients } from '../clients/tables';
import { payments } from '../payments/tables';
import { conciliations } from './tables';
import { setRates } from '../../../test/rates';

let ctx: TestContext;
let simulator: BankSimulator;
let cashier: TestUser;
let client: Awaited<ReturnType<typeof payingClient>>;
let serieId: number;
const BDV_METHOD = 3;

beforeAll(async () => {
  ({ ctx, simulator } = await bankTestContext());
  // The staff form's rate is the one in force on the payment's date (issue 47).
  await setRates(ctx.db, { usd: '36.50' });
  cashier = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment'], overrides: { useAllSeries: true } });
  client = await payingClient(ctx);
  serieId = await newSerie(ctx);
});
afterAll(async () => {
  await ctx.close();
  await simulator.close();
});

const validate = (body: Record<string, unknown>, token = cashier.token) => ctx.call('POST', '/api/bank-operations/validate-payment', { token, body });
const full = (payment: ReturnType<typeof reportedPayment>, overrides: Record<string, unknown> = {}) => ({
  client_id: client.clientId,
  payment_method_id: BDV_METHOD,
  pay_phone: '4141234567',
  ...payment,
  ...overrides,
});
const payingDay = () => caracas().subtract(2, 'day').format('YYYY-MM-DD');
const rowsOf = (id: number) => ctx.db.select().from(conciliations).where(eq(conciliations.id, id));

/** The payment panel's multipart store. */
async function storePayment(fields: Record<string, string>, token = cashier.token) {
  const boundary = `----banco${Math.random().toString(16).slice(2)}`;
  const body = Object.entries(fields).map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`).join('') + `--${boundary}--\r\n`;
  const response = await ctx.app.inject({ method: 'POST', url: '/api/bill-payments/store', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
}
const paymentFields = (conciliationId: number | null, extra: Record<string, string> = {}, who = client) => ({
  client_id: String(who.clientId),
  address_payment_id: String(who.addressId),
  status: '1',
  payment_method_id: String(BDV_METHOD),
  bank_id: String(client.bankId),
  date_payment: todayInCaracas(),
  date_bill: todayInCaracas(),
  exchange_rate: '36.50',
  exchange_rate_id: '1',
  amount_payment: '182.50',
  reference: '12345678',
  serie_id: String(serieId),
  type_payment_month: '1',
  months_payment: JSON.stringify([currentMonth()]),
  send_invoice: '1',
  bdv_verified: conciliationId === null ? '0' : '1',
  conciliation_id: conciliationId === null ? '' : String(conciliationId),
  ...extra,
});

describe('POST /api/bank-operations/validate-payment pre-checks', () => {
  it('answers each spec message in order and records the attempt', async () => {
    const payment = reportedPayment(simulator);
    const noClient = await validate({ ...full(payment), client_id: '' });
    expect(noClient).toMatchObject({ status: 422, body: { success: false, message: bankMessages.clientRequired, error: bankMessages.clientRequired, conciliation: null } });
    const cases: [Record<string, unknown>, string][] = [
      [{ payment_method_id: 4 }, bankMessages.methodNotBdv],
      [{ payment_method_id: '' }, bankMessages.methodNotBdv],
      [{ reference: '' }, bankMessages.referenceRequired],
      [{ amount: '' }, bankMessages.amountRequired],
      [{ origin_bank: '' }, bankMessages.originBankRequired],
      [{ origin_bank: '9999' }, bankMessages.originBankRequired],
      [{ payment_date: '' }, bankMessages.paymentDateRequired],
      [{ pay_phone: '' }, bankMessages.phoneRequired],
      [{ pay_phone: '4160000000' }, bankMessages.phoneInvalid],
      [{ amount: '-3' }, bankMessages.amountInvalid],
      [{ payment_date: '2999-01-01' }, bankMessages.paymentDateFuture],
      // Two missing: the first of the spec's order is the answer.
      [{ reference: '', amount: '' }, bankMessages.referenceRequired],
    ];
    for (const [overrides, message] of cases) {
      const answer = await validate(full(payment, overrides));
      expect(answer.status, message).toBe(422);
      expect(answer.body).toMatchObject({ success: false, message, error: message, error_code: 'VALIDATION_ERROR', bdv_message: null });
      const [row] = await rowsOf(answer.body.conciliation.id);
      expect(row).toMatchObject({ clientId: client.clientId, userId: cashier.id, success: false, errorCode: 'VALIDATION_ERROR', errorMessage: message });
    }
  });

  it('accepts the call as spec 02 §7 gives it, without a payment method', async () => {
    const payment = reportedPayment(simulator, '91.25');
    const { payment_method_id: _method, ...spec } = full(payment);
    expect(Object.keys(spec).sort()).toEqual(['amount', 'client_id', 'origin_bank', 'pay_phone', 'payment_date', 'reference']);
    const answer = await validate(spec);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: bankMessages.validated, conciliation: { success: true, amount: '91.25' } });
  });

  it('answers 404 to a client user naming another client, and 403 to staff who cannot record payments', async () => {
    const clientUser = await ctx.clientUser({ phone: ['4141234567'] });
    const viewer = await ctx.staff({ permissions: ['payments', 'view_conciliations'] });
    expect((await validate(full(reportedPayment(simulator)), clientUser.token)).status).toBe(404);
    expect((await validate(full(reportedPayment(simulator)), viewer.token)).status).toBe(403);
  });
});

describe('POST /api/bank-operations/validate-payment with the bank', () => {
  it('conciliates a pago móvil and keeps what the bank said', async () => {
    const payment = reportedPayment(simulator, '250.75');
    const answer = await validate(full(payment));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: bankMessages.validated,
      error: null,
      bdv_message: 'monto : 250.75 - estatus : Transacción realizada',
      conciliation: { success: true, reference: payment.reference, amount: '250.75', payment_date: payment.payment_date, origin_bank: '0134', error_code: null, client: { id: client.clientId } },
    });
    const [row] = await rowsOf(answer.body.conciliation.id);
    expect(row).toMatchObject({ success: true, errorCode: null, payPhone: '04141234567', responseData: { http_status: 200, body: { code: 1000 } } });
  });

  it('maps each bank failure to its code, with the bank text first', async () => {
    const payment = reportedPayment(simulator, '100.00');
    const expectations: [Record<string, unknown>, string, string | null, () => void][] = [
      [{ reference: '55554444' }, 'RECORD_NOT_FOUND', 'No se pudo validar el movimiento : Registro solicitado no existe', () => {}],
      [{ amount: '99.00' }, 'AMOUNT_MISMATCH', 'monto : 100.00 - estatus : Transacción realizada', () => {}],
      [{}, 'BDV_SERVER_ERROR', 'El banco respondió HTTP 500', () => simulator.failNext('500')],
      [{}, 'CONNECTION_ERROR', 'Tiempo de espera agotado al consultar el banco', () => simulator.failNext('timeout')],
    ];
    for (const [overrides, code, bdvMessage, arrange] of expectations) {
      arrange();
      const answer = await validate(full(payment, overrides));
      expect(answer.status, code).toBe(422);
      expect(answer.body).toMatchObject({ success: false, error_code: code, bdv_message: bdvMessage, conciliation: { success: false, error_code: code, error_message: bdvMessage } });
    }
    expect((await validate(full(payment))).body.success).toBe(true);
    const again = await validate(full(payment));
    expect(again.body).toMatchObject({ success: false, error_code: 'ALREADY_CONCILIATED', bdv_message: expect.stringContaining('ya fue conciliado') });
  });

  it('fails for a payer phone or an origin bank the movement does not have, then validates with the right ones', async () => {
    const payment = reportedPayment(simulator, '310.20');
    const notFound = 'No se pudo validar el movimiento : Registro solicitado no existe';
    // The client's other phone passes Recaudo's pre-check; the bank knows the payment came from the first.
    for (const overrides of [{ pay_phone: '4247654321' }, { origin_bank: '0105' }]) {
      const answer = await validate(full(payment, overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(422);
      expect(answer.body).toMatchObject({ success: false, error_code: 'RECORD_NOT_FOUND', bdv_message: notFound });
    }
    expect((await validate(full(payment))).body).toMatchObject({ success: true });
  });

  it('finds a BDV→BDV payment by amount, date and payer when its receipt is not the bank’s reference', async () => {
    const [own] = await ctx.db.select({ identification: clients.identification }).from(clients).where(eq(clients.id, client.clientId));
    const date = payingDay();
    simulator.addCredit({ reference: '0102998877665', date, amount: '412.30', bank: '0102', phone: '04141234567', payerId: `V${own!.identification}` });
    const receipt = { reference: '44556677', payment_date: date, amount: '412.30', origin_bank: '0102' };
    expect((await validate(full(receipt, { amount: '412.31' }))).body).toMatchObject({ success: false, error_code: 'RECORD_NOT_FOUND' });
    const answer = await validate(full(receipt));
    expect(answer.body).toMatchObject({ success: true, bdv_message: 'monto : 412.30 - estatus : Transacción realizada' });
    const [row] = await rowsOf(answer.body.conciliation.id);
    expect(row!.responseData).toMatchObject({ body: { code: 1000, data: { referencia: '0102998877665' } } });
  });

  it('lets only one of two cashiers at once conciliate the same movement', async () => {
    const other = await ctx.staff({ permissions: ['payments', 'add_payment'] });
    const payment = reportedPayment(simulator, '75.10');
    const answers = await Promise.all([validate(full(payment)), validate(full(payment), other.token)]);
    expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true]);
    expect(answers.find((answer) => !answer.body.success)!.body.error_code).toBe('ALREADY_CONCILIATED');
  });
});

describe('a conciliation backs one payment', () => {
  it('saves the payment verified with its conciliation, and refuses a second payment with it', async () => {
    const { body } = await validate(full(reportedPayment(simulator, '182.50')));
    const id = body.conciliation.id as number;
    const first = await storePayment(paymentFields(id));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, first.body.data.id));
    expect(row).toMatchObject({ bdvVerified: true, conciliationId: id, sendInvoice: true });
    const second = await storePayment(paymentFields(id, { address_payment_id: String(client.otherAddressId) }));
    expect(second).toMatchObject({ status: 422, body: { message: bankMessages.conciliationUsed(first.body.data.id), errors: { conciliation_id: [bankMessages.conciliationUsed(first.body.data.id)] } } });
    const listed = await ctx.call('GET', `/api/bill-payments`, { token: cashier.token, query: { search: '' } });
    expect(listed.status).toBe(200);
  });

  it('keeps one payment when two cashiers save with the same conciliation at once', async () => {
    const other = await ctx.staff({ permissions: ['payments', 'add_payment'], overrides: { useAllSeries: true } });
    const fresh = await payingClient(ctx);
    const { body } = await validate({ ...full(reportedPayment(simulator, '182.50')), client_id: fresh.clientId });
    const id = body.conciliation.id as number;
    const fieldsA = paymentFields(id, {}, fresh);
    const fieldsB = paymentFields(id, { address_payment_id: String(fresh.otherAddressId) }, fresh);
    const [a, b] = await Promise.all([storePayment(fieldsA), storePayment(fieldsB, other.token)]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const refused = a.status === 422 ? a : b;
    expect(refused.body.message).toMatch(/^Esta conciliación ya respalda el pago #\d+/);
    expect((await ctx.db.select().from(payments).where(eq(payments.conciliationId, id))).length).toBe(1);
  });

  it('refuses a failed conciliation, another client\'s, and bdv_verified without one', async () => {
    const failed = await validate(full(reportedPayment(simulator, '10.00'), { reference: '11112222' }));
    expect((await storePayment(paymentFields(failed.body.conciliation.id))).body.message).toBe(bankMessages.conciliationUnusable);
    const stranger = await payingClient(ctx);
    const foreign = await validate({ ...full(reportedPayment(simulator, '12.00')), client_id: stranger.clientId });
    expect(foreign.body.success).toBe(true);
    expect((await storePayment(paymentFields(foreign.body.conciliation.id))).body.message).toBe(bankMessages.conciliationUnusable);
    expect((await storePayment({ ...paymentFields(null), bdv_verified: '1' })).body.message).toBe(bankMessages.verifiedNeedsConciliation);
  });
});

describe('a client validating from her phone (issue 51)', () => {
  it('a wrong phone says to check the data; only a payment made today adds that it may not be posted yet', async () => {
    const lucia = await ctx.clientUser({ email: 'lucia.valida@correo.test', phone: ['04141234567', '04247654321'] });
    const payment = reportedPayment(simulator, '182.50');
    const asLucia = (overrides: Record<string, unknown>) => validate({ ...full(payment, { client_id: lucia.clientId! }), ...overrides }, lucia.token);
    const wrongPhone = await asLucia({ pay_phone: '4247654321' });
    expect(wrongPhone.status).toBe(422);
    expect(wrongPhone.body).toMatchObject({ error_code: 'RECORD_NOT_FOUND', message: 'El banco no encontró un pago móvil desde ese teléfono y banco: revisa los datos' });
    expect(wrongPhone.body.message).toBe(selfValidationMessages.RECORD_NOT_FOUND);
    const today = await asLucia({ pay_phone: '4247654321', payment_date: todayInCaracas() });
    expect(today.body.message).toBe(selfValidationNotYetPosted);
    expect(today.body.message).toContain('intenta de nuevo en unos minutos');
  });

  it('answers the phone of her last validated payment among her phones, hers only', async () => {
    const rosa = await ctx.clientUser({ email: 'rosa.valida@correo.test', phone: ['04121112233', '04141234567'] });
    const lastPhone = (id: number, token: string) => ctx.call('GET', `/api/bank-operations/last-pay-phone/${id}`, { token });
    expect((await lastPhone(rosa.clientId!, rosa.token)).body.data).toEqual({ pay_phone: null });
    const payment = reportedPayment(simulator, '182.50');
    expect((await validate(full(payment, { client_id: rosa.clientId! }), rosa.token)).body.success).toBe(true);
    expect((await lastPhone(rosa.clientId!, rosa.token)).body.data).toEqual({ pay_phone: '04141234567' });
    expect((await lastPhone(rosa.clientId!, cashier.token)).body.data).toEqual({ pay_phone: '04141234567' });
    expect((await lastPhone(client.clientId, rosa.token)).status).toBe(404);
    expect((await lastPhone(rosa.clientId!, rosa.token)).status).toBe(200);
  });
});
