import { caracas } from '@recaudo/domain/dates';
import { INVOICE_STATUS, invoiceMessages } from '@recaudo/domain/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { METHODS, paymentRow } from './payment-fixtures';
import PaymentsPage from './payments-page';
import { InvoiceBadge } from '../../components/payment-documents/invoice-badge';
import { chooseRowAction, rowActionLayout, rowActionNames } from '../../test/row-actions';

const issued = paymentRow({
  id: 7,
  number_correlative: '00000107',
  number: '00-00000042',
  hash: 'factura-7',
  type_document: '01',
  send_invoice: true,
  apply_invoice_factory: true,
  status_invoice_factory: 200,
  factory_response: 'Documento procesado correctamente',
  is_apply_retention: true,
  client: { ...paymentRow().client, name: 'Bodega El Sol', email: 'sol@correo.test' },
});
const rejected = paymentRow({
  id: 8,
  number_correlative: '00000108',
  number: null,
  hash: 'factura-8',
  apply_invoice_factory: true,
  status_invoice_factory: 203,
  factory_response: 'Documento no procesado',
});
const plain = paymentRow({ id: 9, number_correlative: '00000109', hash: 'sin-factura' });
const deliveryNote = paymentRow({
  id: 10,
  number_correlative: '00000003',
  number: '00-00000043',
  hash: 'entrega-10',
  type_document: '04',
  send_invoice: true,
  apply_invoice_factory: true,
  status_invoice_factory: 200,
});

const api = installFakeApi((url, init) => {
  const decoded = decodeURIComponent(url);
  if (decoded.startsWith('/api/payments?')) return ok({ data: [issued, rejected, plain, deliveryNote], current_page: 1, per_page: 10, total: 4, last_page: 1 });
  if (decoded === '/api/payment-methods/selects') return ok(METHODS);
  if (decoded === '/api/factory-invoices/generate-invoice-payment-pdf/factura-7')
    return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } });
  if (decoded === '/api/factory-invoices/records/7')
    return ok([
      { id: 1, endpoint: 'Emision', message: 'Documento procesado correctamente', code: '200', validations: [], created_at: '2026-11-25T15:00:00.000Z' },
    ]);
  if (decoded === '/api/factory-invoices/records/8')
    return ok([
      {
        id: 2,
        endpoint: 'Emision',
        message: 'Documento no procesado',
        code: '203',
        validations: ['comprador.direccion: longitud máxima 100'],
        created_at: '2026-11-25T15:00:00.000Z',
      },
    ]);
  if (decoded === '/api/factory-invoices/send-mail-invoice') {
    const body = JSON.parse(String(init?.body));
    return ok({ sent: body.items, dropped: [] }, invoiceMessages.mailQueued);
  }
  if (decoded === '/api/factory-invoices/apply-retention') return ok(null, invoiceMessages.retentionApplied);
  if (decoded === '/api/factory-invoices/cancel-invoice') return ok(null, invoiceMessages.cancelled);
  if (decoded === '/api/factory-invoices/generate-custom-factory-note')
    return ok({ id: 3, type_document: '03', number_document: '0001' }, invoiceMessages.noteQueued);
  return notFound();
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:factura');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const ALL = ['payments', 'add_payment', 'edit_payment'];
const show = (permissions = ALL) => renderApp(<PaymentsPage />, { path: '/payments', session: makeSession({ permissions }) });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const bodyOf = (path: string) => JSON.parse(String(api.fetch.mock.calls.find(([url]) => String(url) === path)![1]!.body));

describe('legal-document badge (spec 02 §4)', () => {
  it('shows every code with its label and colour; null is queued, unknown codes a warning', () => {
    const colors: Record<string, string> = {
      success: 'ant-tag-success',
      warning: 'ant-tag-warning',
      danger: 'ant-tag-error',
      secondary: 'ant-tag-default',
      processing: 'ant-tag-processing',
    };
    const codes = [...Object.keys(INVOICE_STATUS).map(Number), null, 999];
    renderApp(
      <>
        {codes.map((code) => (
          <InvoiceBadge key={String(code)} code={code} />
        ))}
      </>,
    );
    for (const [code, status] of Object.entries(INVOICE_STATUS)) {
      const tag = document.querySelector(`[data-code="${code}"]`)!;
      expect(tag).toHaveTextContent(status.label);
      if (status.color !== 'secondary') expect(tag.className).toContain(colors[status.color]);
    }
    expect(INVOICE_STATUS[200]).toEqual({ label: 'Procesado', color: 'success' });
    expect(INVOICE_STATUS[900]).toEqual({ label: 'No aplica', color: 'secondary' });
    expect(INVOICE_STATUS[100]!.color).toBe('warning');
    expect(INVOICE_STATUS[210]!.color).toBe('warning');
    expect(document.querySelector('[data-code="queued"]')).toHaveTextContent('En cola');
    expect(document.querySelector('[data-code="999"]')).toHaveTextContent('Desconocido');
  });

  it('is the Factura column of the payments list', async () => {
    show();
    expect(within(await rowOf('00000107')).getByText('Procesado')).toBeInTheDocument();
    expect(within(await rowOf('00000108')).getByText('No procesado')).toBeInTheDocument();
    expect(within(await rowOf('00000109')).getByText('No aplica')).toBeInTheDocument();
  });
});

describe('document actions', () => {
  it('offers them as spec 02 §4 enables: an issued invoice all, a rejected one its records, no invoice none', async () => {
    show();
    const issuedRow = await rowOf('00000107');
    const issued = await rowActionNames(issuedRow);
    for (const name of [
      'Ver factura',
      'Registros de la factura',
      'Enviar factura por correo',
      'Aplicar retención',
      'Nota de débito',
      'Nota de crédito',
      'Anular factura',
    ])
      expect(issued).toContain(name);
    // Anular is destructive: with Rechazar at the end of "Más", in red.
    expect((await rowActionLayout(issuedRow)).menu.slice(-2)).toEqual(['Anular factura (rojo)', 'Rechazar (rojo)']);
    const rejected = await rowActionNames(await rowOf('00000108'));
    expect(rejected).toContain('Registros de la factura');
    expect(rejected).not.toContain('Ver factura');
    expect(await rowActionNames(await rowOf('00000109'))).not.toContain('Registros de la factura');
  });

  it('name a delivery note as such, with no notes or retention on it', async () => {
    show();
    const row = await rowOf('00000003');
    const names = await rowActionNames(row);
    for (const name of ['Ver nota de entrega', 'Registros de la nota de entrega', 'Enviar nota de entrega por correo', 'Anular nota de entrega']) expect(names).toContain(name);
    for (const name of ['Ver factura', 'Anular factura', 'Nota de débito', 'Nota de crédito', 'Aplicar retención']) expect(names).not.toContain(name);
    await chooseRowAction(row, 'Anular nota de entrega');
    expect(await screen.findByRole('dialog', { name: 'Anular nota de entrega' })).toBeInTheDocument();
  });

  it('without edit_payment: view, records and e-mail only', async () => {
    show(['payments']);
    const names = await rowActionNames(await rowOf('00000107'));
    expect(names).toContain('Enviar factura por correo');
    for (const name of ['Aplicar retención', 'Nota de débito', 'Nota de crédito', 'Anular factura']) expect(names).not.toContain(name);
  });

  it('opens the PDF in the embedded viewer', async () => {
    show();
    await chooseRowAction(await rowOf('00000107'), 'Ver factura');
    // Titled and downloaded by its document (issue 51).
    const viewer = await screen.findByRole('dialog', { name: 'Factura 00-00000042' });
    await waitFor(() => expect(within(viewer).getByTitle('Factura 00-00000042')).toHaveAttribute('src', 'blob:factura'));
    expect(within(viewer).getByRole('link', { name: 'Descargar Factura 00-00000042.pdf' })).toHaveAttribute('download', 'Factura 00-00000042.pdf');
  });

  it('shows a payment’s printer calls with their validaciones', async () => {
    show();
    await chooseRowAction(await rowOf('00000108'), 'Registros de la factura');
    const records = await screen.findByRole('dialog', { name: 'Registros de la factura' });
    expect(await within(records).findByText('comprador.direccion: longitud máxima 100')).toBeInTheDocument();
    expect(within(records).getByRole('columnheader', { name: 'Operación' })).toBeInTheDocument();
    expect(within(records).getByRole('cell', { name: 'Emisión' })).toBeInTheDocument();
    expect(records).toHaveTextContent('203');
  });

  it('applies a retention: number and date required, then the server’s message', async () => {
    show();
    await chooseRowAction(await rowOf('00000107'), 'Aplicar retención');
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar retención' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    // antd validates each field on its own: findAll would settle on the first message to appear.
    await waitFor(() => expect(within(dialog).getAllByText(invoiceMessages.required)).toHaveLength(2));
    await userEvent.type(within(dialog).getByLabelText('Nº de comprobante'), '20261100000001');
    await userEvent.type(within(dialog).getByLabelText('Fecha del comprobante'), `${caracas().format('DD-MM-YYYY')}{enter}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith(invoiceMessages.retentionApplied));
    expect(bodyOf('/api/factory-invoices/apply-retention')).toMatchObject({
      id: 7,
      number: '20261100000001',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('cancels with a reason: empty is "Necesitas completar el campo"', async () => {
    show();
    await chooseRowAction(await rowOf('00000107'), 'Anular factura');
    const dialog = await screen.findByRole('dialog', { name: 'Anular factura' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    expect(await within(dialog).findByText('Necesitas completar el campo')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Motivo de la anulación'), 'Datos del cliente errados');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Si' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith(invoiceMessages.cancelled));
    expect(bodyOf('/api/factory-invoices/cancel-invoice')).toEqual({ id: 7, notes: 'Datos del cliente errados' });
  });

  it('e-mails the invoice to the client’s address by default, dropping invalid ones and showing them', async () => {
    show();
    await chooseRowAction(await rowOf('00000107'), 'Enviar factura por correo');
    const dialog = await screen.findByRole('dialog', { name: 'Enviar factura por correo' });
    expect(dialog).toHaveTextContent('sol@correo.test');
    await userEvent.type(within(dialog).getByRole('combobox'), 'no-es-correo{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith(invoiceMessages.mailQueued));
    expect(bodyOf('/api/factory-invoices/send-mail-invoice')).toEqual({ id: 7, items: ['sol@correo.test'] });
  });

  it('generates a debit note: the fields the method asks are required, then the note goes to the printer', async () => {
    show();
    await chooseRowAction(await rowOf('00000107'), 'Nota de débito');
    const panel = await screen.findByRole('dialog', { name: 'Generar nota de débito' });
    // The payment's method (Transferencia, type 1) asks for the reference.
    expect(await within(panel).findByLabelText('Referencia')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(panel).getAllByText(invoiceMessages.required)).toHaveLength(3));
    await userEvent.type(within(panel).getByLabelText('Referencia'), '000777');
    await userEvent.type(within(panel).getByLabelText('Nuevo monto'), '116');
    await userEvent.type(within(panel).getByLabelText('Notas'), 'Diferencia de tarifa');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith(invoiceMessages.noteQueued));
    expect(bodyOf('/api/factory-invoices/generate-custom-factory-note')).toMatchObject({
      id: 7,
      type: '03',
      payment_method_id: 1,
      new_amount_payment: '116',
      notes: 'Diferencia de tarifa',
      reference: '000777',
      terminal: null,
      lot_number: null,
    });
  });
});
