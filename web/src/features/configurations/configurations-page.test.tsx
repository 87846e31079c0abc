import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { ConfigurationRow } from './api';
import ConfigurationsPage from './configurations-page';


const rows: ConfigurationRow[] = [
  { id: 1, name: 'update_dollar_rate', label: 'Tasa del dólar', value: '1245.67', updated_at: '2026-01-05T14:00:00Z' },
  { id: 2, name: 'update_euro_rate', label: 'Tasa del euro', value: '268.12', updated_at: '2026-01-05T14:00:00Z' },
];

function route(url: string): Response {
  if (url === '/api/configurations') return ok({ data: rows, current_page: 1, per_page: 2, total: 2, last_page: 1 });
  if (url === '/api/configurations/update') return ok(null, 'Tasa actualizada');
  if (url.startsWith('/api/logs?')) return ok({ data: [], current_page: 1, per_page: 20, total: 0, last_page: 1 });
  return notFound();
}

const { fetch: fetchMock, success: successToast } = installFakeApi(route);

describe('Tasas de Cambio', () => {
  it('shows the rates in BS, read-only without update_dollar_rate', async () => {
    renderApp(<ConfigurationsPage />, { path: '/configurations', session: makeSession({ permissions: ['configurations'] }) });
    const row = (await screen.findByText('Tasa del dólar')).closest('tr')!;
    expect(row).toHaveTextContent('BS 1.245,67');
    expect(within(row).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Historial/ })).not.toBeInTheDocument();
  });

  it('edits a rate in place: required "Ingresa Datos!", then saves it and toasts', async () => {
    renderApp(<ConfigurationsPage />, { path: '/configurations', session: makeSession({ permissions: ['configurations', 'update_dollar_rate'] }) });
    const row = (await screen.findByText('Tasa del dólar')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Editar Tasa del dólar' }));
    const input = within(row).getByLabelText('Nuevo valor de Tasa del dólar');
    await userEvent.clear(input);
    await userEvent.click(within(row).getByRole('button', { name: /Guardar/ }));
    expect(await within(row).findByText('Ingresa Datos!')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/configurations/update')).toBe(false);

    await userEvent.type(input, '250,555');
    expect(await within(row).findByText('El campo Valor debe tener como máximo 2 decimales.')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '250,5{Enter}');
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Tasa actualizada'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/configurations/update')!;
    expect(call[1]!.method).toBe('PUT');
    expect(JSON.parse(call[1]!.body as string)).toEqual({ id: 1, value: '250.5' });
    await waitFor(() => expect(within(row).queryByLabelText('Nuevo valor de Tasa del dólar')).not.toBeInTheDocument());
  });

  it('opens the change history of a rate', async () => {
    renderApp(<ConfigurationsPage />, { path: '/configurations', session: makeSession({ permissions: ['configurations', 'logs'] }) });
    const row = (await screen.findByText('Tasa del euro')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Historial de cambios de Tasa del euro' }));
    const panel = await screen.findByRole('dialog', { name: 'Historial de cambios' });
    expect(await within(panel).findByText('Sin cambios registrados')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/logs?'))!;
    expect(decodeURIComponent(String(call[0]))).toContain('filters[subject_type]=configurations');
    expect(decodeURIComponent(String(call[0]))).toContain('filters[subject_id]=2');
  });
});
