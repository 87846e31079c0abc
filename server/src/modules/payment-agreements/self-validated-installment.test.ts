import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayjs, todayInCaracas } from '@recaudo/domain/dates';
import { bankTestContext, newSerie, payingClient, reportedPayment } from '../../../test/bank-fixture';
import type { TestContext, TestUser } from '../../../test/harness';
import { setRates } from '../../../test/rates';
import type { BankSimulator } from '../../providers/bank/simulator';
import { addressesPayments } from '../addresses-payment/tables';
import { correlatives } from '../correlatives/tables';
import { legalDocuments } from '../invoices/tables';
import { payments } from '../payments/tables';

/**
 * Issue 50: a client pays her agreement's installment from her phone with a Pago Móvil she
 * validates with the bank. Approved at once like any self-validated payment, but like an abono it
 * names no months and so carries no digital invoice.
 */

let ctx: TestContext;
let simulator: BankSimulator;
let admin: TestUser;

beforeAll(async () => {
  ({ ctx, simulator } = await bankTestContext());
  await setRates(ctx.db, { usd: '36.50' });
  const [oldest] = await ctx.db.select({ id: correlatives.id }).from(correlatives).orderBy(correlatives.id).limit(1);
  if (!oldest) await newSerie(ctx);
  admin = await ctx.staff({ permissions: ['clients', 'payment_agreements'] });
});
afterAll(async () => {
  await ctx.close();
  await simulator.close();
});

describe('a client pays her agreement’s installment with a validated Pago Móvil', () => {
  it('is approved at once, pays the down payment, and carries no digital invoice', async () => {
    // The fixture's address ($ 5,00 a month) starts three months back: it owes four months, $ 20,00.
    const place = await payingClient(ctx);
    const maria = await ctx.clientUser({ phone: ['4141234567'], email: 'maria.convenio@correo.test' });
    await ctx.db.update(addressesPayments).set({ clientId: maria.clientId! }).where(eq(addressesPayments.id, place.addressId));
    const signed = await ctx.call('POST', '/api/payment-agreements/store', {
      token: admin.token,
      body: { address_payment_id: place.addressId, down_payment_usd: '5.00', installments: 3, first_due_date: dayjs(todayInCaracas()).add(7, 'day').format('YYYY-MM-DD') },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const agreementId = signed.body.data.id as number;

    // The down payment, $ 5,00 at 36,50: BS 182,50.
    const validated = await ctx.call('POST', '/api/bank-operations/validate-payment', {
      token: maria.token,
      body: { client_id: maria.clientId, pay_phone: '4141234567', ...reportedPayment(simulator, '182.50') },
    });
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    const stored = await ctx.call('POST', '/api/payments/store', {
      token: maria.token,
      body: {
        client_id: maria.clientId,
        address_payment_id: place.addressId,
        payment_method_id: 3,
        bank_id: place.bankId,
        date_payment: todayInCaracas(),
        exchange_rate: '36.50',
        exchange_rate_id: 1,
        amount_payment: '182.50',
        reference: '41414141',
        type_payment_month: 1,
        months_payment: [],
        payment_agreement_id: agreementId,
        conciliation_id: validated.body.conciliation.id,
      },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, stored.body.data.id));
    expect(row).toMatchObject({ status: 1, bdvVerified: true, sendInvoice: false, paymentAgreementId: agreementId, monthsPayment: [] });
    expect(row!.numberCorrelative).not.toBeNull();
    expect(await ctx.db.select().from(legalDocuments).where(eq(legalDocuments.paymentId, row!.id))).toEqual([]);

    const agreement = await ctx.call('GET', `/api/payment-agreements/${agreementId}`, { token: maria.token });
    expect(agreement.body.data.installments[0]).toMatchObject({ number: 0, amount_usd: '5.00', paid_usd: '5.00', status: 'paid' });
    expect(agreement.body.data.installments[1]).toMatchObject({ number: 1, paid_usd: '0.00', status: 'pending' });
  });
});
