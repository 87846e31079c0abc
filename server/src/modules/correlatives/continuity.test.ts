import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { messagesAuth } from '@recaudo/domain/auth';
import type { TestUser } from '../../../test/harness';
import { allBatches } from '../../platform/export';
import { invoiceWorld } from '../invoices/invoice-world';
import { continuitySource } from './continuity';

/** `correlatives/continuity/{id}` (issue 35) over series F of the invoice world: numbers issued through the real API and printer simulator. */
const { w, TODAY, invoicedPayment, paymentRow, run, makeDue } = invoiceWorld();

let auditor: TestUser;
beforeAll(async () => {
  auditor = await w.ctx.staff({ permissions: ['correlatives', 'export_correlatives'] });
});

const report = (query: Record<string, unknown> = {}, token = auditor.token, serieId = w.serieId) =>
  w.ctx.call('GET', `/api/correlatives/continuity/${serieId}`, { token, query: { per_page: 100, ...query } });
const exported = (format: string, token = auditor.token) =>
  w.ctx.app.inject({ method: 'GET', url: `/api/correlatives/continuity/${w.serieId}/export?type_format=${format}`, headers: { authorization: `Bearer ${token}` } });
const note = (id: number, type: '02' | '03') =>
  w.ctx.call('POST', '/api/factory-invoices/generate-custom-factory-note', {
    token: w.admin.token,
    body: { id, type, payment_method_id: 1, date_payment: TODAY, new_amount_payment: '10.00', notes: 'Ajuste de tarifa', reference: '000123' },
  });

/** A copy of a stored payment holding another number of the series, written straight into the table as a bad migration or a hand edit would. */
const copyPaymentAs = (paymentId: number, number: string) =>
  w.ctx.db.execute(sql`
    insert into payments (client_id, address_payment_id, payment_method_id, serie_id, status, type_document, number_correlative, date_payment,
      exchange_rate, amount_payment, amount_bill, dollar_amount_payment, dollar_amount_bill, tax_base, iva, retention, months_payment, hash)
    select client_id, address_payment_id, payment_method_id, serie_id, status, type_document, ${number}, date_payment,
      exchange_rate, amount_payment, amount_bill, dollar_amount_payment, dollar_amount_bill, tax_base, iva, retention, '{}', md5(random()::text)
    from payments where id = ${paymentId}`);

/** Runs the queue until nothing is retried: on a loaded machine the simulator can miss the worker's short timeout once. */
async function settle() {
  for (let pass = 0; pass < 5; pass++) {
    await makeDue();
    if ((await run()).retried === 0) return;
  }
}

const numbersOf = (rows: { type_document: string; number: string; status: string }[], type: string) =>
  rows.filter((row) => row.type_document === type).map((row) => `${row.number}:${row.status}`);

describe('numbering continuity report', () => {
  let paymentIds: number[] = [];

  it('lists every number once from first to last after concurrent issuing, with the cancelled invoice marked', async () => {
    const issued = await Promise.all([1, 2, 3, 4, 5, 6].map(() => invoicedPayment()));
    paymentIds = issued.map((payment) => payment.id);
    await settle();
    const byNumber = await Promise.all(paymentIds.map(paymentRow));
    byNumber.sort((a, b) => a.numberCorrelative!.localeCompare(b.numberCorrelative!));
    paymentIds = byNumber.map((row) => row.id);
    const cancelledId = paymentIds[2]!;
    const cancelled = await w.ctx.call('PUT', '/api/factory-invoices/cancel-invoice', { token: w.admin.token, body: { id: cancelledId, notes: 'Datos del cliente errados' } });
    expect(cancelled.status).toBe(200);
    const notes = await Promise.all([note(paymentIds[0]!, '02'), note(paymentIds[1]!, '02'), note(paymentIds[0]!, '03')]);
    expect(notes.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await settle();

    const answer = await report();
    expect(answer.status).toBe(200);
    const { serie, summary, documents } = answer.body.data;
    expect(serie).toEqual({ id: w.serieId, serie: 'F' });
    expect(summary).toEqual([
      { type_document: '01', counter: '00000106', first: '00000101', last: '00000106', count: 6, cancelled: 1, missing: 0, gaps: [], duplicates: [] },
      { type_document: '02', counter: '0002', first: '0001', last: '0002', count: 2, cancelled: 0, missing: 0, gaps: [], duplicates: [] },
      { type_document: '03', counter: '0001', first: '0001', last: '0001', count: 1, cancelled: 0, missing: 0, gaps: [], duplicates: [] },
      { type_document: '04', counter: '00000000', first: null, last: null, count: 0, cancelled: 0, missing: 0, gaps: [], duplicates: [] },
    ]);
    expect(numbersOf(documents.data, '01')).toEqual([
      '00000101:issued',
      '00000102:issued',
      '00000103:cancelled',
      '00000104:issued',
      '00000105:issued',
      '00000106:issued',
    ]);
    expect(numbersOf(documents.data, '02')).toEqual(['0001:issued', '0002:issued']);
    expect(numbersOf(documents.data, '03')).toEqual(['0001:issued']);
    expect(documents.total).toBe(9);
    const third = documents.data[2];
    expect(third).toMatchObject({ payment_id: cancelledId, number_to: null, printer_status: 800, duplicate: false, date: TODAY });
    expect(third.control_number).toBe((await paymentRow(cancelledId)).number);
    const creditNotes = await report({ type_document: '02' });
    expect(creditNotes.body.data.documents.data.map((row: { number: string }) => row.number)).toEqual(['0001', '0002']);
  });

  it('says where a number is missing or repeated when rows are written straight into the tables', async () => {
    await copyPaymentAs(paymentIds[0]!, '00000109');
    // Same number as 00000106 in another width: the unique index on the text lets it through.
    await copyPaymentAs(paymentIds[0]!, '0000106');
    await w.ctx.db.execute(sql`
      insert into legal_documents (payment_id, type_document, serie_id, serie, number_document, transaction_id, status, tax_base, iva, total)
      values (${paymentIds[0]!}, '02', ${w.serieId}, 'F', '0005', 'RCMANUAL1', 200, '10.00', '0.00', '10.00')`);

    const { summary, documents } = (await report()).body.data;
    expect(summary[0]).toMatchObject({ first: '00000101', last: '00000109', count: 8, missing: 2, gaps: [{ from: '00000107', to: '00000108' }], duplicates: [{ number: '00000106', times: 2 }] });
    expect(summary[1]).toMatchObject({ first: '0001', last: '0005', count: 3, missing: 2, gaps: [{ from: '0003', to: '0004' }], duplicates: [] });
    const invoices = documents.data.filter((row: { type_document: string }) => row.type_document === '01');
    expect(invoices.slice(5).map((row: { number: string; number_to: string | null; status: string; duplicate: boolean }) => [row.number, row.number_to, row.status, row.duplicate])).toEqual([
      ['00000106', null, 'issued', true],
      ['0000106', null, 'not_sent', true],
      ['00000107', '00000108', 'missing', false],
      ['00000109', null, 'not_sent', false],
    ]);
  });

  it('walks the same rows a batch at a time, as an export reads them, as the screen pages them', async () => {
    const source = continuitySource(w.ctx.db, w.serieId);
    const whole = await source.rows(null, 0);
    expect(whole).toHaveLength(await source.count());
    const walked = [];
    for await (const batch of allBatches(source, 4)) walked.push(...batch);
    expect(walked).toEqual(whole);
    expect(await source.rows(2, 1)).toEqual(whole.slice(1, 3));
  });

  it('exports the report as xlsx and pdf, gaps and duplicates written in', async () => {
    const xlsx = await exported('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`filename*=UTF-8''Continuidad%20F.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Tipo', 'Número', 'Número de control', 'Fecha', 'Estado', 'Pago']);
    expect(rows.slice(3, 5).map((row) => row.slice(0, 2).concat(row[4]))).toEqual([
      ['Factura', '00000103', 'Anulado'],
      ['Factura', '00000104', 'Emitido'],
    ]);
    expect(rows.map((row) => row[1])).toContain('00000107 a 00000108');
    expect(rows.find((row) => row[1] === '0000106')?.[4]).toBe('Sin imprenta digital (duplicado)');
    expect(rows.find((row) => row[1] === '0003 a 0004')?.slice(0, 1).concat(rows.find((row) => row[1] === '0003 a 0004')![4])).toEqual(['Nota de crédito', 'Faltante']);
    const pdf = await exported('pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses bad input, an unknown series and users without the permissions', async () => {
    expect(await report({ type_document: '05' })).toMatchObject({ status: 422, body: { errors: { type_document: ['El tipo de documento debe ser 01, 02, 03 o 04.'] } } });
    expect(await report({}, auditor.token, 999_999)).toMatchObject({ status: 404, body: { message: 'No se ha encontrado el correlativo' } });
    expect((await exported('csv')).json()).toMatchObject({ errors: { type_format: ['El formato de exportación debe ser xlsx o pdf.'] } });
    const cashier = await w.ctx.staff({ permissions: ['payments'] });
    expect(await report({}, cashier.token)).toMatchObject({ status: 403, body: { message: messagesAuth.forbidden } });
    expect((await exported('xlsx', cashier.token)).statusCode).toBe(403);
    const reader = await w.ctx.staff({ permissions: ['correlatives'] });
    expect((await report({}, reader.token)).status).toBe(200);
    expect((await exported('xlsx', reader.token)).statusCode).toBe(403);
  });
});
