import { and, asc, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths, type Month } from '@recaudo/domain/months';
import { paymentMessages } from '@recaudo/domain/payments';
import { banks } from '../banks/tables';
import { correlatives } from '../correlatives/tables';
import { invoiceWorld } from '../invoices/invoice-world';
import { auditLogs } from '../logs/tables';
import { paymentStoreKeys, payments } from './tables';

/** Issue 35 "Exactly-once payment creation": Idempotency-Key on both store families, and reused bank references. */
const { w, NOW, address, storePayment, paymentFields } = invoiceWorld();

const cashForm = (clientId: number, addressId: number, overrides: Record<string, string> = {}) =>
  paymentFields(clientId, addressId, { send_invoice: '0', number: '00012345', ...overrides });
const keyed = (key: string) => ({ 'idempotency-key': key });
const paymentsOf = (addressId: number) => w.ctx.db.select().from(payments).where(eq(payments.addressPaymentId, addressId)).orderBy(asc(payments.id));
const serieNumber = async () => (await w.ctx.db.select().from(correlatives).where(eq(correlatives.id, w.serieId)))[0]!.number;
const auditsOf = async (id: number) =>
  (await w.ctx.db.select({ n: count() }).from(auditLogs).where(and(eq(auditLogs.subjectType, 'payments'), eq(auditLogs.subjectId, id))))[0]!.n;

let bankA = 0;
let bankB = 0;
beforeAll(async () => {
  const rows = await w.ctx.db.select({ id: banks.id }).from(banks).orderBy(asc(banks.id)).limit(2);
  [bankA, bankB] = [rows[0]!.id, rows[1]!.id];
});

describe('Idempotency-Key on bill-payments/store and payments/store', () => {
  it('20 concurrent identical requests record one payment and all answer it', async () => {
    const { clientId, addressId } = await address();
    const numberBefore = await serieNumber();
    const fields = cashForm(clientId, addressId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        storePayment(fields, w.admin.token, index % 2 ? '/api/payments/store' : '/api/bill-payments/store', keyed('guardar-1')),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const stored = await paymentsOf(addressId);
    expect(stored).toHaveLength(1);
    for (const answer of answers)
      expect(answer.body).toEqual({
        success: true,
        message: paymentMessages.created,
        data: { id: stored[0]!.id, number_correlative: stored[0]!.numberCorrelative, hash: stored[0]!.hash, balance_months: [] },
      });
    expect(Number(await serieNumber())).toBe(Number(numberBefore) + 1);
    expect(await auditsOf(stored[0]!.id)).toBe(1);
  });

  it('the same key with another body is refused with 409 and records nothing; the first payment stands', async () => {
    const { clientId, addressId } = await address();
    const first = await storePayment(cashForm(clientId, addressId), w.admin.token, undefined, keyed('guardar-2'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const changed = await storePayment(cashForm(clientId, addressId, { amount_payment: '900.00' }), w.admin.token, undefined, keyed('guardar-2'));
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual({ success: false, message: paymentMessages.idempotencyConflict });
    const again = await storePayment(cashForm(clientId, addressId), w.admin.token, undefined, keyed('guardar-2'));
    expect(again.body.data).toEqual(first.body.data);
    expect(await paymentsOf(addressId)).toHaveLength(1);
  });

  it('a refused request leaves its key free for the corrected form', async () => {
    const { clientId, addressId } = await address();
    const taken = await storePayment(cashForm(clientId, addressId));
    expect(taken.status).toBe(200);
    const refused = await storePayment(cashForm(clientId, addressId), w.admin.token, undefined, keyed('guardar-3'));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(paymentMessages.monthTaken(NOW));
    const corrected = await storePayment(
      cashForm(clientId, addressId, { months_payment: JSON.stringify([addMonths(NOW, -1) as Month]) }),
      w.admin.token,
      undefined,
      keyed('guardar-3'),
    );
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(await paymentsOf(addressId)).toHaveLength(2);
  });

  it('keys are per user and forgotten after 24 hours; a malformed key is a 400', async () => {
    const { clientId, addressId } = await address();
    const other = await w.ctx.staff({ permissions: ['payments', 'add_payment'], overrides: { useAllSeries: true } });
    const mine = await storePayment(cashForm(clientId, addressId), w.admin.token, undefined, keyed('guardar-4'));
    const theirs = await storePayment(cashForm(clientId, addressId, { months_payment: JSON.stringify([addMonths(NOW, -1)]) }), other.token, undefined, keyed('guardar-4'));
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);

    await w.ctx.db
      .update(paymentStoreKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(paymentStoreKeys.userId, other.id), eq(paymentStoreKeys.key, 'guardar-4')));
    const later = await storePayment(cashForm(clientId, addressId, { months_payment: JSON.stringify([addMonths(NOW, -2)]) }), other.token, undefined, keyed('guardar-4'));
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(await paymentsOf(addressId)).toHaveLength(3);

    for (const bad of ['x'.repeat(101), 'con espacio']) {
      const answer = await storePayment(cashForm(clientId, addressId, { months_payment: JSON.stringify([addMonths(NOW, -3)]) }), w.admin.token, undefined, keyed(bad));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(paymentMessages.idempotencyKeyInvalid);
    }
    expect(await paymentsOf(addressId)).toHaveLength(3);
  });
});

describe('a bank reference already used by a live payment of the same method and bank', () => {
  const transfer = (clientId: number, addressId: number, reference: string, bank: number, months: Month[]) =>
    cashForm(clientId, addressId, { payment_method_id: '1', reference, bank_id: String(bank), months_payment: JSON.stringify(months) });
  const ask = (query: Record<string, unknown>, token = w.admin.token) => w.ctx.call('GET', '/api/payments/reference-in-use', { token, query });

  it('is flagged to the cashier, who may still save; other banks, methods, rejected payments and the payment itself are no duplicate', async () => {
    const { clientId, addressId } = await address();
    const first = await storePayment(transfer(clientId, addressId, '000123456789', bankA, [NOW]));
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const same = await ask({ reference: '000123456789', payment_method_id: 1, bank_id: bankA });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual({ in_use: true, message: paymentMessages.referenceInUse('000123456789') });
    for (const query of [
      { reference: '000123456789', payment_method_id: 1, bank_id: bankB },
      { reference: '000123456789', payment_method_id: 3, bank_id: bankA },
      { reference: '000999', payment_method_id: 1, bank_id: bankA },
      { reference: '000123456789', payment_method_id: 1, bank_id: bankA, id: first.body.data.id },
    ])
      expect((await ask(query)).body.data, JSON.stringify(query)).toEqual({ in_use: false, message: null });

    const second = await storePayment(transfer(clientId, addressId, '000123456789', bankA, [addMonths(NOW, -1)]));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    for (const id of [first.body.data.id, second.body.data.id]) {
      const rejected = await w.ctx.call('PUT', '/api/bill-payments/change-status', { token: w.admin.token, body: { id, status: 2, notes: 'Duplicado' } });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    }
    expect((await ask({ reference: '000123456789', payment_method_id: 1, bank_id: bankA })).body.data.in_use).toBe(false);
  });

  it('is refused with 422 when a client user reports it', async () => {
    const staffPaid = await address();
    expect((await storePayment(transfer(staffPaid.clientId, staffPaid.addressId, '777000111', bankA, [NOW]))).status).toBe(200);
    const client = await w.ctx.clientUser();
    const own = await address();
    await w.ctx.db.execute(sql`update addresses_payments set client_id = ${client.clientId} where id = ${own.addressId}`);
    // The address starts three months back: a client pays its oldest month first (issue 51).
    const oldest = addMonths(NOW, -3);
    const reported = await storePayment(transfer(client.clientId!, own.addressId, '777000111', bankA, [oldest]), client.token);
    expect(reported.status).toBe(422);
    expect(reported.body.errors).toEqual({ reference: [paymentMessages.referenceInUse('777000111')] });
    expect(await paymentsOf(own.addressId)).toEqual([]);
    const otherBank = await storePayment(transfer(client.clientId!, own.addressId, '777000111', bankB, [oldest]), client.token);
    expect(otherBank.status, JSON.stringify(otherBank.body)).toBe(200);
  });

  it('is asked only by staff who may add or edit payments', async () => {
    const reader = await w.ctx.staff({ permissions: ['payments'] });
    const client = await w.ctx.clientUser();
    expect((await ask({ reference: '1', payment_method_id: 1 }, reader.token)).status).toBe(403);
    expect((await ask({ reference: '1', payment_method_id: 1 }, client.token)).status).toBe(403);
    const missing = await ask({ reference: '1' });
    expect(missing.status).toBe(422);
  });
});
