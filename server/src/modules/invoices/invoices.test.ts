import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimDue } from '../../platform/queue';
import { createHkaClient } from '../../providers/invoice/hka-client';
import { setRates } from '../../../test/rates';
import { exchangeRates } from '../exchange-rates/tables';
import { jobs } from '../queue/tables';
import { emitDocument, oldestPendingAgeSeconds, runInvoiceJobs } from './emission';
import { invoiceWorld } from './invoice-world';
import { invoiceRecords, legalDocuments } from './tables';

const { w, TODAY, address, storePayment, paymentFields, invoicedPayment, paymentRow, documentOf, run, makeDue } = invoiceWorld();
const jobOf = async (documentId: number) =>
  (
    await w.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `document-${documentId}`))
  )[0]!;
const emissionsOf = (transactionId: string) =>
  w.sim.calls.filter((call) => (call.body as any).documentoElectronico?.encabezado.identificacionDocumento.transaccionId === transactionId);
const issuedOf = (transactionId: string) => w.sim.documents.filter((doc) => doc.transaccionId === transactionId);

beforeEach(async () => {
  // Each test starts with an empty queue: jobs left by an earlier test are run out.
  await makeDue();
  await run();
});

describe('issuing an invoice after commit', () => {
  it('queues the invoice with the payment, then the printer assigns the control number: badge 200, number, records', async () => {
    // Today's BCV rate, written after the world's manual one of the same value date, is the rate in force.
    await w.ctx.db.insert(exchangeRates).values({ currency: 'USD', rate: '36.50000000', valueDate: TODAY, source: 'bcv' });
    const payment = await invoicedPayment({ retention: true }).finally(() => setRates(w.ctx.db, { usd: '36.50' }));
    let row = await paymentRow(payment.id);
    expect(row).toMatchObject({ statusInvoiceFactory: null, applyInvoiceFactory: true, number: null, numberCorrelative: expect.stringMatching(/^\d{8}$/) });
    const doc = await documentOf(payment.id);
    expect(doc).toMatchObject({ typeDocument: '01', serie: 'F', numberDocument: row.numberCorrelative, status: null });
    expect(await oldestPendingAgeSeconds(w.ctx.db)).toBeGreaterThanOrEqual(0);

    expect(await run()).toMatchObject({ done: 1, retried: 0, failed: 0 });
    row = await paymentRow(payment.id);
    expect(row.statusInvoiceFactory).toBe(200);
    expect(row.number).toMatch(/^00-\d{8}$/);
    expect(row.urlFactory).toContain('/consulta?doc=');
    expect(await oldestPendingAgeSeconds(w.ctx.db)).toBeNull();

    const sent = emissionsOf(doc.transactionId);
    expect(sent).toHaveLength(1);
    const body = (sent[0]!.body as any).documentoElectronico;
    // 20 $ base, 3.20 $ VAT at 36.50: 730.00 + 116.80 = 846.80 Bs; 75 % of the VAT withheld.
    expect(body.encabezado.totales).toMatchObject({ subtotal: '730.00', totalIVA: '116.80', montoTotalConIVA: '846.80', montoGravadoTotal: '730.00' });
    expect(body.encabezado.totalesOtraMoneda).toMatchObject({
      moneda: 'USD',
      tipoCambio: '36.5000',
      subtotal: '20.00',
      totalIVA: '3.20',
      montoTotalConIVA: '23.20',
    });
    expect(body.encabezado.identificacionDocumento).toMatchObject({ tipoDocumento: '01', serie: 'F', numeroDocumento: String(Number(row.numberCorrelative)) });
    expect(body.encabezado.identificacionDocumento.fechaEmision).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // The rate and its value date, then the retention, in the document's only printed free field.
    expect(body.infoAdicional).toEqual([
      { campo: 'Tasa de cambio', valor: `Tasa BCV 36,50 del ${TODAY.slice(8, 10)}-${TODAY.slice(5, 7)}-${TODAY.slice(0, 4)}` },
      { campo: 'Retención IVA (75 %)', valor: '87.60' },
    ]);

    const records = await w.ctx.call('GET', `/api/factory-invoices/records/${payment.id}`, { token: w.admin.token });
    expect(records.status).toBe(200);
    expect(records.body.data).toEqual([expect.objectContaining({ endpoint: 'Emision', code: '200', message: 'Documento procesado correctamente' })]);
    const list = await w.ctx.call('GET', '/api/bill-payments', { token: w.admin.token, query: { search: row.numberCorrelative } });
    expect(list.body.data.data[0]).toMatchObject({ status_invoice_factory: 200, number: row.number, apply_invoice_factory: true });
  });

  it('a payment without the switch is 900 "no aplica" and queues nothing', async () => {
    const { clientId, addressId } = await address();
    const answer = await storePayment(paymentFields(clientId, addressId, { send_invoice: '0', number: '00012345' }));
    expect(answer.status).toBe(200);
    expect((await paymentRow(answer.body.data.id)).statusInvoiceFactory).toBe(900);
    expect(await w.ctx.db.select().from(legalDocuments).where(eq(legalDocuments.paymentId, answer.body.data.id))).toEqual([]);
  });

  it('a 203 answer is kept as a record with its validaciones and shown on the badge; it is not re-sent', async () => {
    const payment = await invoicedPayment();
    w.sim.failNext('Emision', { kind: 'code', code: '203', message: 'Documento no procesado', validations: ['comprador.direccion: longitud máxima 100'] });
    expect(await run()).toMatchObject({ done: 1 });
    const row = await paymentRow(payment.id);
    expect(row.statusInvoiceFactory).toBe(203);
    expect(row.factoryResponse).toBe('Documento no procesado · comprador.direccion: longitud máxima 100');
    const [record] = await w.ctx.db.select().from(invoiceRecords).where(eq(invoiceRecords.paymentId, payment.id));
    expect(record).toMatchObject({ endpoint: 'Emision', code: '203', validations: ['comprador.direccion: longitud máxima 100'] });
    await makeDue();
    expect(await run()).toMatchObject({ done: 0, retried: 0 });
  });

  it('every business code lands on the badge; retryable ones (204, 500) are tried again, final ones (202, 205, 210) are not', async () => {
    for (const code of ['202', '205', '210']) {
      const payment = await invoicedPayment();
      w.sim.failNext('Emision', { kind: 'code', code });
      expect(await run()).toMatchObject({ done: 1 });
      expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(Number(code));
    }
    const payment = await invoicedPayment();
    w.sim.failNext('Emision', { kind: 'code', code: '204', validations: ['Falla asignando número de control'] });
    expect(await run()).toMatchObject({ retried: 1 });
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(204);
    w.sim.failNext('Emision', { kind: 'http500' });
    await makeDue();
    expect(await run()).toMatchObject({ retried: 1 });
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(500);
    await makeDue();
    expect(await run()).toMatchObject({ done: 1 });
    const doc = await documentOf(payment.id);
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
    expect(issuedOf(doc.transactionId)).toHaveLength(1);
    const codes = (await w.ctx.db.select().from(invoiceRecords).where(eq(invoiceRecords.paymentId, payment.id)).orderBy(invoiceRecords.id)).map(
      (r) => `${r.endpoint} ${r.code}`,
    );
    expect(codes).toEqual(['Emision 204', 'EstadoDocumento 203', 'UltimoDocumento 200', 'Emision 500', 'EstadoDocumento 203', 'UltimoDocumento 200', 'Emision 200']);
  });

  it('after a timeout the state is asked first: a document the printer already issued is not sent again', async () => {
    const payment = await invoicedPayment();
    const doc = await documentOf(payment.id);
    w.sim.failNext('Emision', { kind: 'timeout', process: true, holdMs: 1500 });
    expect(await run()).toMatchObject({ retried: 1 });
    let row = await paymentRow(payment.id);
    expect(row.statusInvoiceFactory).toBeNull();
    const job = await jobOf(doc.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.lastError).toContain('no respondió a tiempo');
    // Backoff by the database's clock: not due yet.
    expect(await run()).toMatchObject({ done: 0, retried: 0 });
    await makeDue();
    expect(await run()).toMatchObject({ done: 1 });
    row = await paymentRow(payment.id);
    expect(row.statusInvoiceFactory).toBe(200);
    expect(emissionsOf(doc.transactionId)).toHaveLength(1);
    expect(issuedOf(doc.transactionId)).toHaveLength(1);
    expect(row.number).toBe(issuedOf(doc.transactionId)[0]!.numeroControl);
    const codes = (await w.ctx.db.select().from(invoiceRecords).where(eq(invoiceRecords.paymentId, payment.id)).orderBy(invoiceRecords.id)).map(
      (r) => `${r.endpoint} ${r.code}`,
    );
    expect(codes).toEqual(['Emision 408', 'EstadoDocumento 200']);
  });

  it('a timeout before the printer processed anything: the state says not found, then it is sent once', async () => {
    const payment = await invoicedPayment();
    const doc = await documentOf(payment.id);
    w.sim.failNext('Emision', { kind: 'timeout', holdMs: 1500 });
    await run();
    await makeDue();
    await run();
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
    expect(emissionsOf(doc.transactionId)).toHaveLength(2);
    expect(issuedOf(doc.transactionId)).toHaveLength(1);
  });

  it('a restart with queued and half-sent documents issues each exactly once', async () => {
    const queued = [await invoicedPayment(), await invoicedPayment(), await invoicedPayment()];
    // A worker that claimed all three, sent the first and died: the claims hold until their lease ends.
    const claimed = await claimDue(w.ctx.db, 'jobs', { filter: sql`queue = 'invoices'`, batch: 10, leaseSeconds: 120 });
    expect(claimed).toHaveLength(3);
    const first = await documentOf(queued[0]!.id);
    w.sim.failNext('Emision', { kind: 'timeout', process: true, holdMs: 1500 });
    await expect(emitDocument(w.ctx.db, w.worker, { id: (await jobOf(first.id)).id, attempt: 1, payload: { document_id: first.id } })).rejects.toThrow(
      'no respondió a tiempo',
    );
    expect(issuedOf(first.transactionId)).toHaveLength(1);
    // While leased, a new process takes nothing.
    expect(await run()).toMatchObject({ done: 0 });
    // The lease ends (by the database's clock); the new process issues them.
    await w.ctx.db
      .update(jobs)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.status, 'pending'));
    expect(await run()).toMatchObject({ done: 3 });
    for (const payment of queued) {
      const doc = await documentOf(payment.id);
      expect(issuedOf(doc.transactionId)).toHaveLength(1);
      expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
    }
    expect(emissionsOf(first.transactionId)).toHaveLength(1);
  });

  it('two workers at once never send the same document twice', async () => {
    const queued = await Promise.all([invoicedPayment(), invoicedPayment(), invoicedPayment(), invoicedPayment()]);
    const other = createHkaClient({ url: w.sim.url, user: 'hka', password: 'clave-hka', timeoutMs: 2000 });
    const results = await Promise.all([run(), runInvoiceJobs(w.ctx.db, other, { maxAttempts: 5 })]);
    expect(results[0].done + results[1].done).toBe(4);
    for (const payment of queued) {
      const doc = await documentOf(payment.id);
      expect(emissionsOf(doc.transactionId)).toHaveLength(1);
    }
  });

  it('editing an invoiced payment keeps the printer’s control number; switching the invoice on later queues it once', async () => {
    const payment = await invoicedPayment();
    await run();
    const issuedRow = await paymentRow(payment.id);
    const edit = (fields: Record<string, string>) =>
      storePayment(
        { ...fields, id: String(payment.id), _method: 'PUT', months_payment: JSON.stringify(issuedRow.monthsPayment) },
        w.admin.token,
        '/api/bill-payments/update',
      );
    const answer = await edit(paymentFields(issuedRow.clientId, issuedRow.addressPaymentId, { observations: 'Editado' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ number: issuedRow.number, statusInvoiceFactory: 200, observations: 'Editado' });
    expect(await w.ctx.db.select().from(legalDocuments).where(eq(legalDocuments.paymentId, payment.id))).toHaveLength(1);

    const { clientId: other, addressId: place } = await address();
    const plain = await storePayment(paymentFields(other, place, { send_invoice: '0', number: '00054321' }));
    const id = plain.body.data.id as number;
    const row = await paymentRow(id);
    const on = await storePayment(
      { ...paymentFields(other, place, { send_invoice: '1' }), id: String(id), _method: 'PUT', months_payment: JSON.stringify(row.monthsPayment) },
      w.admin.token,
      '/api/bill-payments/update',
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(await run()).toMatchObject({ done: 1 });
    expect((await paymentRow(id)).statusInvoiceFactory).toBe(200);
  });
});
