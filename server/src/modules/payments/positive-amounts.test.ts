import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { closedBoxMessages } from '@recaudo/domain/closed-boxes';
import { paymentMessages } from '@recaudo/domain/payments';
import { CLIENT_ROLE_ID } from '@recaudo/domain/roles';
import { importUpload } from '../../../test/closed-boxes-fixture';
import { addressMonths } from '../addresses-payment/tables';
import { setRates } from '../../../test/rates';
import { invoiceWorld } from '../invoices/invoice-world';
import { payments } from './tables';

/**
 * Issue 31 "No free months": a rate and an amount paid above zero on every path that writes a
 * payment (staff store and update, a client user's report, the closings' CSV import).
 */
const { w, TODAY, address, storePayment, paymentFields } = invoiceWorld();

const RATE_MESSAGE = 'El campo Tasa de cambio debe ser mayor que 0.';
const AMOUNT_MESSAGE = 'El campo Monto pagado debe ser mayor que 0.';

const cashForm = (clientId: number, addressId: number, overrides: Record<string, string> = {}) =>
  paymentFields(clientId, addressId, { send_invoice: '0', number: '00012345', amount_payment: '846.80', ...overrides });

const paymentCount = async () => (await w.ctx.db.select({ n: count() }).from(payments))[0]!.n;
const monthsOf = (addressId: number) => w.ctx.db.select().from(addressMonths).where(eq(addressMonths.addressPaymentId, addressId));

describe('bill-payments/store and update', () => {
  it('refuse a zero or negative rate or amount paid, marking no month', async () => {
    const { clientId, addressId } = await address();
    const before = await paymentCount();
    const cases: [Record<string, string>, string, string][] = [
      [{ exchange_rate: '0' }, 'exchange_rate', RATE_MESSAGE],
      [{ exchange_rate: '0.00' }, 'exchange_rate', RATE_MESSAGE],
      [{ exchange_rate: '-36.50' }, 'exchange_rate', RATE_MESSAGE],
      [{ amount_payment: '0' }, 'amount_payment', AMOUNT_MESSAGE],
      [{ amount_payment: '-0.00' }, 'amount_payment', AMOUNT_MESSAGE],
      [{ amount_payment: '-5.00' }, 'amount_payment', AMOUNT_MESSAGE],
      [{ exchange_rate: '0', amount_payment: '0' }, 'exchange_rate', RATE_MESSAGE],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await storePayment(cashForm(clientId, addressId, overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(422);
      expect(answer.body.errors[field], JSON.stringify(overrides)).toEqual([message]);
    }
    expect(await paymentCount()).toBe(before);
    expect(await monthsOf(addressId)).toEqual([]);
  });

  it('refuse an edit to a zero rate or amount, keeping the stored payment', async () => {
    const { clientId, addressId } = await address();
    const stored = await storePayment(cashForm(clientId, addressId));
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const id = stored.body.data.id as number;
    const [before] = await w.ctx.db.select().from(payments).where(eq(payments.id, id));
    for (const [overrides, field, message] of [
      [{ exchange_rate: '0.00' }, 'exchange_rate', RATE_MESSAGE],
      [{ amount_payment: '-0.00' }, 'amount_payment', AMOUNT_MESSAGE],
    ] as const) {
      const answer = await storePayment(cashForm(clientId, addressId, { id: String(id), ...overrides }), w.admin.token, '/api/bill-payments/update');
      expect(answer.status).toBe(422);
      expect(answer.body.errors[field]).toEqual([message]);
    }
    const [after] = await w.ctx.db.select().from(payments).where(eq(payments.id, id));
    expect(after).toEqual(before);
  });
});

describe('a client user’s report', () => {
  it('refuses -0.00 and 0 as the amount paid', async () => {
    const { clientId, addressId } = await address();
    const client = await w.ctx.staff({ roleId: CLIENT_ROLE_ID, overrides: { clientId } });
    for (const amount of ['-0.00', '0']) {
      const answer = await storePayment(paymentFields(clientId, addressId, { amount_payment: amount, reference: '000123', payment_method_id: '1' }), client.token, '/api/payments/store');
      expect(answer.status).toBe(422);
      expect(answer.body.errors.amount_payment).toEqual([AMOUNT_MESSAGE]);
    }
    expect(await monthsOf(addressId)).toEqual([]);
  });

  it('is refused while the configured rate is zero', async () => {
    const { clientId, addressId } = await address();
    const client = await w.ctx.staff({ roleId: CLIENT_ROLE_ID, overrides: { clientId } });
    await setRates(w.ctx.db, {});
    try {
      const answer = await storePayment(paymentFields(clientId, addressId, { amount_payment: '846.80', reference: '000123', payment_method_id: '1' }), client.token, '/api/payments/store');
      expect(answer).toMatchObject({ status: 422, body: { message: paymentMessages.rateNotConfigured, errors: { exchange_rate: [paymentMessages.rateNotConfigured] } } });
      expect(await monthsOf(addressId)).toEqual([]);
    } finally {
      await setRates(w.ctx.db, { usd: '36.50', eur: '30.00' });
    }
  });
});

describe('closed-boxs/import', () => {
  it('refuses zero and negative amounts by line', async () => {
    const importer = await w.ctx.staff({ permissions: ['closed_boxs', 'add_closed_box', 'payments'] });
    const fields = { date: TODAY, user_id: String(importer.id), serie: String(w.serieId), exchange_rate: '36.50', type: '0' };
    const { body, headers } = importUpload(fields, 'terminal,lote,referencia,monto\nT1,L1,R1,0.00\nT1,L1,R2,-3.00\nT1,L1,R3,"0,00"\n');
    const answer = await w.ctx.call('POST', '/api/closed-boxs/import', { token: importer.token, body, headers });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: closedBoxMessages.importFailed });
    expect(answer.body.errors.file).toEqual([
      'Línea 2: el monto debe ser mayor que 0.',
      'Línea 3: el monto debe ser un número con hasta 2 decimales.',
      'Línea 4: el monto debe ser mayor que 0.',
    ]);
  });
});
