import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { CLIENTS, METHODS, paymentRow } from './payment-fixtures';
import { PaymentsList } from './payments-list';
import PaymentsPage from './payments-page';
import ReceiptsPage from './receipts-page';
import { chooseRowAction, rowActionLayout } from '../../test/row-actions';
import { PHONE_WIDTH, setWindowWidth } from '../../test/viewport';
import { wholeText } from '../../test/whole-text';

const rows = [
  paymentRow({
    id: 1,
    status: 0,
    number_correlative: null,
    number: null,
    hash: 'sin-correo',
    address_payment: { ...paymentRow().address_payment, address: 'Calle 5, casa 1' },
  }),
  paymentRow({
    id: 2,
    status: 1,
    number_correlative: '00000102',
    exchange_rate_id: 2,
    dollar_amount_payment: '62.40',
    amount_payment: '2274.48',
    client_id: 20,
    client: {
      id: 20,
      name: 'Panadería La Esquina',
      identification_type: 'J',
      identification: '301234567',
      type: 1,
      email: 'ventas@esquina.test',
      phone: ['4241234567'],
    },
    months_payment: ['2026-01', '2026-02'],
    tickets_delivered: [{ id: 3, ticket_serial: 'A-0001', tickets_payment_id: 4, tickets_payment: { id: 4, name: 'Talonario azul', color: '#1677ff' } }],
  }),
  paymentRow({
    id: 3,
    status: 2,
    number_correlative: '00000103',
    notes: 'La referencia no aparece en el estado de cuenta del banco emisor.',
    client: { ...paymentRow().client, name: 'Pedro Díaz' },
  }),
  // A client user's report: Procesando, without series nor numbers until staff approve it.
  paymentRow({
    id: 4,
    status: 0,
    number_correlative: null,
    number: null,
    serie_id: null,
    serie: null,
    hash: 'del-portal',
    client: { ...paymentRow().client, name: 'Rosa Blanco' },
    causer: { type: 'client', id: 9, name: 'Rosa Blanco' },
  }),
];

const api = installFakeApi((url, init) => {
  const decoded = decodeURIComponent(url);
  if (decoded.startsWith('/api/payments?')) return ok({ data: rows, current_page: 1, per_page: 10, total: rows.length, last_page: 1 });
  if (decoded.startsWith('/api/payments/client-details?')) {
    if (decoded.includes('client_id=99')) return new Response(JSON.stringify({ success: false, message: 'No se ha encontrado el cliente' }), { status: 404 });
    const own = rows.filter((row) => decoded.includes(`client_id=${row.client_id}&`) || decoded.endsWith(`client_id=${row.client_id}`));
    return ok({ data: own, current_page: 1, per_page: 10, total: own.length, last_page: 1 });
  }
  if (decoded === '/api/payments/send-mail-payment-pdf') {
    const { hash } = JSON.parse(String(init?.body));
    if (hash === 'sin-correo') {
      const message = 'El cliente no tiene un correo registrado';
      return new Response(JSON.stringify({ success: false, message, errors: { hash: [message] } }), { status: 422 });
    }
    return ok({ to: 'ventas@esquina.test' }, 'Recibo enviado al correo del cliente');
  }
  if (decoded === '/api/payments/change-status') {
    const body = JSON.parse(String(init?.body));
    return ok(null, body.status === 2 ? 'Pago rechazado' : 'Pago aprobado');
  }
  if (decoded === '/api/payments/delete') return ok(null, 'Pago eliminado');
  if (decoded.startsWith('/api/payments/generate-payment-pdf/'))
    return new Response(new Blob(['%PDF']), { status: 200, headers: { 'content-type': 'application/pdf' } });
  if (decoded.startsWith('/api/clients/selects/data')) return ok(CLIENTS);
  if (decoded === '/api/payment-methods/selects') return ok(METHODS);
  if (decoded === '/api/correlatives/selects')
    return ok([
      { id: 1, serie: 'A' },
      { id: 2, serie: 'B' },
    ]);
  if (decoded.startsWith('/api/users/all-selects?')) return ok([{ id: 1, name: 'Ana Pérez' }]);
  return notFound();
});

beforeEach(() => {
  // jsdom has no object URLs; the receipt download saves through one.
  URL.createObjectURL = vi.fn(() => 'blob:recibo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const ALL = ['payments', 'add_payment', 'edit_payment', 'delete_payment', 'export_payments', 'logs', 'clients'];
const CLIENT_USER = {
  type: 'client' as const,
  client_id: 10,
  client: { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', type: 0 },
  role: { id: 4, name: 'Cliente', key: 'client' },
};

function show(permissions: string[] = ALL, user = {}) {
  renderApp(<PaymentsPage />, { path: '/payments', session: makeSession({ permissions, user }) });
}
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const cardOf = async (text: string) => (await screen.findByText((content, element) => wholeText(text)(content, element) || content.includes(text))).closest('li')!;
const calls = (path: string) => api.fetch.mock.calls.filter(([url]) => String(url) === path);

describe('Pagos (staff)', () => {
  it('shows the columns, the money and the status tags in their colours', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Pagos' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
      .filter(Boolean);
    expect(headers).toEqual(['Nº documento', 'Cliente', 'Monto BS', 'Monto $/€', 'Fecha de pago', 'Estatus', 'Acciones']);
    const approved = await rowOf('00000102');
    expect(approved).toHaveTextContent('Panadería La Esquina');
    expect(within(approved).getByRole('link', { name: 'J-301234567' })).toHaveAttribute('href', '/client-detail/20');
    expect(approved).toHaveTextContent('BS 2.274,48');
    expect(approved).toHaveTextContent('€ 62,40');
    expect(approved).toHaveTextContent('10-03-2026');
    const tags = { Procesando: 'gold', Aprobado: 'green', Rechazado: 'red' };
    for (const [label, color] of Object.entries(tags)) {
      for (const tag of within(table).getAllByText(label, { selector: '.ant-tag' })) expect(tag.className).toContain(`ant-tag-${color}`);
    }
    // A payment without numbers yet shows VACIO.
    expect((await rowOf('Luisa Mendoza')).textContent).toContain('VACIO');
  });

  it('shows Aprobar and Editar on every row and the rest in "Más", Rechazar and Eliminar last in red', async () => {
    show();
    // Aprobar keeps its place on an approved payment, disabled; the menu names every other action.
    expect(await rowActionLayout(await rowOf('Luisa Mendoza'))).toEqual({
      buttons: ['Aprobar', 'Editar'],
      menu: ['Descargar recibo', 'Enviar recibo por correo', 'Historial de cambios', 'Rechazar (rojo)', 'Eliminar (rojo)'],
    });
    expect(await rowActionLayout(await rowOf('00000102'))).toEqual({
      buttons: ['Aprobar (inactivo)', 'Editar'],
      menu: ['Descargar recibo', 'Enviar recibo por correo', 'Historial de cambios', 'Rechazar (rojo)', 'Eliminar (rojo)'],
    });
    // A rejected payment has no receipt and can't be rejected again; its notes are offered.
    expect(await rowActionLayout(await rowOf('00000103'))).toEqual({
      buttons: ['Aprobar', 'Editar'],
      menu: ['Notas', 'Historial de cambios', 'Eliminar (rojo)'],
    });
    expect(screen.getByRole('button', { name: /Nuevo pago/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
  });

  it('a reader sees no edit, status, delete, history, export nor new payment', async () => {
    show(['payments']);
    const processing = await rowOf('Luisa Mendoza');
    expect(await rowActionLayout(processing)).toEqual({ buttons: ['Descargar recibo'], menu: ['Enviar recibo por correo'] });
    expect(screen.queryByRole('button', { name: /Nuevo pago/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
    // Without `clients` the identification is plain text.
    expect(within(processing).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks before approving a payment with series, then approves it with empty notes', async () => {
    show();
    await chooseRowAction(await rowOf('Luisa Mendoza'), 'Aprobar');
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar pago' });
    expect(dialog).toHaveTextContent('¿Aprobar este pago?');
    // Issue 51: it names the amount, the months and the client.
    expect(dialog).toHaveTextContent('BS 1.234,50, meses 02-2026, 03-2026, de Luisa Mendoza (V-12345678).');
    expect(within(dialog).queryByLabelText('Serie')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls('/api/payments/change-status')).toHaveLength(0);

    await chooseRowAction(await rowOf('Luisa Mendoza'), 'Aprobar');
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Aprobar pago' })).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Pago aprobado'));
    const [call] = calls('/api/payments/change-status');
    expect(call![1]!.method).toBe('PUT');
    expect(JSON.parse(call![1]!.body as string)).toEqual({ id: 1, status: 1, notes: '' });
  });

  it('asks the series of a payment without one in "Aprobar pago" and sends it with the approval', async () => {
    show();
    await chooseRowAction(await rowOf('Rosa Blanco'), 'Aprobar');
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar pago' });
    expect(dialog).toHaveTextContent('Pago #4 de Rosa Blanco');
    expect(dialog).toHaveTextContent('El pago no tiene serie');
    // Every series is offered (use_all_series) and none is picked: the series is required.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await within(dialog).findByText('El campo Serie es obligatorio.')).toBeInTheDocument();
    expect(calls('/api/payments/change-status')).toHaveLength(0);
    await userEvent.click(within(dialog).getByLabelText('Serie'));
    expect(await screen.findByTitle('A')).toBeInTheDocument();
    await userEvent.click(await screen.findByTitle('B'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Pago aprobado'));
    const [call] = calls('/api/payments/change-status');
    expect(call![1]!.method).toBe('PUT');
    expect(JSON.parse(call![1]!.body as string)).toEqual({ id: 4, status: 1, notes: '', serie_id: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aprobar pago' })).not.toBeInTheDocument());
  });

  it('starts "Aprobar pago" on the user’s own series, the only one offered without use_all_series', async () => {
    show(ALL, { use_all_series: false, correlative_id: 2 });
    await chooseRowAction(await rowOf('Rosa Blanco'), 'Aprobar');
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar pago' });
    await waitFor(() => expect(within(dialog).getByTitle('B')).toBeInTheDocument());
    await userEvent.click(within(dialog).getByLabelText('Serie'));
    expect(screen.queryByTitle('A')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Pago aprobado'));
    expect(JSON.parse(calls('/api/payments/change-status')[0]![1]!.body as string)).toEqual({ id: 4, status: 1, notes: '', serie_id: 2 });
  });

  it('rejects after asking the reason in "Rechazar pago" with No / Si', async () => {
    show();
    await chooseRowAction(await rowOf('00000102'), 'Rechazar');
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar pago' });
    expect(within(dialog).getByLabelText('Motivo del rechazo')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rechazar pago' })).not.toBeInTheDocument());
    expect(calls('/api/payments/change-status')).toHaveLength(0);

    await chooseRowAction(await rowOf('00000102'), 'Rechazar');
    // antd gives every dialog the same test id; after the first one closed, its title is found by text.
    const again = (await screen.findByText('Rechazar pago', { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.click(within(again).getByRole('button', { name: 'Si' }));
    expect(await within(again).findByText('El campo Motivo del rechazo es obligatorio.')).toBeInTheDocument();
    await userEvent.type(within(again).getByLabelText('Motivo del rechazo'), 'Monto incompleto');
    await userEvent.click(within(again).getByRole('button', { name: 'Si' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Pago rechazado'));
    expect(JSON.parse(calls('/api/payments/change-status')[0]![1]!.body as string)).toEqual({ id: 2, status: 2, notes: 'Monto incompleto' });
  });

  it('deletes after "¿Seguro de eliminar el pago?"', async () => {
    show();
    await chooseRowAction(await rowOf('00000102'), 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro de eliminar el pago?' });
    expect(dialog).toHaveTextContent('Nº 00000102 · Panadería La Esquina');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Pago eliminado'));
    expect(JSON.parse(calls('/api/payments/delete')[0]![1]!.body as string)).toEqual({ id: 2 });
  });

  it('shows the notes, downloads the receipt and expands a row to its months and tickets', async () => {
    show();
    await chooseRowAction(await rowOf('00000103'), 'Notas');
    const notes = await screen.findByRole('dialog', { name: 'Notas' });
    expect(notes).toHaveTextContent('La referencia no aparece en el estado de cuenta del banco emisor.');
    await userEvent.click(within(notes).getByRole('button', { name: /Close|Cerrar/ }));

    await chooseRowAction(await rowOf('00000102'), 'Descargar recibo');
    await waitFor(() => expect(calls('/api/payments/generate-payment-pdf/abc123')).toHaveLength(1));
    expect(api.error).not.toHaveBeenCalled();

    const approved = await rowOf('00000102');
    await userEvent.click(within(approved).getByRole('button', { name: /Expandir fila|Expand row/i }));
    const details = approved.nextElementSibling as HTMLElement;
    // What the row's columns leave out to fit the window comes first.
    expect(details).toHaveTextContent(/^Nº control00012345MétodoTransferenciaDirecciónCalle 3, casa 12Meses pagados01-202602-2026/);
    expect(details).toHaveTextContent('Talonario azul · A-0001');
    expect(details).toHaveTextContent('Pago en taquilla');
    // The rate it was paid at, with its value date (issue 47).
    expect(details).toHaveTextContent('Tasa de cambioTasa BCV 36,50 del 02-03-2026 (euro)');
  });

  it('mails the receipt with the payment’s hash and shows the server’s answer', async () => {
    show();
    await chooseRowAction(await rowOf('00000102'), 'Enviar recibo por correo');
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Recibo enviado al correo del cliente'));
    const [call] = calls('/api/payments/send-mail-payment-pdf');
    expect(call![1]!.method).toBe('POST');
    expect(JSON.parse(call![1]!.body as string)).toEqual({ hash: 'abc123' });
  });

  it('a client without e-mail: the server’s refusal is the toast', async () => {
    show();
    await chooseRowAction(await rowOf('Luisa Mendoza'), 'Enviar recibo por correo');
    await waitFor(() => expect(api.error).toHaveBeenCalledWith('El cliente no tiene un correo registrado', ['El cliente no tiene un correo registrado']));
    expect(api.success).not.toHaveBeenCalled();
  });

  it('filters by client, user and the spec’s fields', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Filtros' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    for (const label of [
      'Clientes',
      'Usuarios',
      'Estatus',
      'Tipo de documento',
      'Método de pago',
      'Serie',
      'Nº de chequera',
      'Lote',
      'Terminal',
      'Referencia',
      'Nº de control',
      'Nº de documento',
      'Meses por pagar',
      'Fecha de registro',
      'Fecha de pago',
      'Fecha de factura',
    ]) {
      expect(within(drawer).getByText(label, { selector: 'label' })).toBeInTheDocument();
    }
    await userEvent.type(within(drawer).getByLabelText('Referencia'), '000123');
    await waitFor(() => expect(api.fetch.mock.calls.some(([url]) => decodeURIComponent(String(url)).includes('filters[reference]=000123'))).toBe(true), {
      timeout: 3000,
    });
  });
});

describe('Pagos of the client detail', () => {
  const client = CLIENTS[1]!;
  const showTab = (permissions: string[], of = client) =>
    renderApp(<PaymentsList client={of} />, { path: `/client-detail/${of.id}`, session: makeSession({ permissions }) });

  it('lists only that client’s payments from payments/client-details, without title nor client column', async () => {
    showTab(ALL);
    const table = await screen.findByRole('table', { name: 'Pagos' });
    const row = await rowOf('00000102');
    expect(row).toHaveTextContent('€ 62,40');
    expect(within(table).queryByText('Luisa Mendoza')).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Cliente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pagos' })).not.toBeInTheDocument();
    const asked = api.fetch.mock.calls.map(([url]) => decodeURIComponent(String(url)));
    expect(asked.find((url) => url.startsWith('/api/payments/client-details?'))).toMatch(/client_id=20(&|$)/);
    expect(asked.some((url) => url.startsWith('/api/payments?'))).toBe(false);
    const { buttons, menu } = await rowActionLayout(row);
    expect(buttons).toEqual(['Aprobar (inactivo)', 'Editar']);
    expect(menu).toEqual(expect.arrayContaining(['Descargar recibo', 'Enviar recibo por correo', 'Rechazar (rojo)']));
  });

  it('a reader without payments (only clients) sees the list but no receipt actions', async () => {
    showTab(['clients']);
    const row = await rowOf('00000102');
    const { buttons, menu } = await rowActionLayout(row);
    expect([...buttons, ...menu]).not.toContain('Descargar recibo');
    expect([...buttons, ...menu]).not.toContain('Enviar recibo por correo');
  });

  it('a client the server can’t find: the error toast and the table’s retry', async () => {
    showTab(ALL, { ...client, id: 99 });
    expect(await screen.findByText('No se pudieron cargar los datos.')).toBeInTheDocument();
    expect(api.error).toHaveBeenCalledWith('No encontrado', []);
  });
});

describe('Pagos (client role)', () => {
  it('lists their own payments as cards on a phone (amount, date, months, status, receipt); edit and delete only while Procesando', async () => {
    setWindowWidth(PHONE_WIDTH);
    show([], CLIENT_USER);
    const cards = await screen.findByRole('list', { name: 'Pagos' });
    expect(within(cards).queryByText('Luisa Mendoza')).not.toBeInTheDocument();
    const processing = await cardOf('Calle 5, casa 1');
    expect(within(processing).getByText('Procesando')).toBeInTheDocument();
    expect(within(processing).getByText(/^Meses: /)).toBeInTheDocument();
    expect(within(processing).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(processing).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    expect(within(processing).queryByRole('button', { name: 'Aprobar' })).not.toBeInTheDocument();
    const approved = await cardOf('Recibo N° 00000102');
    expect(within(approved).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: 'Rechazar' })).not.toBeInTheDocument();
    expect(within(approved).getByRole('button', { name: 'Descargar recibo' })).toBeInTheDocument();
    expect(within(await cardOf('Recibo N° 00000103')).getByRole('button', { name: 'Notas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nuevo pago/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    expect(within(drawer).queryByText('Clientes', { selector: 'label' })).not.toBeInTheDocument();
    expect(within(drawer).queryByText('Usuarios', { selector: 'label' })).not.toBeInTheDocument();
    expect(within(drawer).getByText('Fecha de pago', { selector: 'label' })).toBeInTheDocument();
  });

  it('/payments-receipt lists the approved payments (status 1) with their receipts', async () => {
    setWindowWidth(PHONE_WIDTH);
    renderApp(<ReceiptsPage />, { path: '/payments-receipt', session: makeSession({ permissions: [], user: CLIENT_USER }) });
    const table = await screen.findByRole('list', { name: 'Recibos de Pagos' });
    await waitFor(() => expect(within(table).getAllByRole('button', { name: 'Descargar recibo' }).length).toBeGreaterThan(0));
    const asked = decodeURIComponent(String(api.fetch.mock.calls.find(([url]) => String(url).startsWith('/api/payments?'))![0]));
    expect(asked).toContain('filters[status]=1');
    expect(within(table).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nuevo pago/ })).not.toBeInTheDocument();
  });
});
