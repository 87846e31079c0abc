import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceMessages } from '@recaudo/domain/invoices';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { runInvoiceJobs } from './emission';
import { invoiceWorld } from './invoice-world';
import { refreshRange } from './ranges';
import { invoiceRecords, printerRanges } from './tables';

/**
 * The adapter against every answer of The Factory HKA the issue lists (providers.md §4, §5):
 * the range left before queuing and emitting, reconciliation by transaccionId and document number
 * before any re-send, code 99, 210/211, HTTP 400 with a business body.
 */
const { w, address, storePayment, paymentFields, invoicedPayment, paymentRow, documentOf, run, makeDue } = invoiceWorld();
const recordsOf = async (paymentId: number) =>
  (await w.ctx.db.select().from(invoiceRecords).where(eq(invoiceRecords.paymentId, paymentId)).orderBy(invoiceRecords.id)).map(
    (r) => `${r.endpoint} ${r.code}`,
  );
const range = () => w.sim.ranges[0]!;
/** Leaves `left` control numbers in the simulated printer's range. */
const leave = (left: number) => {
  range().hasta = range().correlativo + left;
};

beforeEach(async () => {
  leave(100_000);
  await refreshRange(w.ctx.db, w.worker, '01', 'F');
  await makeDue();
  await run();
});

describe('the control-number range', () => {
  it('warns in the log below INVOICE_RANGE_WARNING and shows the Administrador the warning; other staff see none', async () => {
    leave(50);
    const payment = await invoicedPayment();
    const logged: string[] = [];
    await runInvoiceJobs(w.ctx.db, w.worker, { maxAttempts: 5, rangeWarning: 100, log: (message) => logged.push(message) });
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
    expect(logged).toEqual([invoiceMessages.rangeLow(50)]);
    const [stored] = await w.ctx.db.select().from(printerRanges).where(eq(printerRanges.typeDocument, '01'));
    expect(stored!.rangeTo - stored!.lastUsed).toBe(50);

    const administrator = await w.ctx.staff({ roleId: ADMIN_ROLE_ID });
    const dashboard = await w.ctx.call('GET', '/api/dashboard/admin?filters[option]=0', { token: administrator.token });
    expect(dashboard.status).toBe(200);
    // The test context's INVOICE_RANGE_WARNING is the default, 100.
    expect(dashboard.body.data.printer_warning).toBe(invoiceMessages.rangeLow(49));
    const cashier = await w.ctx.staff({ permissions: ['payments'] });
    expect((await w.ctx.call('GET', '/api/dashboard/admin?filters[option]=0', { token: cashier.token })).body.data.printer_warning).toBeNull();
  });

  it('refuses to queue a document once the printer said nothing is left; a payment without the invoice still saves', async () => {
    leave(1);
    const last = await invoicedPayment();
    await run();
    expect((await paymentRow(last.id)).statusInvoiceFactory).toBe(200);
    const { clientId, addressId } = await address();
    const refused = await storePayment(paymentFields(clientId, addressId));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, message: invoiceMessages.rangeExhausted, errors: { send_invoice: [invoiceMessages.rangeExhausted] } });
    const saved = await storePayment(paymentFields(clientId, addressId, { send_invoice: '0', number: '00000042' }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('a document queued before the range ran out is refused by the worker with the clear message, never sent', async () => {
    const payment = await invoicedPayment();
    leave(0);
    const doc = await documentOf(payment.id);
    await run();
    expect(await paymentRow(payment.id)).toMatchObject({ statusInvoiceFactory: 203, factoryResponse: invoiceMessages.rangeExhausted });
    expect(w.sim.documents.filter((item) => item.transaccionId === doc.transactionId)).toHaveLength(0);
    expect(await recordsOf(payment.id)).toEqual([]);
  });
});

describe('reconciling before a re-send', () => {
  it('a number the printer holds under another transaccionId is never sent again: 201 with its control number', async () => {
    const payment = await invoicedPayment();
    const doc = await documentOf(payment.id);
    w.sim.failNext('Emision', { kind: 'code', code: '100', message: 'Error procesando' });
    expect(await run()).toMatchObject({ retried: 1 });
    // Meanwhile another client of the same printer account issued this number under its own transaction id.
    const issued = await emitAsAnotherClient(doc.serie, String(Number(doc.numberDocument)));
    expect(issued.codigo).toBe('200');
    await makeDue();
    expect(await run()).toMatchObject({ done: 1, retried: 0 });
    expect(await paymentRow(payment.id)).toMatchObject({
      statusInvoiceFactory: 201,
      factoryResponse: invoiceMessages.numberTaken(String(Number(doc.numberDocument)), issued.resultado.numeroControl),
    });
    expect(await recordsOf(payment.id)).toEqual(['Emision 100', 'EstadoDocumento 203', 'UltimoDocumento 200', 'EstadoDocumento 200']);
    expect(w.sim.calls.filter((call) => call.endpoint === 'Emision' && JSON.stringify(call.body).includes(doc.transactionId))).toHaveLength(1);
  });

  it('a failed answer the printer had processed: EstadoDocumento by transaccionId issues it without re-sending', async () => {
    const payment = await invoicedPayment();
    const doc = await documentOf(payment.id);
    w.sim.failNext('Emision', { kind: 'code', code: '100', message: 'Error procesando', process: true });
    expect(await run()).toMatchObject({ retried: 1 });
    await makeDue();
    expect(await run()).toMatchObject({ done: 1 });
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
    expect(await recordsOf(payment.id)).toEqual(['Emision 100', 'EstadoDocumento 200']);
    expect(w.sim.documents.filter((item) => item.transaccionId === doc.transactionId)).toHaveLength(1);
  });
});

describe('answers to Emision', () => {
  it('code 99 "ya ha sido enviado previamente" is done: the state gives the control number', async () => {
    const payment = await invoicedPayment();
    w.sim.failNext('Emision', { kind: 'code', code: '99', message: 'El documento ya ha sido enviado previamente', process: true });
    expect(await run()).toMatchObject({ done: 1 });
    const row = await paymentRow(payment.id);
    expect(row.statusInvoiceFactory).toBe(200);
    expect(row.number).toMatch(/^00-\d{8}$/);
    expect(await recordsOf(payment.id)).toEqual(['Emision 99', 'EstadoDocumento 200']);
  });

  it('211 "mínimo duplicado" is read like 201: issued when the printer has it', async () => {
    const payment = await invoicedPayment();
    w.sim.failNext('Emision', { kind: 'code', code: '211', message: 'Mínimo duplicado', process: true });
    expect(await run()).toMatchObject({ done: 1 });
    expect((await paymentRow(payment.id)).statusInvoiceFactory).toBe(200);
  });

  it('HTTP 400 with the business body lands on the badge with its validaciones and is not re-sent', async () => {
    const payment = await invoicedPayment();
    w.sim.failNext('Emision', { kind: 'code', code: '400', message: 'Error en la petición', validations: ['direccion: longitud máxima 250'], httpStatus: 400 });
    expect(await run()).toMatchObject({ done: 1, retried: 0 });
    expect(await paymentRow(payment.id)).toMatchObject({ statusInvoiceFactory: 400, factoryResponse: 'Error en la petición · direccion: longitud máxima 250' });
  });
});

/** An Emision sent straight to the simulator, as another client of the same printer account would. */
async function emitAsAnotherClient(serie: string, numeroDocumento: string) {
  {
    const login = await fetch(`${w.sim.url}/Autenticacion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ usuario: 'hka', clave: 'clave-hka' }),
    });
    const { token } = (await login.json()) as { token: string };
    const body = {
      documentoElectronico: {
        encabezado: {
          identificacionDocumento: {
            tipoDocumento: '01',
            numeroDocumento,
            serie,
            fechaEmision: '01/11/2026',
            horaEmision: '10:00:00 am',
            moneda: 'VES',
            transaccionId: 'OTRAINSTALACION1',
          },
          comprador: { tipoIdentificacion: 'V', numeroIdentificacion: '1', razonSocial: 'Otro' },
          totales: { nroItems: '1', subtotal: '1.00', totalIVA: '0.00', montoTotalConIVA: '1.00' },
        },
        detallesItems: [{ numeroLinea: '1', descripcion: 'Otro' }],
      },
    };
    const response = await fetch(`${w.sim.url}/Emision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { codigo: string; resultado: { numeroControl: string } };
  }
}
