import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { TicketRow } from './api';
import TicketsPage from './tickets-page';
import { chooseRowAction } from '../../test/row-actions';

const ALL = ['tickets_payments', 'add_tickets_payment', 'edit_tickets_payment', 'delete_tickets_payment', 'export_tickets_payments', 'logs'];

const expired: TicketRow = { id: 1, name: 'Temporada Navideña', color: '#cf1322', status: true, validity_date: '2020-01-31', created_at: '2019-12-01T12:00:00Z', count_tickets_delivered: 7 };
const current: TicketRow = { id: 2, name: 'Aseo Urbano', color: '#1677ff', status: true, validity_date: '2999-12-31', created_at: '2026-01-01T12:00:00Z', count_tickets_delivered: 0 };

const page = (rows: TicketRow[]) => ok({ data: rows, current_page: 1, per_page: 10, total: rows.length, last_page: 1 });
const failure = (message: string, status = 422) => new Response(JSON.stringify({ success: false, message }), { status });

/** The answer of the status call, settled by the test when it wants. */
let statusAnswer: () => Promise<Response> = async () => ok(null, 'Estatus del ticket de pago actualizado');

async function route(url: string, init?: RequestInit): Promise<Response> {
  if (url.startsWith('/api/tickets-payments?')) return page([expired, current]);
  if (url === '/api/tickets-payments/store') return ok({ id: 3 }, 'Ticket de pago creado');
  if (url === '/api/tickets-payments/update') return ok(null, 'Ticket de pago actualizado');
  if (url === '/api/tickets-payments/change-status') return statusAnswer();
  if (url === '/api/tickets-payments/delete') {
    const { id } = JSON.parse(String(init?.body)) as { id: number };
    return id === 1 ? failure('No se puede eliminar el ticket de pago porque tiene 7 tickets entregados.') : ok(null, 'Ticket de pago eliminado');
  }
  return notFound();
}

const api = installFakeApi(route);
const bodyOf = (path: string) => JSON.parse(String(api.fetch.mock.calls.find(([url]) => url === path)![1]!.body)) as Record<string, unknown>;

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

// Antd tables and pickers render slowly in jsdom on a busy machine.
describe('Tickets de Pago', () => {
  it('shows the columns, the colour swatch, the delivered count and the expiry red when past, green otherwise', async () => {
    renderApp(<TicketsPage />, { path: '/tickets-payments', session: makeSession({ permissions: ALL }) });
    for (const title of ['Nombre', 'Color', 'Estado', 'Tickets entregados', 'Fecha de vencimiento', 'Acciones']) {
      expect(await screen.findByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const old = await rowOf('Temporada Navideña');
    expect(old).toHaveTextContent('#CF1322');
    expect(old).toHaveTextContent('7');
    const oldDate = within(old).getByText('31-01-2020');
    expect(oldDate).toHaveAttribute('title', 'Vencido');
    expect(oldDate.className).toMatch(/red/);
    const fresh = await rowOf('Aseo Urbano');
    const freshDate = within(fresh).getByText('31-12-2999');
    expect(freshDate).toHaveAttribute('title', 'Vigente');
    expect(freshDate.className).toMatch(/green/);
    expect(within(fresh).getByRole('switch', { name: 'Estado de Aseo Urbano' })).toBeChecked();
  });

  it('hides the actions the user may not use', async () => {
    renderApp(<TicketsPage />, { path: '/tickets-payments', session: makeSession({ permissions: ['tickets_payments'] }) });
    const row = await rowOf('Aseo Urbano');
    expect(within(row).getByRole('switch', { name: 'Estado de Aseo Urbano' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Nuevo ticket/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Acciones')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtros' })).toBeInTheDocument();
  });

  it('validates the form with the server messages and creates a black series by default', async () => {
    renderApp(<TicketsPage />, { path: '/tickets-payments', session: makeSession({ permissions: ALL }) });
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo ticket/ }));
    const panel = await screen.findByRole('dialog', { name: 'Nuevo ticket' });
    expect(panel).toHaveTextContent('#000000');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Nombre es obligatorio.')).toBeInTheDocument();
    expect(await within(panel).findByText('El campo Fecha de vencimiento es obligatorio.')).toBeInTheDocument();
    expect(api.fetch.mock.calls.some(([url]) => url === '/api/tickets-payments/store')).toBe(false);

    await userEvent.type(within(panel).getByLabelText('Nombre'), '  Mercado Municipal ');
    const date = within(panel).getByLabelText('Fecha de vencimiento');
    await userEvent.click(date);
    await userEvent.type(date, '31-12-2030');
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Ticket de pago creado'));
    expect(bodyOf('/api/tickets-payments/store')).toEqual({ name: 'Mercado Municipal', color: '#000000', validity_date: '2030-12-31' });
  });

  it('edits a series with its stored values, also after the new-ticket panel was opened', async () => {
    renderApp(<TicketsPage />, { path: '/tickets-payments', session: makeSession({ permissions: ALL }) });
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo ticket/ }));
    const fresh = await screen.findByRole('dialog', { name: 'Nuevo ticket' });
    await userEvent.click(within(fresh).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo ticket' })).not.toBeInTheDocument());
    await chooseRowAction(await rowOf('Aseo Urbano'), 'Editar');
    const panel = await screen.findByRole('dialog', { name: 'Editar ticket' });
    expect(within(panel).getByLabelText('Nombre')).toHaveValue('Aseo Urbano');
    expect(within(panel).getByLabelText('Fecha de vencimiento')).toHaveValue('31-12-2999');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Ticket de pago actualizado'));
    expect(bodyOf('/api/tickets-payments/update')).toEqual({ id: 2, name: 'Aseo Urbano', color: '#1677ff', validity_date: '2999-12-31' });
  });

  it('flips the status as soon as it is confirmed and keeps it when the server confirms', async () => {
    let settle: (response: Response) => void = () => undefined;
    statusAnswer = () => new Promise((resolve) => (settle = resolve));
    renderApp(<TicketsPage />, { path: '/tickets-payments', session: makeSession({ permissions: ALL }) });
    const toggle = within(await rowOf('Aseo Urbano')).getByRole('switch', { name: 'Estado de Aseo Urbano' });
    await userEvent.click(toggle);
    expect(await screen.findByText('Estado de Aseo Urbano pasa a Inactivo.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(bodyOf('/api/tickets-payments/change-status')).toEqual({ id: 2, status: false });
    settle(ok(null, 'Estatus del ticket de pago actualizado'));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Estatus del ticket de pago actualizado'));
  });

  it('puts the status back when the server refuses the change', async () => {
    let settle: (response: Response) => void = () => undefined;
    statusAnswer = () => new Promise((resolve) => (settle = resolve));
    renderApp(<TicketsPage />, { path: '/tickets-payments', session: makeSession({ permissions: ALL }) });
    const toggle = within(await rowOf('Temporada Navideña')).getByRole('switch', { name: 'Estado de Temporada Navideña' });
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(toggle).not.toBeChecked());
    settle(failure('No se ha encontrado el ticket de pago', 422));
    await waitFor(() => expect(api.error).toHaveBeenCalledWith('No se ha encontrado el ticket de pago', []));
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.success).not.toHaveBeenCalled();
  });

  it('shows why a series with delivered tickets stays', async () => {
    renderApp(<TicketsPage />, { path: '/tickets-payments', session: makeSession({ permissions: ALL }) });
    await chooseRowAction(await rowOf('Temporada Navideña'), 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro de eliminar el ticket de pago?' });
    expect(dialog).toHaveTextContent('Temporada Navideña');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.error).toHaveBeenCalledWith('No se puede eliminar el ticket de pago porque tiene 7 tickets entregados.', []));
    expect(api.success).not.toHaveBeenCalled();
  });

  it('deletes after the confirmation', async () => {
    renderApp(<TicketsPage />, { path: '/tickets-payments', session: makeSession({ permissions: ALL }) });
    await chooseRowAction(await rowOf('Aseo Urbano'), 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro de eliminar el ticket de pago?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Ticket de pago eliminado'));
    expect(bodyOf('/api/tickets-payments/delete')).toEqual({ id: 2 });
  });
});
