import Decimal from 'decimal.js';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceMessages } from '@recaudo/domain/invoices';
import { auditLogs } from '../logs/tables';
import { invoiceWorld } from './invoice-world';
import { legalDocuments } from './tables';

/**
 * Issue 31 "Legal documents within the invoice": credit notes together stay within the invoice's
 * total, a debit note within that total, and cancelling, notes and retention leave an audit entry
 * with their user. The invoice of one commercial month is 23.20 $ × 36.50 = BS 846,80.
 */
const { w, TODAY, invoicedPayment, paymentRow, documentOf, run } = invoiceWorld();

async function issued(options: { retention?: boolean } = {}) {
  const payment = await invoicedPayment(options);
  await run();
  expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
  expect((await documentOf(payment.id)).total).toBe('846.80');
  return payment;
}

const note = (id: number, type: '02' | '03', amount: string) =>
  w.ctx.call('POST', '/api/factory-invoices/generate-custom-factory-note', {
    token: w.admin.token,
    body: { id, type, payment_method_id: 4, date_payment: TODAY, new_amount_payment: amount, notes: 'Ajuste de tarifa' },
  });

const notesOf = (paymentId: number, type: '02' | '03') =>
  w.ctx.db
    .select({ total: legalDocuments.total })
    .from(legalDocuments)
    .where(and(eq(legalDocuments.paymentId, paymentId), eq(legalDocuments.typeDocument, type)));

const lastAudit = async (paymentId: number) =>
  (
    await w.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.logName, 'payments'), eq(auditLogs.subjectId, paymentId)))
      .orderBy(desc(auditLogs.id))
      .limit(1)
  )[0];

describe('credit notes', () => {
  it('together credit at most the invoice’s total, naming what is still available', async () => {
    const payment = await issued();
    expect((await note(payment.id, '02', '500.00')).status).toBe(200);
    expect(await note(payment.id, '02', '400.00')).toMatchObject({
      status: 422,
      body: {
        success: false,
        message: 'Las notas de crédito no pueden superar el total de la factura. Disponible para acreditar: BS 346,80.',
        errors: { new_amount_payment: [invoiceMessages.creditNoteExceeds('BS 346,80')] },
      },
    });
    expect((await note(payment.id, '02', '346.80')).status).toBe(200);
    expect(await note(payment.id, '02', '0.01')).toMatchObject({ status: 422, body: { message: invoiceMessages.creditNoteExceeds('BS 0,00') } });
    expect((await notesOf(payment.id, '02')).map((row) => row.total).sort()).toEqual(['346.80', '500.00']);
  });

  it('refuses the 9 999 999 999 999 999,99 note of the report', async () => {
    const payment = await issued();
    expect(await note(payment.id, '02', '9999999999999999.99')).toMatchObject({ status: 422, body: { message: invoiceMessages.creditNoteExceeds('BS 846,80') } });
    expect(await notesOf(payment.id, '02')).toEqual([]);
  });

  it('lets only one of two concurrent notes through when both would not fit', async () => {
    const payment = await issued();
    const answers = await Promise.all([note(payment.id, '02', '500.00'), note(payment.id, '02', '500.00')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const credited = (await notesOf(payment.id, '02')).reduce((sum, row) => sum.plus(row.total), new Decimal(0));
    expect(credited.toFixed(2)).toBe('500.00');
  });
});

describe('debit notes', () => {
  it('may not exceed the invoice’s total', async () => {
    const payment = await issued();
    expect(await note(payment.id, '03', '846.81')).toMatchObject({
      status: 422,
      body: { message: 'La nota de débito no puede superar el total de la factura (BS 846,80).' },
    });
    expect(await notesOf(payment.id, '03')).toEqual([]);
    expect((await note(payment.id, '03', '846.80')).status).toBe(200);
  });
});

describe('audit entries of the legal-document actions', () => {
  it('records the note with its user', async () => {
    const payment = await issued();
    const answer = await note(payment.id, '02', '100.00');
    expect(answer.status).toBe(200);
    expect(await lastAudit(payment.id)).toMatchObject({
      causerId: w.admin.id,
      description: 'updated',
      properties: { attributes: { credit_note: { id: answer.body.data.id, number_document: answer.body.data.number_document, total: '100.00', notes: 'Ajuste de tarifa' } } },
    });
  });

  it('records the retention with its user', async () => {
    const payment = await issued({ retention: true });
    const answer = await w.ctx.call('POST', '/api/factory-invoices/apply-retention', { token: w.admin.token, body: { id: payment.id, number: '20260500000001', date: TODAY } });
    expect(answer.status).toBe(200);
    expect(await lastAudit(payment.id)).toMatchObject({
      causerId: w.admin.id,
      properties: {
        old: { is_retention_apply_success: false, number_withholding_voucher: null },
        attributes: { is_retention_apply_success: true, number_withholding_voucher: '20260500000001', date_withholding_voucher: TODAY },
      },
    });
  });

  it('records the cancellation with its user and reason', async () => {
    const payment = await issued();
    const answer = await w.ctx.call('PUT', '/api/factory-invoices/cancel-invoice', { token: w.admin.token, body: { id: payment.id, notes: 'Datos del cliente errados' } });
    expect(answer.status).toBe(200);
    expect(await lastAudit(payment.id)).toMatchObject({
      causerId: w.admin.id,
      properties: { old: { status_invoice_factory: 200 }, attributes: { status_invoice_factory: 800, notes: 'Datos del cliente errados' } },
    });
  });
});
