import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportMessages } from '@recaudo/domain/export';
import { formatAmount } from '@recaudo/domain/format-money';
import { salesBookMessages, type SalesBookRow, type SalesBookTotals } from '@recaudo/domain/sales-book';
import { invoiceWorld } from '../invoices/invoice-world';
import { legalDocuments } from '../invoices/tables';
import { paymentMethods } from '../payment-methods/tables';
import { payments } from '../payments/tables';
import { escapeCell } from '../../platform/export';
import { salesBookExportColumns, salesBookFooter } from './presenter';

const { w, TODAY, address, storePayment, paymentFields, invoicedPayment, documentOf, run } = invoiceWorld({ IGTF_ENABLED: 'true', IGTF_RATE: '3,00' });

/** The office's accountant: the sales book and nothing else. */
let accountant: string;
const book = (query: Record<string, unknown>, token = accountant) => w.ctx.call('GET', '/api/sales-book', { token, query });
const action = (method: 'POST' | 'PUT', url: string, body: unknown) => w.ctx.call(method, `/api/factory-invoices/${url}`, { token: w.admin.token, body });
const note = (id: number, type: '02' | '03', amount: string) =>
  action('POST', 'generate-custom-factory-note', { id, type, payment_method_id: 1, date_payment: TODAY, new_amount_payment: amount, notes: 'Ajuste', reference: '000123' });

/** Puts a document on a day of the book, at a Caracas time, as if the printer had issued it then. */
const issuedOn = (documentId: number, caracasTime: string) =>
  w.ctx.db
    .update(legalDocuments)
    .set({ createdAt: sql`${caracasTime}::timestamp at time zone 'America/Caracas'` })
    .where(eq(legalDocuments.id, documentId));

/** Records a payment with its invoice and lets the printer issue it; answers the payment and its invoice. */
async function issuedInvoice(options: { residential?: boolean; retention?: boolean; dollars?: boolean } = {}) {
  let paymentId: number;
  if (options.residential || options.dollars) {
    const { clientId, addressId } = await address({ type: options.residential ? 0 : 1 });
    const [dollars] = await w.ctx.db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.name, 'Efectivo dólares'));
    // 20 $ + 16 % VAT at 36,50 is BS 846,80; paid in dollars with its 3 % IGTF (BS 25,55): BS 872,35.
    const overrides: Record<string, string> = options.residential ? { amount_payment: '182.50' } : { payment_method_id: String(dollars!.id), amount_payment: '872.35' };
    const answer = await storePayment(paymentFields(clientId, addressId, overrides));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    paymentId = answer.body.data.id;
  } else {
    paymentId = (await invoicedPayment({ retention: options.retention })).id;
  }
  await run();
  const invoice = await documentOf(paymentId);
  expect(invoice.status).toBe(200);
  return { paymentId, invoice };
}

let documents: Record<string, typeof legalDocuments.$inferSelect>;

/**
 * A month (October 2026) of the printer's documents: invoices commercial and residential, one
 * paid in dollars with IGTF and partly credited, one with a debit note in the second half, one
 * cancelled, a withholding in the same book and one whose invoice is of September; around it a
 * September and a November invoice and a document still queued, which the book leaves out.
 */
beforeAll(async () => {
  accountant = (await w.ctx.staff({ permissions: ['sales_book'] })).token;
  const withheld = await issuedInvoice({ retention: true });
  expect(await action('POST', 'apply-retention', { id: withheld.paymentId, number: '20261000000001', date: '2026-10-05' })).toMatchObject({ status: 200 });
  const residential = await issuedInvoice({ residential: true });
  const dollars = await issuedInvoice({ dollars: true });
  expect(dollars.invoice.igtf).toBe('25.55');
  expect(await note(dollars.paymentId, '02', '423.40')).toMatchObject({ status: 200 });
  const debited = await issuedInvoice();
  expect(await note(debited.paymentId, '03', '116.00')).toMatchObject({ status: 200 });
  const cancelled = await issuedInvoice();
  expect(await action('PUT', 'cancel-invoice', { id: cancelled.paymentId, notes: 'Datos del cliente errados' })).toMatchObject({ status: 200 });
  const september = await issuedInvoice({ retention: true });
  expect(await action('POST', 'apply-retention', { id: september.paymentId, number: '20261000000002', date: '2026-10-03' })).toMatchObject({ status: 200 });
  const november = await issuedInvoice();
  await run();
  const credit = await documentOf(dollars.paymentId, '02');
  const debit = await documentOf(debited.paymentId, '03');
  expect([credit.status, debit.status]).toEqual([200, 200]);
  const queued = (await invoicedPayment()).id;

  await issuedOn(withheld.invoice.id, '2026-10-02 15:00');
  await issuedOn(residential.invoice.id, '2026-10-02 09:00');
  await issuedOn(dollars.invoice.id, '2026-10-08 10:00');
  await issuedOn(credit.id, '2026-10-12 10:00');
  await issuedOn(debited.invoice.id, '2026-10-09 10:00');
  await issuedOn(debit.id, '2026-10-20 10:00');
  await issuedOn(cancelled.invoice.id, '2026-10-10 10:00');
  await issuedOn(september.invoice.id, '2026-09-28 10:00');
  // The last instant of October in Caracas is in the book; the first of November is not.
  await issuedOn(november.invoice.id, '2026-11-01 00:00');
  await issuedOn((await documentOf(queued)).id, '2026-10-05 10:00');
  documents = {
    withheld: await documentOf(withheld.paymentId),
    residential: await documentOf(residential.paymentId),
    dollars: await documentOf(dollars.paymentId),
    credit,
    debited: await documentOf(debited.paymentId),
    debit,
    cancelled: await documentOf(cancelled.paymentId),
    september: await documentOf(september.paymentId),
  };
}, 60_000);

const zero = '0.00';

/**
 * The book's totals summed here from the stored documents with decimal.js: each issued document's
 * total (credit notes negative, the cancelled one nothing), its VAT (an invoice's is the payment's
 * foreign VAT × rate, a note's is stored in bolívars), the withholdings of the period's vouchers
 * and the IGTF.
 */
async function expectedTotals(listed: (typeof legalDocuments.$inferSelect)[], vouchers: number[]): Promise<SalesBookTotals> {
  const sums = { total: new Decimal(0), exempt: new Decimal(0), base: new Decimal(0), iva: new Decimal(0), withheld: new Decimal(0), igtf: new Decimal(0) };
  for (const doc of listed) {
    if (doc.status === 800) continue;
    const [payment] = await w.ctx.db.select().from(payments).where(eq(payments.id, doc.paymentId));
    const sign = doc.typeDocument === '02' ? -1 : 1;
    const iva = doc.typeDocument === '01' ? new Decimal(payment!.iva).times(payment!.exchangeRate).toDecimalPlaces(2) : new Decimal(doc.iva);
    sums.total = sums.total.plus(new Decimal(doc.total).times(sign));
    if (iva.isZero()) sums.exempt = sums.exempt.plus(new Decimal(doc.total).times(sign));
    else sums.base = sums.base.plus(new Decimal(doc.total).minus(iva).times(sign));
    sums.iva = sums.iva.plus(iva.times(sign));
    sums.igtf = sums.igtf.plus(new Decimal(doc.igtf).times(sign));
  }
  for (const paymentId of vouchers) {
    const [payment] = await w.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    sums.withheld = sums.withheld.plus(new Decimal(payment!.iva).times(payment!.exchangeRate).times('0.75').toDecimalPlaces(2));
  }
  const count = (type: string) => listed.filter((doc) => doc.typeDocument === type).length;
  return {
    invoices: count('01'),
    debit_notes: count('03'),
    credit_notes: count('02'),
    cancelled: listed.filter((doc) => doc.status === 800).length,
    vouchers: vouchers.length - listed.filter((doc) => vouchers.includes(doc.paymentId) && doc.typeDocument === '01').length,
    total: sums.total.toFixed(2),
    exempt: sums.exempt.toFixed(2),
    reduced: { base: zero, iva: zero },
    general: { base: sums.base.toFixed(2), iva: sums.iva.toFixed(2) },
    additional: { base: zero, iva: zero },
    iva: sums.iva.toFixed(2),
    withheld: sums.withheld.toFixed(2),
    igtf: sums.igtf.toFixed(2),
  };
}

describe('GET sales-book', () => {
  it('lists the month’s issued documents in date and control-number order, with the withholding vouchers of the month', async () => {
    const answer = await book({ period: '2026-10', per_page: 50 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = answer.body.data.data as SalesBookRow[];
    const d = documents;
    expect(rows.map((row) => [row.date, row.type_document, row.id])).toEqual([
      ['2026-10-02', '01', d.withheld!.id],
      ['2026-10-02', '01', d.residential!.id],
      ['2026-10-03', '05', -d.september!.id],
      ['2026-10-08', '01', d.dollars!.id],
      ['2026-10-09', '01', d.debited!.id],
      ['2026-10-10', '01', d.cancelled!.id],
      ['2026-10-12', '02', d.credit!.id],
      ['2026-10-20', '03', d.debit!.id],
    ]);
    expect(answer.body.data).toMatchObject({ total: 8, current_page: 1, per_page: 50, last_page: 1 });
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A commercial invoice: base and VAT at 16 %, the client's withholding of 75 % of the VAT with its voucher.
    expect(byId.get(d.withheld!.id)).toMatchObject({
      transaction: 'registro',
      number: `F-${d.withheld!.numberDocument}`,
      control_number: d.withheld!.controlNumber,
      total: '846.80',
      exempt: zero,
      base_general: '730.00',
      iva_general: '116.80',
      base_reduced: zero,
      iva_additional: zero,
      withheld: '87.60',
      voucher_number: '20261000000001',
      voucher_date: '2026-10-05',
      igtf: zero,
    });
    expect(byId.get(d.withheld!.id)!.identification).toMatch(/^J-\d+$/);
    // A residential bill is exempt.
    expect(byId.get(d.residential!.id)).toMatchObject({ total: '182.50', exempt: '182.50', base_general: zero, iva_general: zero });
    // September's invoice is not in October's book; its voucher of October is, on a row of its own.
    expect(byId.get(-d.september!.id)).toMatchObject({
      number: '20261000000002',
      affected_invoice: `F-${d.september!.numberDocument}`,
      total: zero,
      withheld: '87.60',
      voucher_number: '20261000000002',
      voucher_date: '2026-10-03',
    });
    expect(byId.get(d.dollars!.id)).toMatchObject({ total: '846.80', igtf: '25.55' });
    // The credit note counts negative and gives back its share of the IGTF; it names its invoice.
    expect(byId.get(d.credit!.id)).toMatchObject({
      transaction: 'complemento',
      affected_invoice: `F-${d.dollars!.numberDocument}`,
      total: '-423.40',
      base_general: '-365.00',
      iva_general: '-58.40',
      igtf: '-12.78',
    });
    expect(byId.get(d.debit!.id)).toMatchObject({ total: '116.00', base_general: '100.00', iva_general: '16.00', affected_invoice: `F-${d.debited!.numberDocument}` });
    // The cancelled invoice stays in its place at zero.
    expect(byId.get(d.cancelled!.id)).toMatchObject({ transaction: 'anulacion', control_number: d.cancelled!.controlNumber, total: zero, base_general: zero, iva_general: zero });
  });

  it('answers totals equal to the sum of the documents, for the month and for each half', async () => {
    const d = documents;
    const month = [d.withheld!, d.residential!, d.dollars!, d.credit!, d.debited!, d.debit!, d.cancelled!];
    const vouchers = [d.withheld!.paymentId, d.september!.paymentId];
    const answer = await book({ period: '2026-10' });
    expect(answer.body.data.totals).toEqual(await expectedTotals(month, vouchers));
    expect(answer.body.data.totals).toMatchObject({ invoices: 5, credit_notes: 1, debit_notes: 1, cancelled: 1, vouchers: 1, withheld: '175.20', igtf: '12.77' });

    const first = await book({ period: '2026-10', half: '1' });
    expect(first.body.data.totals).toEqual(await expectedTotals(month.filter((doc) => doc !== d.debit), vouchers));
    const second = await book({ period: '2026-10', half: 2 });
    expect(second.body.data.total).toBe(1);
    expect(second.body.data.totals).toEqual(await expectedTotals([d.debit!], []));
    expect(new Decimal(first.body.data.totals.total).plus(second.body.data.totals.total).toFixed(2)).toBe(answer.body.data.totals.total);
  });

  it('pages the rows as the other lists do', async () => {
    const all = (await book({ period: '2026-10', per_page: 50 })).body.data.data as SalesBookRow[];
    const page = await book({ period: '2026-10', per_page: 3, page: 2 });
    expect(page.body.data).toMatchObject({ current_page: 2, per_page: 3, total: 8, last_page: 3 });
    expect((page.body.data.data as SalesBookRow[]).map((row) => row.id)).toEqual(all.slice(3, 6).map((row) => row.id));
  });

  it('answers an empty book for a month without documents', async () => {
    const answer = await book({ period: '2026-08' });
    expect(answer.body.data).toMatchObject({ data: [], total: 0, totals: { invoices: 0, total: zero, withheld: zero, igtf: zero } });
  });

  it('refuses a missing or malformed period and a half other than 1 or 2 with a Spanish 422', async () => {
    for (const [query, field, message] of [
      [{}, 'period', salesBookMessages.periodRequired],
      [{ period: '2026-13' }, 'period', salesBookMessages.periodFormat],
      [{ period: '10-2026' }, 'period', salesBookMessages.periodFormat],
      [{ period: '2026-10', half: '3' }, 'half', salesBookMessages.half],
    ] as const) {
      const answer = await book(query);
      expect(answer.status, JSON.stringify(query)).toBe(422);
      expect(answer.body).toMatchObject({ success: false, message, errors: { [field]: [message] } });
    }
    const format = await w.ctx.call('GET', '/api/sales-book/export', { token: accountant, query: { period: '2026-10', type_format: 'docx' } });
    expect(format).toMatchObject({ status: 422, body: { message: exportMessages.format(['xlsx', 'pdf', 'csv']) } });
  });

  it('is refused without the sales_book permission (the demo cashier has not it); the Administrador has it', async () => {
    const cashier = await w.ctx.staff({ roleId: 3 });
    const other = await w.ctx.staff({ permissions: ['payments', 'export_payments'] });
    for (const user of [cashier, other]) {
      expect((await book({ period: '2026-10' }, user.token)).status).toBe(403);
      expect((await w.ctx.call('GET', '/api/sales-book/export', { token: user.token, query: { period: '2026-10', type_format: 'csv' } })).status).toBe(403);
    }
    const admin = await w.ctx.staff({ roleId: 1 });
    expect((await book({ period: '2026-10' }, admin.token)).status).toBe(200);
  });
});

describe('GET sales-book/export', () => {
  const download = (format: string, half?: string) =>
    w.ctx.app.inject({ method: 'GET', url: '/api/sales-book/export', query: { period: '2026-10', type_format: format, ...(half ? { half } : {}) }, headers: { authorization: `Bearer ${accountant}` } });

  it('writes the documents, then the totals and the summary per rate (CSV)', async () => {
    const answer = await download('csv', '1');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('Libro de Ventas 10-2026 1');
    const lines = answer.body.replace(/^\uFEFF/, '').trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Fecha,RIF / Cédula,Nombre o razón social,Tipo de documento,Transacción,Nº documento,Nº control,Factura afectada,Total con IVA (Bs),Ventas exentas (Bs),Base 8 % (Bs),IVA 8 % (Bs),Base 16 % (Bs),IVA 16 % (Bs),Base 31 % (Bs),IVA 31 % (Bs),IVA retenido (Bs),Nº comprobante,Fecha comprobante,IGTF (Bs)',
    );
    // 7 rows of the first half, the totals and ten summary lines.
    expect(lines).toHaveLength(1 + 7 + 11);
    expect(lines[7]).toContain('12-10-2026');
    expect(lines[7]).toContain('Nota de crédito,Complemento');
    expect(lines[7]).toContain('"(423,40)"');
    expect(lines[7]).toContain('"(12,78)"');
    const totals = (await book({ period: '2026-10', half: '1' })).body.data.totals as SalesBookTotals;
    expect(lines[8]).toMatch(/^,,Totales,/);
    expect(lines[8]).toContain(`"${formatAmount(totals.total)}"`);
    // The export sums the rows it writes; every figure of its footer is the screen's total.
    const footer = salesBookFooter(totals).map((line) => salesBookExportColumns.map((column) => escapeCell(column.value(line))));
    expect(lines.slice(8).join('\n')).toBe(Papa.unparse(footer, { newline: '\n', header: false }));
    expect(lines.slice(9).map((line) => line.split(',')[2])).toEqual([
      'Ventas internas exentas',
      'Base imponible alícuota reducida 8 %',
      'Débito fiscal alícuota reducida 8 %',
      'Base imponible alícuota general 16 %',
      'Débito fiscal alícuota general 16 %',
      'Base imponible alícuota general más adicional 31 %',
      'Débito fiscal alícuota general más adicional 31 %',
      'Total débito fiscal',
      'IVA retenido por los compradores',
      'IGTF percibido',
    ]);
  });

  it('streams the XLSX with the same rows and the PDF', async () => {
    const answer = await download('xlsx');
    expect(answer.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + 8 + 11);
    expect(sheet.getRow(2).getCell(1).value).toBe('02-10-2026');
    expect(sheet.getRow(10).getCell(3).value).toBe('Totales');
    const pdf = await download('pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
