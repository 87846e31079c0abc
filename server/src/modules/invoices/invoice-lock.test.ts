import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceLockMessage } from '@recaudo/domain/invoices';
import { addMonths } from '@recaudo/domain/months';
import { paymentMessages } from '@recaudo/domain/payments';
import { economicActivities } from '../economic-activities/tables';
import { payments } from '../payments/tables';
import { jobs } from '../queue/tables';
import { invoiceWorld } from './invoice-world';

/** `bill-payments/update` of a payment bound to an invoice (decisions "Legal documents": what an invoice fixes). */
const { w, NOW, storePayment, paymentFields, invoicedPayment, paymentRow, documentOf, run, makeDue } = invoiceWorld();

beforeEach(async () => {
  await makeDue();
  await run();
});

/** The fields the panel sends again for a stored payment, with some changed. */
async function edit(id: number, changes: Record<string, string>) {
  const row = await paymentRow(id);
  const fields = paymentFields(row.clientId, row.addressPaymentId, {
    id: String(id),
    months_payment: JSON.stringify(row.monthsPayment),
    is_apply_retention: row.isApplyRetention ? '1' : '0',
    amount_payment: row.amountPayment,
    exchange_rate: row.exchangeRate,
    ...changes,
  });
  return storePayment(fields, w.admin.token, '/api/bill-payments/update');
}

async function issued() {
  const payment = await invoicedPayment();
  await run();
  expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
  return payment;
}

describe('an issued invoice fixes what it states', () => {
  it('refuses a change of months, rate or method with a 422 naming each field; nothing is stored', async () => {
    const payment = await issued();
    const before = await paymentRow(payment.id);
    const answer = await edit(payment.id, { months_payment: JSON.stringify([NOW, addMonths(NOW, -1)]), exchange_rate: '40.00', payment_method_id: '1', reference: '123456' });
    const message = invoiceLockMessage('issued', ['months_payment', 'payment_method_id', 'exchange_rate']);
    expect(message).toBe(
      'La factura de este pago ya fue emitida: no se puede cambiar Meses, Método de pago y Tasa de cambio. Para corregirla genera una nota de crédito o de débito, o anula la factura.',
    );
    expect(answer).toMatchObject({
      status: 422,
      body: { success: false, message, errors: { months_payment: [message], payment_method_id: [message], exchange_rate: [message] } },
    });
    expect(await paymentRow(payment.id)).toEqual(before);
  });

  it('refuses another client and address, the retention flag, and turning the digital invoice off for a typed control number', async () => {
    const payment = await issued();
    const other = await invoicedPayment();
    const moved = await edit(payment.id, { client_id: String(other.clientId), address_payment_id: String((await paymentRow(other.id)).addressPaymentId) });
    expect(moved).toMatchObject({ status: 422, body: { message: invoiceLockMessage('issued', ['client_id', 'address_payment_id']) } });
    const retention = await edit(payment.id, { is_apply_retention: '1' });
    expect(retention).toMatchObject({ status: 422, body: { errors: { is_apply_retention: [invoiceLockMessage('issued', ['is_apply_retention'])] } } });
    // Switching the digital invoice off to type another control number is refused too.
    // The refusal names the fields as the form labels them (issue 46): "Nº de control", not "Número de control".
    const typed = await edit(payment.id, { send_invoice: '0', number: '12345678' });
    expect(typed).toMatchObject({
      status: 422,
      body: {
        message:
          'La factura de este pago ya fue emitida: no se puede cambiar Enviar factura digital y Nº de control. Para corregirla genera una nota de crédito o de débito, o anula la factura.',
      },
    });
  });

  it('lets observations, reference and the amount paid change, keeping the issued figures even after the fee changed', async () => {
    const payment = await issued();
    const before = await paymentRow(payment.id);
    const [activity] = await w.ctx.db.select().from(economicActivities);
    await w.ctx.db.update(economicActivities).set({ fee: '25.00' }).where(eq(economicActivities.id, activity!.id));
    try {
      const answer = await edit(payment.id, { observations: 'Pagó en taquilla', reference: '998877', amount_payment: '900.00' });
      expect(answer).toMatchObject({ status: 200, body: { success: true, message: 'Pago actualizado' } });
    } finally {
      await w.ctx.db.update(economicActivities).set({ fee: activity!.fee }).where(eq(economicActivities.id, activity!.id));
    }
    const after = await paymentRow(payment.id);
    expect(after).toMatchObject({ observations: 'Pagó en taquilla', reference: '998877', amountPayment: '900.00', statusInvoiceFactory: 200, number: before.number });
    expect({ base: after.taxBase, iva: after.iva, bill: after.amountBill, dollars: after.dollarAmountBill, retention: after.retention }).toEqual({
      base: before.taxBase,
      iva: before.iva,
      bill: before.amountBill,
      dollars: before.dollarAmountBill,
      retention: before.retention,
    });
  });

  it('holds a changed amount to the issued months (issue 46); one stored short before the rule keeps its free fields editable', async () => {
    const payment = await issued();
    const lowered = await edit(payment.id, { amount_payment: '800.00' });
    const message = 'Faltan BS 46,80 ($ 1,29) para cubrir el pago de los meses y el IGTF.';
    expect(lowered).toMatchObject({ status: 422, body: { message, errors: { amount_payment: [message] } } });
    expect((await paymentRow(payment.id)).amountPayment).toBe('846.80');

    await w.ctx.db.update(payments).set({ amountPayment: '0.01' }).where(eq(payments.id, payment.id));
    expect((await edit(payment.id, { observations: 'Monto histórico' })).status).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ observations: 'Monto histórico', amountPayment: '0.01' });
    expect((await edit(payment.id, { amount_payment: '0.02' })).body.message).toBe('Faltan BS 846,78 ($ 23,20) para cubrir el pago de los meses y el IGTF.');
  });
});

describe('an invoice in the queue or cancelled', () => {
  it('a queued invoice refuses the change with the "en proceso" message', async () => {
    const payment = await invoicedPayment();
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBeNull();
    const answer = await edit(payment.id, { exchange_rate: '40.00' });
    expect(answer).toMatchObject({
      status: 422,
      body: {
        message:
          'La factura de este pago está en proceso en la imprenta digital: no se puede cambiar Tasa de cambio. Cuando se emita, corrígela con una nota de crédito o de débito, o anúlala.',
      },
    });
    await run();
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
  });

  it('a cancelled invoice keeps its payment as annulled: the change is refused, rejecting the payment is the way', async () => {
    const payment = await issued();
    const cancel = await w.ctx.call('PUT', '/api/factory-invoices/cancel-invoice', { token: w.admin.token, body: { id: payment.id, notes: 'Cliente equivocado' } });
    expect(cancel.status).toBe(200);
    const answer = await edit(payment.id, { months_payment: JSON.stringify([addMonths(NOW, -1)]) });
    expect(answer).toMatchObject({
      status: 422,
      body: { message: 'La factura de este pago fue anulada: no se puede cambiar Meses. Para cobrar de nuevo, rechaza este pago y registra uno nuevo.' },
    });
  });
});

describe('an invoice the printer refused', () => {
  it('may be corrected: saving sends it again once, with the new figures and a new transaction id', async () => {
    const payment = await invoicedPayment();
    w.sim.failNext('Emision', { kind: 'code', code: '203', message: 'Documento no procesado', validations: ['tipoCambio inválido'] });
    await run();
    const refused = await documentOf(payment.id);
    expect(refused.status).toBe(203);

    const answer = await edit(payment.id, { exchange_rate: '40.00', months_payment: JSON.stringify([NOW, addMonths(NOW, -1)]), amount_payment: '1856.00' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const queued = await documentOf(payment.id);
    expect(queued).toMatchObject({ id: refused.id, status: null, numberDocument: refused.numberDocument, total: '1856.00' });
    expect(queued.transactionId).not.toBe(refused.transactionId);
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBeNull();

    // Saving again while it waits changes nothing more and queues nothing more.
    expect((await edit(payment.id, { observations: 'corregido' })).status).toBe(200);
    expect(await w.ctx.db.select().from(jobs).where(eq(jobs.status, 'pending'))).toHaveLength(1);

    expect(await run()).toMatchObject({ done: 1 });
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({ statusInvoiceFactory: 200, amountBill: '1856.00' });
    const sent = w.sim.documents.filter((doc) => doc.transaccionId === queued.transactionId);
    expect(sent).toHaveLength(1);
    expect(w.sim.documents.filter((doc) => doc.transaccionId === refused.transactionId)).toHaveLength(0);
  });
});

describe('a payment with a legal document', () => {
  it('is not deleted, even queued or cancelled: a 422 that says why, and the payment stays', async () => {
    const remover = await w.ctx.staff({ permissions: ['payments', 'delete_payment'] });
    const queued = await invoicedPayment();
    const refused = await w.ctx.call('DELETE', '/api/bill-payments/delete', { token: remover.token, body: { id: queued.id } });
    expect(refused).toMatchObject({ status: 422, body: { success: false, message: paymentMessages.hasLegalDocument } });
    await run();
    const cancelled = await w.ctx.call('PUT', '/api/factory-invoices/cancel-invoice', { token: w.admin.token, body: { id: queued.id, notes: 'Error de monto' } });
    expect(cancelled.status).toBe(200);
    expect((await w.ctx.call('DELETE', '/api/bill-payments/delete', { token: remover.token, body: { id: queued.id } })).status).toBe(422);
    expect(await paymentRow(queued.id)).toMatchObject({ id: queued.id, statusInvoiceFactory: 800 });
  });
});
