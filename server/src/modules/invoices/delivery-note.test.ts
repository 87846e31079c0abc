import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceMessages } from '@recaudo/domain/invoices';
import { correlatives } from '../correlatives/tables';
import { invoiceWorld } from './invoice-world';

/** A payment issued as a delivery note (type 04) instead of an invoice (decisions "Legal documents"). */
const { w, TODAY, address, storePayment, paymentFields, paymentRow, documentOf, run, makeDue } = invoiceWorld();

beforeEach(async () => {
  await makeDue();
  await run();
});

const serie = async () => (await w.ctx.db.select().from(correlatives).where(eq(correlatives.id, w.serieId)))[0]!;
const emissions = (type: string) => w.sim.calls.filter((call) => (call.body as any).documentoElectronico?.encabezado.identificacionDocumento.tipoDocumento === type);

async function deliveryNote(type: 0 | 1 = 0, retention = false) {
  const { clientId, addressId } = await address({ type });
  const answer = await storePayment(paymentFields(clientId, addressId, { type_document: '04', is_apply_retention: retention ? '1' : '0' }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { id: answer.body.data.id as number, hash: answer.body.data.hash as string, clientId, addressId };
}

describe('a payment issued as a delivery note', () => {
  it('numbers on the series’ delivery-note counter, is emitted once as 04 with guiaDespacho, and shows Procesado', async () => {
    const before = await serie();
    const payment = await deliveryNote();
    const after = await serie();
    expect(after.number).toBe(before.number);
    expect(Number(after.numberDeliveryNote)).toBe(Number(before.numberDeliveryNote) + 1);
    const reader = await w.ctx.staff({ permissions: ['correlatives'] });
    const series = await w.ctx.call('GET', '/api/correlatives', { token: reader.token, query: { per_page: 100 } });
    expect(series.body.data.data.find((item: { id: number }) => item.id === w.serieId)).toMatchObject({ number_delivery_note: after.numberDeliveryNote });
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({ typeDocument: '04', numberCorrelative: after.numberDeliveryNote, statusInvoiceFactory: null, applyInvoiceFactory: true });
    expect(await documentOf(payment.id, '04')).toMatchObject({ typeDocument: '04', numberDocument: after.numberDeliveryNote, status: null });

    const sentBefore = emissions('04').length;
    expect(await run()).toMatchObject({ done: 1 });
    await makeDue();
    await run();
    const sent = emissions('04').slice(sentBefore);
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as any).documentoElectronico).toMatchObject({
      guiaDespacho: { esGuiaDespacho: '0' },
      encabezado: { identificacionDocumento: { tipoDocumento: '04', serie: 'F', numeroDocumento: String(Number(after.numberDeliveryNote)) } },
    });
    expect(await paymentRow(payment.id)).toMatchObject({ statusInvoiceFactory: 200, number: expect.stringMatching(/^00-\d{8}$/) });
    const list = await w.ctx.call('GET', '/api/bill-payments', { token: w.admin.token, query: { type_document: '04' } });
    expect(list.body.data.data.map((item: { id: number }) => item.id)).toContain(payment.id);
  });

  it('offers the PDF and the cancellation, never credit/debit notes nor retention; its type is fixed once numbered', async () => {
    const payment = await deliveryNote(1, true);
    // A withholding is made on invoices: the commercial 20 $ + 16 % at 36.50 is paid whole.
    expect(await paymentRow(payment.id)).toMatchObject({ isApplyRetention: false, retention: '0.00', amountBill: '846.80' });
    await run();
    const pdf = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/factory-invoices/generate-invoice-payment-pdf/${payment.hash}`,
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const note = await w.ctx.call('POST', '/api/factory-invoices/generate-custom-factory-note', {
      token: w.admin.token,
      body: { id: payment.id, type: '02', payment_method_id: 4, date_payment: TODAY, new_amount_payment: '10.00', notes: 'Ajuste' },
    });
    expect(note).toMatchObject({ status: 422, body: { message: invoiceMessages.notesNotAllowed } });

    const row = await paymentRow(payment.id);
    const retype = await storePayment(
      paymentFields(payment.clientId, payment.addressId, { id: String(payment.id), type_document: '01', exchange_rate: row.exchangeRate, amount_payment: row.amountPayment }),
      w.admin.token,
      '/api/bill-payments/update',
    );
    expect(retype).toMatchObject({
      status: 422,
      body: { message: `El tipo de documento no se puede cambiar: el pago ya tiene el número ${row.numberCorrelative}.`, errors: { type_document: [expect.any(String)] } },
    });

    const cancel = await w.ctx.call('PUT', '/api/factory-invoices/cancel-invoice', { token: w.admin.token, body: { id: payment.id, notes: 'Entrega duplicada' } });
    expect(cancel).toMatchObject({ status: 200, body: { message: invoiceMessages.cancelled } });
    expect(await paymentRow(payment.id)).toMatchObject({ statusInvoiceFactory: 800 });
    expect(await documentOf(payment.id, '04')).toMatchObject({ status: 800, notes: 'Entrega duplicada' });
  });

  it('refuses a document type other than 01 and 04', async () => {
    const { clientId, addressId } = await address();
    const answer = await storePayment(paymentFields(clientId, addressId, { type_document: '02' }));
    expect(answer).toMatchObject({ status: 422, body: { message: 'El campo Tipo de documento es inválido.' } });
  });
});
