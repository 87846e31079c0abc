import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { CorrelativeRow } from './api';
import CorrelativesPage from './correlatives-page';


const row: CorrelativeRow = { id: 4, serie: 'A', number: '00000123', number_credit_note: '0007', number_debit_note: '0000', number_delivery_note: '00000012', count_payments: 0 };

function route(url: string): Response {
  if (url.startsWith('/api/correlatives?')) return ok({ data: [row], current_page: 1, per_page: 10, total: 1, last_page: 1 });
  if (url === '/api/correlatives/store') return ok({ id: 5 }, 'Correlativo creado');
  return notFound();
}

const { fetch: fetchMock, success: successToast } = installFakeApi(route);

describe('Correlativos', () => {
  it('shows the counters with their leading zeros', async () => {
    renderApp(<CorrelativesPage />, { path: '/correlatives', session: makeSession({ permissions: ['correlatives'] }) });
    const tableRow = (await screen.findByText('00000123')).closest('tr')!;
    expect(tableRow).toHaveTextContent('0007');
    expect(tableRow).toHaveTextContent('00000012');
    expect(screen.getByRole('columnheader', { name: 'Nº nota de entrega' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nuevo correlativo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
  });

  it('accepts digits only and sends them as text, leading zeros kept', async () => {
    renderApp(<CorrelativesPage />, {
      path: '/correlatives',
      session: makeSession({ permissions: ['correlatives', 'add_correlative', 'export_correlatives'] }),
    });
    expect(await screen.findByRole('button', { name: /Exportar Excel/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Nuevo correlativo/ }));
    const panel = await screen.findByRole('dialog', { name: 'Nuevo correlativo' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Serie es obligatorio.')).toBeInTheDocument();
    expect(await within(panel).findByText('El campo Número de factura es obligatorio.')).toBeInTheDocument();

    await userEvent.type(within(panel).getByLabelText('Serie'), 'B');
    await userEvent.type(within(panel).getByLabelText('Número de factura'), '12a');
    expect(await within(panel).findByText('El campo Número de factura solo debe contener dígitos.')).toBeInTheDocument();
    await userEvent.clear(within(panel).getByLabelText('Número de factura'));
    await userEvent.type(within(panel).getByLabelText('Número de factura'), '00000001');
    await userEvent.type(within(panel).getByLabelText('Número de nota de crédito'), '0000');
    await userEvent.type(within(panel).getByLabelText('Número de nota de débito'), '007');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Correlativo creado'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/correlatives/store')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ serie: 'B', number: '00000001', number_credit_note: '0000', number_debit_note: '007' });
  });

  it('opens the edit panel with the row after a cancelled Nuevo', async () => {
    renderApp(<CorrelativesPage />, { path: '/correlatives', session: makeSession({ permissions: ['correlatives', 'add_correlative', 'edit_correlative'] }) });
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo correlativo/ }));
    const blank = await screen.findByRole('dialog', { name: 'Nuevo correlativo' });
    await userEvent.click(within(blank).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo correlativo' })).not.toBeInTheDocument());
    const tableRow = (await screen.findByText('00000123')).closest('tr')!;
    await userEvent.click(within(tableRow).getByRole('button', { name: /Editar/ }));
    const panel = await screen.findByRole('dialog', { name: 'Editar correlativo' });
    expect(within(panel).getByLabelText('Serie')).toHaveValue('A');
    expect(within(panel).getByLabelText('Número de factura')).toHaveValue('00000123');
  });
});
