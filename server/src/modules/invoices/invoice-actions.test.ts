import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceMessages } from '@recaudo/domain/invoices';
import { correlatives } from '../correlatives/tables';
import { auditLogs } from '../logs/tables';
import { messageSends } from '../messages/tables';
import { invoiceWorld } from './invoice-world';
import { invoiceRecords } from './tables';

const { w, TODAY, invoicedPayment, paymentRow, documentOf, run, storePayment } = invoiceWorld();

/** An invoiced payment whose invoice the printer has issued. */
async function issued(options: { retention?: boolean; type?: 0 | 1 } = {}) {
  const payment = await invoicedPayment(options);
  await run();
  expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
  return payment;
}

const post = (url: string, body: unknown, token = w.admin.token) => w.ctx.call('POST', `/api/factory-invoices/${url}`, { token, body });
const put = (url: string, body: unknown, token = w.admin.token) => w.ctx.call('PUT', `/api/factory-invoices/${url}`, { token, body });
const tomorrow = () => {
  const day = new Date(`${TODAY}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};
const note = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  type: '03',
  payment_method_id: 1,
  date_payment: TODAY,
  new_amount_payment: '116.00',
  notes: 'Ajuste de tarifa',
  reference: '000123',
  ...overrides,
});

describe('invoice details and e-mail', () => {
  it('answers the printer’s PDF of an issued invoice; one not issued is refused', async () => {
    const payment = await issued();
    const answer = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/factory-invoices/generate-invoice-payment-pdf/${payment.hash}`,
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const queued = await invoicedPayment();
    const refused = await w.ctx.call('GET', `/api/factory-invoices/generate-invoice-payment-pdf/${queued.hash}`, { token: w.admin.token });
    expect(refused).toMatchObject({ status: 422, body: { success: false, message: invoiceMessages.notIssued } });
  });

  it('sends to the valid addresses, drops and names the invalid ones; none valid is a 422', async () => {
    const payment = await issued();
    const answer = await post('send-mail-invoice', { id: payment.id, items: ['ana@correo.test', 'no-es-correo', ' Luis@Correo.test '] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: invoiceMessages.mailQueued,
      data: { sent: ['ana@correo.test', 'luis@correo.test'], dropped: ['no-es-correo'] },
    });
    expect(w.sim.mails.at(-1)!.correos).toEqual(['ana@correo.test', 'luis@correo.test']);
    const none = await post('send-mail-invoice', { id: payment.id, items: ['malo'] });
    expect(none).toMatchObject({ status: 422, body: { message: invoiceMessages.noEmails } });
  });

  it('keeps sender and recipients in the audit log, takes 20 addresses at most and counts them against the hourly limit', async () => {
    const payment = await issued();
    const sender = await w.ctx.staff({ permissions: ['payments'] });
    expect((await post('send-mail-invoice', { id: payment.id, items: ['uno@correo.test', 'dos@correo.test'] }, sender.token)).status).toBe(200);
    const [entry] = await w.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.description, 'send_message'), eq(auditLogs.causerId, sender.id)));
    expect(entry).toMatchObject({ logName: 'invoices', subjectId: payment.id, properties: { attributes: { type: 'email', recipients: ['uno@correo.test', 'dos@correo.test'] } } });

    const tooMany = Array.from({ length: 21 }, (_, index) => `n${index}@correo.test`);
    const refused = await post('send-mail-invoice', { id: payment.id, items: tooMany }, sender.token);
    expect(refused).toMatchObject({ status: 422, body: { errors: { items: ['No se pueden enviar más de 20 mensajes a la vez.'] } } });

    // 198 more recipients fill the default hour (200): the next address is refused before the printer is called.
    await w.ctx.db.insert(messageSends).values({ userId: sender.id, recipients: 198 });
    const mailsBefore = w.sim.mails.length;
    const limited = await post('send-mail-invoice', { id: payment.id, items: ['tres@correo.test'] }, sender.token);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Alcanzaste el límite de 200 destinatarios por hora\. Intenta de nuevo en \d+ minutos?\.$/);
    expect(w.sim.mails.length).toBe(mailsBefore);
  });
});

describe('retention (spec 02 §5)', () => {
  it('needs voucher number and a date not in the future; applies once on an invoice flagged for retention', async () => {
    const payment = await issued({ retention: true });
    expect(await post('apply-retention', { id: payment.id, number: '', date: TODAY })).toMatchObject({
      status: 422,
      body: { message: invoiceMessages.required },
    });
    expect(await post('apply-retention', { id: payment.id, number: '20260500000001', date: tomorrow() })).toMatchObject({
      status: 422,
      body: { message: invoiceMessages.futureDate, errors: { date: [invoiceMessages.futureDate] } },
    });
    const answer = await post('apply-retention', { id: payment.id, number: '20260500000001', date: TODAY });
    expect(answer).toMatchObject({ status: 200, body: { success: true, message: invoiceMessages.retentionApplied } });
    expect(await paymentRow(payment.id)).toMatchObject({
      isRetentionApplySuccess: true,
      numberWithholdingVoucher: '20260500000001',
      dateWithholdingVoucher: TODAY,
    });
    // 75 % of the bolivar VAT (116.80 Bs).
    expect(w.sim.retentions.at(-1)).toMatchObject({ tipoDocumento: '01', numeroComprobante: '20260500000001', totalRetencion: '87.60' });
    expect(await post('apply-retention', { id: payment.id, number: '20260500000002', date: TODAY })).toMatchObject({
      status: 422,
      body: { message: invoiceMessages.retentionNotAllowed },
    });
  });

  it('is refused on an invoice not flagged for retention', async () => {
    const payment = await issued();
    expect(await post('apply-retention', { id: payment.id, number: '1', date: TODAY })).toMatchObject({
      status: 422,
      body: { message: invoiceMessages.retentionNotAllowed },
    });
  });
});

describe('credit and debit notes', () => {
  it('validates the fields by method type and refuses a payment without an issued invoice', async () => {
    const payment = await issued();
    expect(await post('generate-custom-factory-note', note(payment.id, { notes: ' ' }))).toMatchObject({
      status: 422,
      body: { message: invoiceMessages.required },
    });
    expect(await post('generate-custom-factory-note', note(payment.id, { reference: '' }))).toMatchObject({
      status: 422,
      body: { errors: { reference: [invoiceMessages.required] } },
    });
    expect(await post('generate-custom-factory-note', note(payment.id, { payment_method_id: 2, reference: null, terminal: 'T1' }))).toMatchObject({
      status: 422,
      body: { errors: { lot_number: [invoiceMessages.required] } },
    });
    expect(await post('generate-custom-factory-note', note(payment.id, { date_payment: tomorrow() }))).toMatchObject({
      status: 422,
      body: { message: invoiceMessages.futureDate },
    });
    const queued = await invoicedPayment();
    expect(await post('generate-custom-factory-note', note(queued.id))).toMatchObject({ status: 422, body: { message: invoiceMessages.notesNotAllowed } });
  });

  it('takes the next number of its own counter; concurrent notes get consecutive numbers; each is emitted once referencing the invoice', async () => {
    const payment = await issued();
    const answers = await Promise.all([1, 2, 3].map(() => post('generate-custom-factory-note', note(payment.id, { type: '02' }))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.body.data.number_document).sort()).toEqual(['0001', '0002', '0003']);
    const debit = await post('generate-custom-factory-note', note(payment.id));
    expect(debit.body).toMatchObject({ success: true, message: invoiceMessages.noteQueued, data: { type_document: '03', number_document: '0001' } });
    const [serie] = await w.ctx.db.select().from(correlatives).where(eq(correlatives.id, w.serieId));
    expect(serie).toMatchObject({ numberCreditNote: '0003', numberDebitNote: '0001' });
    expect(await run()).toMatchObject({ done: 4 });
    const invoice = await documentOf(payment.id);
    const sent = w.sim.calls.filter(
      (call) =>
        call.endpoint === 'Emision' &&
        (call.body as any).documentoElectronico.encabezado.identificacionDocumento.numeroFacturaAfectada === String(Number(invoice.numberDocument)),
    );
    expect(sent).toHaveLength(4);
    // Commercial note of 116.00 Bs: 100.00 base + 16.00 VAT.
    expect((sent[0]!.body as any).documentoElectronico.encabezado.totales).toMatchObject({ subtotal: '100.00', totalIVA: '16.00', montoTotalConIVA: '116.00' });
    const documents = await w.ctx.call('GET', `/api/factory-invoices/documents/${payment.id}`, { token: w.admin.token });
    expect(documents.body.data.map((doc: { type_document: string; status: number }) => `${doc.type_document}:${doc.status}`)).toEqual([
      '01:200',
      '02:200',
      '02:200',
      '02:200',
      '03:200',
    ]);
  });
});

describe('cancelling an invoice', () => {
  it('takes the note as form data too (spec 02 §7), with the same checks as JSON', async () => {
    const payment = await issued();
    const form = (overrides: Record<string, unknown> = {}) =>
      Object.fromEntries(Object.entries(note(payment.id, overrides)).map(([key, value]) => [key, String(value)]));
    const refused = await storePayment(form({ notes: ' ' }), w.admin.token, '/api/factory-invoices/generate-custom-factory-note');
    expect(refused).toMatchObject({ status: 422, body: { message: invoiceMessages.required } });
    const creditNumber = async () => (await w.ctx.db.select().from(correlatives).where(eq(correlatives.id, w.serieId)))[0]!.numberCreditNote;
    const before = Number(await creditNumber());
    const next = String(before + 1).padStart(4, '0');
    const credit = await storePayment(form({ type: '02' }), w.admin.token, '/api/factory-invoices/generate-custom-factory-note');
    expect(credit).toMatchObject({ status: 200, body: { success: true, message: invoiceMessages.noteQueued, data: { type_document: '02', number_document: next } } });
    expect(await creditNumber()).toBe(next);
    const reader = await w.ctx.staff({ permissions: ['payments'] });
    expect((await storePayment(form(), reader.token, '/api/factory-invoices/generate-custom-factory-note')).status).toBe(403);
  });

  it('asks for the reason, then the printer annuls it: badge 800; a cancelled invoice takes no more actions', async () => {
    const payment = await issued();
    expect(await put('cancel-invoice', { id: payment.id, notes: '' })).toMatchObject({
      status: 422,
      body: { message: 'Necesitas completar el campo', errors: { notes: ['Necesitas completar el campo'] } },
    });
    expect(await put('cancel-invoice', { id: payment.id, notes: 'Datos del cliente errados' })).toMatchObject({
      status: 200,
      body: { success: true, message: invoiceMessages.cancelled, data: null },
    });
    expect(await paymentRow(payment.id)).toMatchObject({ statusInvoiceFactory: 800, notes: 'Datos del cliente errados' });
    const controlNumber = (await paymentRow(payment.id)).number;
    expect(w.sim.documents.find((doc) => doc.numeroControl === controlNumber)).toMatchObject({ anulado: true, motivoAnulacion: 'Datos del cliente errados' });
    expect(await put('cancel-invoice', { id: payment.id, notes: 'otra vez' })).toMatchObject({ status: 422, body: { message: invoiceMessages.notIssued } });
    expect(await post('generate-custom-factory-note', note(payment.id))).toMatchObject({ status: 422, body: { message: invoiceMessages.notesNotAllowed } });
    const records = await w.ctx.call('GET', `/api/factory-invoices/records/${payment.id}`, { token: w.admin.token });
    expect(records.body.data.map((record: { endpoint: string; code: string }) => `${record.endpoint} ${record.code}`)).toEqual(['Anular 200', 'Emision 200']);
  });

  it('a printer rejection is a 422 with its validaciones, kept as a record; the invoice stays issued', async () => {
    const payment = await issued();
    w.sim.failNext('Anular', { kind: 'code', code: '203', message: 'Documento no procesado', validations: ['Fuera del plazo de anulación'] });
    expect(await put('cancel-invoice', { id: payment.id, notes: 'Error' })).toMatchObject({
      status: 422,
      body: { message: `${invoiceMessages.printerRejected}: Documento no procesado · Fuera del plazo de anulación` },
    });
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
    const [record] = await w.ctx.db.select().from(invoiceRecords).where(eq(invoiceRecords.code, '203'));
    expect(record).toMatchObject({ endpoint: 'Anular', validations: ['Fuera del plazo de anulación'] });
  });

  it('a printer that does not answer is a 503 with the Spanish message', async () => {
    const payment = await issued();
    w.sim.failNext('Anular', { kind: 'timeout', holdMs: 1500 });
    expect(await put('cancel-invoice', { id: payment.id, notes: 'Error' })).toMatchObject({
      status: 503,
      body: { success: false, message: invoiceMessages.printerUnavailable },
    });
  });
});

describe('permissions and scope', () => {
  it('retention, notes and cancellation need edit_payment (403); e-mail and records only the payments screen', async () => {
    const payment = await issued({ retention: true });
    const viewer = await w.ctx.staff({ permissions: ['payments'] });
    expect((await post('apply-retention', { id: payment.id, number: '1', date: TODAY }, viewer.token)).status).toBe(403);
    expect((await put('cancel-invoice', { id: payment.id, notes: 'x' }, viewer.token)).status).toBe(403);
    expect((await post('generate-custom-factory-note', note(payment.id), viewer.token)).status).toBe(403);
    expect((await post('send-mail-invoice', { id: payment.id, items: ['a@b.co'] }, viewer.token)).status).toBe(200);
    const nobody = await w.ctx.staff({ permissions: [] });
    expect((await w.ctx.call('GET', `/api/factory-invoices/records/${payment.id}`, { token: nobody.token })).status).toBe(403);
  });

  it('a client user reaches only their own payment’s documents: another client’s is 404', async () => {
    const payment = await issued();
    const stranger = await w.ctx.clientUser();
    expect(await w.ctx.call('GET', `/api/factory-invoices/records/${payment.id}`, { token: stranger.token })).toMatchObject({
      status: 404,
      body: { success: false },
    });
    expect((await post('send-mail-invoice', { id: payment.id, items: ['a@b.co'] }, stranger.token)).status).toBe(404);
    expect((await w.ctx.call('GET', `/api/factory-invoices/generate-invoice-payment-pdf/${payment.hash}`, { token: stranger.token })).status).toBe(404);
  });
});
