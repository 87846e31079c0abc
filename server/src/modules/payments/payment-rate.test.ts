import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setRates } from '../../../test/rates';
import { exchangeRates } from '../exchange-rates/tables';
import { invoiceWorld } from '../invoices/invoice-world';
import { payments } from './tables';

/** Issue 47: a payment takes the BCV rate in force on its date; another rate needs edit_exchange_rate and a reason. */
const { w, TODAY, address, storePayment, paymentFields } = invoiceWorld();

const cashForm = (clientId: number, addressId: number, overrides: Record<string, string> = {}) =>
  paymentFields(clientId, addressId, { send_invoice: '0', number: '00012345', amount_payment: '846.80', exchange_rate_reason: '', ...overrides });
const stored = async (id: number) => (await w.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe('the rate of a payment', () => {
  it('records the value date and source of the rate in force it used', async () => {
    await setRates(w.ctx.db, { usd: '36.50' });
    await w.ctx.db.update(exchangeRates).set({ source: 'bcv', reason: null });
    const { clientId, addressId } = await address();
    const answer = await storePayment(cashForm(clientId, addressId));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await stored(answer.body.data.id)).toMatchObject({ exchangeRate: '36.50', rateValueDate: TODAY, rateSource: 'bcv', rateReason: null });
  });

  it('refuses another rate without edit_exchange_rate, asks the reason with it, and records it as manual', async () => {
    await setRates(w.ctx.db, { usd: '36.50' });
    const { clientId, addressId } = await address();
    const cashier = await w.ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment'] });
    const refused = await storePayment(cashForm(clientId, addressId, { exchange_rate: '40.00' }), cashier.token);
    expect(refused).toMatchObject({ status: 422, body: { errors: { exchange_rate: ['No tienes permiso para cambiar la tasa del pago: se usa la tasa BCV vigente en su fecha'] } } });
    const noReason = await storePayment(cashForm(clientId, addressId, { exchange_rate: '40.00' }));
    expect(noReason).toMatchObject({ status: 422, body: { errors: { exchange_rate_reason: ['Indica el motivo de la tasa manual'] } } });
    const manual = await storePayment(cashForm(clientId, addressId, { exchange_rate: '40.00', exchange_rate_reason: 'Tasa pactada en el contrato', amount_payment: '928.00' }));
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    expect(await stored(manual.body.data.id)).toMatchObject({ exchangeRate: '40.00', rateSource: 'manual', rateReason: 'Tasa pactada en el contrato', rateValueDate: null });
  });
});
