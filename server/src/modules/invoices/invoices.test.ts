import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOLLAR_RATE, EURO_RATE } from '@recaudo/domain/configurations';
import { todayInCaracas } from '@recaudo/domain/dates';
import { addMonths, currentMonth, type Month } from '@recaudo/domain/months';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { configurations } from '../configurations/tables';
import { correlatives } from '../correlatives/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { emitDocument, oldestPendingAgeSeconds, runInvoiceJobs } from './emission';
import { invoiceRecords, legalDocuments } from './tables';
import { payments } from '../payments/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { claimDue } from '../../platform/queue';
import { jobs } from '../queue/tables';
import { createHkaClient } from '../../providers/invoice/hka-client';
import { startInvoiceSimulator, type InvoiceSimulator } from '../../providers/invoice/simulator';
import type { InvoiceProvider } from '../../providers/invoice/types';
import { createTestContext, type TestContext, type TestUser } from '../../../test/harness';

let ctx: TestContext;
let sim: InvoiceSimulator;
let worker: InvoiceProvider;
let admin: TestUser;
const place = { community: 0, activity: 0, parish: 0, municipality: 0, state: 0 };
let serieId = 0;
const TODAY = todayInCaracas();
const NOW = currentMonth();

beforeAll(async () => {
  sim = await startInvoiceSimulator({ user: 'hka', password: 'clave-hka' });
  ctx = await createTestContext({
    INVOICE_PROVIDER_URL: sim.url,
    INVOICE_PROVIDER_USER: 'hka',
    INVOICE_PROVIDER_PASSWORD: 'clave-hka',
    INVOICE_PROVIDER_TIMEOUT_SECONDS: '0.5',
  });
  // The worker's own client, as main.ts has: a short timeout so "no answer" comes quickly.
  worker = createHkaClient({ url: sim.url, user: 'hka', password: 'clave-hka', timeoutMs: 400 });
  admin = await ctx.staff({ permissions: ['payments', 'add_payment', 'edit_payment'] });
  const { db } = ctx;
  const [state] = await db.insert(states).values({ name: 'Mérida' }).returning();
  const [municipality] = await db.insert(municipalities).values({ name: 'Libertador', stateId: state!.id }).returning();
  const [parish] = await db.insert(parishes).values({ name: 'Arias', municipalityId: municipality!.id, dateStart: '2020-01-01' }).returning();
  const [community] = await db.insert(communities).values({ name: 'Los Pinos', parishId: parish!.id, fee: '5.00', dateStart: '2020-01-01' }).returning();
  const [group] = await db.insert(activityGroups).values({ name: 'Comercio' }).returning();
  const [activity] = await db.insert(economicActivities).values({ name: 'Bodega', activityGroupId: group!.id, fee: '20.00' }).returning();
  Object.assign(place, { state: state!.id, municipality: municipality!.id, parish: parish!.id, community: community!.id, activity: activity!.id });
  const [serie] = await db.insert(correlatives).values({ serie: 'F', number: '00000100', numberCreditNote: '0000', numberDebitNote: '0000' }).returning();
  serieId = serie!.id;
  await db.update(configurations).set({ value: '36.50' }).where(eq(configurations.name, DOLLAR_RATE));
  await db.update(configurations).set({ value: '30.00' }).where(eq(configurations.name, EURO_RATE));
});
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

let sequence = 0;
async function commercialAddress(options: { type?: 0 | 1 } = {}) {
  const type = options.type ?? 1;
  const [client] = await ctx.db
    .insert(clients)
    .values({
      type,
      name: `Comercial ${++sequence}`,
      identificationType: 'J',
      identification: String(30_000_000 + sequence),
      email: `c${sequence}@correo.test`,
      phone: ['4141234567'],
    })
    .returning();
  const [address] = await ctx.db
    .insert(addressesPayments)
    .values({
      clientId: client!.id,
      type,
      address: `Av. Principal ${sequence}`,
      stateId: place.state,
      municipalityId: place.municipality,
      parishId: place.parish,
      communityId: type === 0 ? place.community : null,
      economicActivityId: type === 1 ? place.activity : null,
      dateStart: `${addMonths(NOW, -3)}-01`,
    })
    .returning();
  return { clientId: client!.id, addressId: address!.id };
}

/** Records an approved payment through the API as the panel sends it (multipart). */
async function storePayment(fields: Record<string, string>, token = admin.token) {
  const boundary = '----recaudo' + Math.random().toString(16).slice(2);
  const body = Object.entries(fields)
    .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
    .join('');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/bill-payments/store',
    payload: `${body}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A commercial payment of one month (20 $ + 16 % VAT at 36.50) with the invoice switch on. */
async function invoicedPayment(options: { retention?: boolean; type?: 0 | 1; month?: Month } = {}) {
  const { clientId, addressId } = await commercialAddress({ type: options.type });
  const answer = await storePayment({
    client_id: String(clientId),
    address_payment_id: String(addressId),
    status: '1',
    payment_method_id: '4',
    date_payment: TODAY,
    exchange_rate: '36.50',
    exchange_rate_id: '1',
    amount_payment: '0.00',
    serie_id: String(serieId),
    type_payment_month: '1',
    months_payment: JSON.stringify([options.month ?? NOW]),
    send_invoice: '1',
    is_apply_retention: options.retention ? '1' : '0',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { id: answer.body.data.id as number, hash: answer.body.data.hash as string, clientId };
}

const paymentRow = async (id: number) => (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const documentOf = async (id: number, type: '01' | '02' | '03' = '01') =>
  (
    await ctx.db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.paymentId, id), eq(legalDocuments.typeDocument, type)))
  )[0]!;
const jobOf = async (documentId: number) =>
  (
    await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `document-${documentId}`))
  )[0]!;
const emissionsOf = (transactionId: string) =>
  sim.calls.filter(
    (call) => call.endpoint === 'Emision' && (call.body as any).documentoElectronico.encabezado.identificacionDocumento.transaccionId === transactionId,
  );
const issuedOf = (transactionId: string) => sim.documents.filter((doc) => doc.transaccionId === transactionId);
const run = () => runInvoiceJobs(ctx.db, worker, { maxAttempts: 5 });
/** Makes every pending job due now (the backoff has passed), by the database's clock. */
const makeDue = () =>
  ctx.db
    .update(jobs)
    .set({ nextAttemptAt: sql`now()`, claimedUntil: null })
    .where(eq(jobs.status, 'pending'));

beforeEach(async () => {
  // Each test starts with an empty queue: jobs left by an earlier test are run out.
  await makeDue();
  await run();
});

describe('issuing an invoice after commit', () => {
  it('queues the invoice with the payment, then the printer assigns the control number: badge 200, number, records', async () => {
    const payment = await invoicedPayment({ retention: true });
    let row = await paymentRow(payment.id);
    expect(row).toMatchObject({ statusInvoiceFactory: null, applyInvoiceFactory: true, number: null, numberCorrelative: expect.stringMatching(/^\d{8}$/) });
    const doc = await documentOf(payment.id);
    expect(doc).toMatchObject({ typeDocument: '01', serie: 'F', numberDocument: row.numberCorrelative, status: null });
    expect(await oldestPendingAgeSeconds(ctx.db)).toBeGreaterThanOrEqual(0);

    expect(await run()).toMatchObject({ done: 1, retried: 0, failed: 0 });
    row = await paymentRow(payment.id);
    expect(row.statusInvoiceFactory).toBe(200);
    expect(row.number).toMatch(/^00-\d{8}$/);
    expect(row.urlFactory).toContain('/consulta?doc=');
    expect(await oldestPendingAgeSeconds(ctx.db)).toBe(0);

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
    expect(body.infoAdicional).toEqual([{ campo: 'Retención IVA (75 %)', valor: '87.60' }]);

    const records = await ctx.call('GET', `/api/factory-invoices/records/${payment.id}`, { token: admin.token });
    expect(records.status).toBe(200);
    expect(records.body.data).toEqual([expect.objectContaining({ endpoint: 'Emision', code: '200', message: 'Documento procesado correctamente' })]);
    const list = await ctx.call('GET', '/api/bill-payments', { token: admin.token, query: { search: row.numberCorrelative } });
    expect(list.body.data.data[0]).toMatchObject({ status_invoice_factory: 200, number: row.number, apply_invoice_factory: true });
  });

  it('a payment without the switch is 900 "no aplica" and queues nothing', async () => {
    const { clientId, addressId } = await commercialAddress();
    const answer = await storePayment({
      client_id: String(clientId),
      address_payment_id: String(addressId),
      status: '1',
      payment_method_id: '4',
      date_payment: TODAY,
      exchange_rate: '36.50',
      exchange_rate_id: '1',
      amount_payment: '0.00',
      serie_id: String(serieId),
      number: '00012345',
      type_payment_month: '1',
      months_payment: JSON.stringify([NOW]),
      send_invoice: '0',
    });
    expect(answer.status).toBe(200);
    expect((await paymentRow(answer.body.data.id)).statusInvoiceFactory).toBe(900);
    expect(await ctx.db.select().from(legalDocuments).where(eq(legalDocuments.paymentId, answer.body.data.id))).toEqual([]);
  });

  it('a 203 answer is kept as a record with its validaciones and shown on the badge; it is not re-sent', async () => {
    const payment = await invoicedPayment();
    sim.failNext('Emision', { kind: 'code', code: '203', message: 'Documento no procesado', validations: ['comprador.direccion: longitud máxima 100'] });
    expect(await run()).toMatchObject({ done: 1 });
    const row = await paymentRow(payment.id);
    expect(row.statusInvoiceFactory).toBe(203);
    expect(row.factoryResponse).toBe('Documento no procesado · comprador.direccion: longitud máxima 100');
    const [record] = await ctx.db.select().from(invoiceRecords).where(eq(invoiceRecords.paymentId, payment.id));
    expect(record).toMatchObject({ endpoint: 'Emision', code: '203', validations: ['comprador.direccion: longitud máxima 100'] });
    await makeDue();
    expect(await run()).toMatchObject({ done: 0, retried: 0 });
  });

  it('every business code lands on the badge; retryable ones (204, 500) are tried again, final ones (202, 205, 210) are not', async () => {
    for (const code of ['202', '205', '210']) {
      const payment = await invoicedPayment();
      sim.failNext('Emision', { kind: 'code', code });
      expect(await run()).toMatchObject({ done: 1 });
      expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(Number(code));
    }
    const payment = await invoicedPayment();
    sim.failNext('Emision', { kind: 'code', code: '204', validations: ['Falla asignando número de control'] });
    expect(await run()).toMatchObject({ retried: 1 });
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(204);
    sim.failNext('Emision', { kind: 'http500' });
    await makeDue();
    expect(await run()).toMatchObject({ retried: 1 });
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(500);
    await makeDue();
    expect(await run()).toMatchObject({ done: 1 });
    const doc = await documentOf(payment.id);
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
    expect(issuedOf(doc.transactionId)).toHaveLength(1);
    const codes = (await ctx.db.select().from(invoiceRecords).where(eq(invoiceRecords.paymentId, payment.id)).orderBy(invoiceRecords.id)).map(
      (r) => `${r.endpoint} ${r.code}`,
    );
    expect(codes).toEqual(['Emision 204', 'EstadoDocumento 203', 'Emision 500', 'EstadoDocumento 203', 'Emision 200']);
  });

  it('after a timeout the state is asked first: a document the printer already issued is not sent again', async () => {
    const payment = await invoicedPayment();
    const doc = await documentOf(payment.id);
    sim.failNext('Emision', { kind: 'timeout', process: true, holdMs: 1500 });
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
    const codes = (await ctx.db.select().from(invoiceRecords).where(eq(invoiceRecords.paymentId, payment.id)).orderBy(invoiceRecords.id)).map(
      (r) => `${r.endpoint} ${r.code}`,
    );
    expect(codes).toEqual(['Emision 408', 'EstadoDocumento 200']);
  });

  it('a timeout before the printer processed anything: the state says not found, then it is sent once', async () => {
    const payment = await invoicedPayment();
    const doc = await documentOf(payment.id);
    sim.failNext('Emision', { kind: 'timeout', holdMs: 1500 });
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
    const claimed = await claimDue(ctx.db, 'jobs', { filter: sql`queue = 'invoices'`, batch: 10, leaseSeconds: 120 });
    expect(claimed).toHaveLength(3);
    const first = await documentOf(queued[0]!.id);
    sim.failNext('Emision', { kind: 'timeout', process: true, holdMs: 1500 });
    await expect(emitDocument(ctx.db, worker, { id: (await jobOf(first.id)).id, attempt: 1, payload: { document_id: first.id } })).rejects.toThrow(
      'no respondió a tiempo',
    );
    expect(issuedOf(first.transactionId)).toHaveLength(1);
    // While leased, a new process takes nothing.
    expect(await run()).toMatchObject({ done: 0 });
    // The lease ends (by the database's clock); the new process issues them.
    await ctx.db
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
    const other = createHkaClient({ url: sim.url, user: 'hka', password: 'clave-hka', timeoutMs: 2000 });
    const results = await Promise.all([run(), runInvoiceJobs(ctx.db, other, { maxAttempts: 5 })]);
    expect(results[0].done + results[1].done).toBe(4);
    for (const payment of queued) {
      const doc = await documentOf(payment.id);
      expect(emissionsOf(doc.transactionId)).toHaveLength(1);
    }
  });
});
