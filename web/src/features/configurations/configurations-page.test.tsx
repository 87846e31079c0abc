import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { ExchangeRateRow } from '@recaudo/domain/exchange-rates';
import type { ConfigurationRow } from './api';
import ConfigurationsPage from './configurations-page';
import { findSettledRow } from '../../test/row-actions';


const rows: ConfigurationRow[] = [
  { id: 1, name: 'update_dollar_rate', label: 'Tasa del dólar', value: '1245.67140000', value_date: '2026-12-01', source: 'bcv', stale: false, updated_at: '2026-01-05T14:00:00Z' },
  { id: 2, name: 'update_euro_rate', label: 'Tasa del euro', value: '268.12000000', value_date: '2026-11-20', source: 'manual', stale: true, updated_at: '2026-01-05T14:00:00Z' },
];

const history: ExchangeRateRow[] = [
  { id: 7, currency: 'USD', rate: '1245.67140000', value_date: '2026-12-01', source: 'bcv', reason: null, user: null, created_at: '2026-11-30T20:30:00Z' },
  { id: 6, currency: 'EUR', rate: '268.12000000', value_date: '2026-11-20', source: 'manual', reason: 'El BCV no publicó', user: { id: 1, name: 'Ana Admin' }, created_at: '2026-11-20T13:00:00Z' },
];

const bcvStatus = {
  alerts: [
    {
      id: 3,
      cause: 'jump',
      title: 'La tasa del BCV saltó más de lo permitido',
      detail: 'La tasa del 2026-12-02 cambia más de 25 % desde la anterior (USD 50.0 %)',
      read: { value_date: '2026-12-02', usd: '1868.50710000', eur: '402.18000000' },
      created_at: '2026-12-01T21:00:00Z',
    },
  ],
  stale: true,
  last_value_date: '2026-11-20',
};

function route(url: string): Response {
  if (url === '/api/configurations') return ok({ data: rows, current_page: 1, per_page: 2, total: 2, last_page: 1 });
  if (url === '/api/configurations/update') return ok(null, 'Tasa actualizada');
  if (url.startsWith('/api/exchange-rates?')) return ok({ data: history, current_page: 1, per_page: 10, total: 2, last_page: 1 });
  if (url === '/api/exchange-rates/bcv-status') return ok(bcvStatus);
  if (url === '/api/exchange-rates/alerts/accept') return ok(null, 'Tasa leída aceptada');
  if (url.startsWith('/api/logs?')) return ok({ data: [], current_page: 1, per_page: 20, total: 0, last_page: 1 });
  return notFound();
}

const { fetch: fetchMock, success: successToast } = installFakeApi(route);

describe('Tasas de Cambio', () => {
  it('shows the rates in force in BS with their value date and source, read-only without update_dollar_rate', async () => {
    renderApp(<ConfigurationsPage />, { path: '/configurations', session: makeSession({ permissions: ['configurations'] }) });
    const row = await findSettledRow('Tasa del dólar');
    expect(row).toHaveTextContent('BS 1.245,67140000');
    expect(row).toHaveTextContent('01-12-2026BCV');
    const euro = screen.getByText('Tasa del euro').closest('tr')!;
    expect(euro).toHaveTextContent('20-11-2026ManualDesactualizada');
    expect(within(row).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Historial/ })).not.toBeInTheDocument();
  });

  // antd remounts a field's message as its error list animates: the node a findBy held can be
  // gone a moment later while the same text shows in its place, so the text is asked again.
  const shows = (row: HTMLElement, text: string) => waitFor(() => expect(within(row).getByText(text)).toBeInTheDocument());

  it('edits a rate in place: required "Ingresa Datos!", then saves it and toasts', async () => {
    renderApp(<ConfigurationsPage />, { path: '/configurations', session: makeSession({ permissions: ['configurations', 'update_dollar_rate'] }) });
    const row = await findSettledRow('Tasa del dólar');
    await userEvent.click(within(row).getByRole('button', { name: 'Editar Tasa del dólar' }));
    const input = within(row).getByLabelText('Nuevo valor de Tasa del dólar');
    await userEvent.clear(input);
    await userEvent.click(within(row).getByRole('button', { name: /Guardar/ }));
    await shows(row, 'Ingresa Datos!');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/configurations/update')).toBe(false);

    await userEvent.type(input, '250,123456789');
    await shows(row, 'El campo Valor debe tener como máximo 8 decimales.');
    await userEvent.clear(input);
    await userEvent.type(input, '250,5');
    await userEvent.click(within(row).getByRole('button', { name: /Guardar/ }));
    await shows(row, 'El campo Motivo es obligatorio.');
    await userEvent.type(within(row).getByLabelText('Motivo de la tasa manual de Tasa del dólar'), 'El BCV no publicó{Enter}');
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Tasa actualizada'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/configurations/update')!;
    expect(call[1]!.method).toBe('PUT');
    expect(JSON.parse(call[1]!.body as string)).toEqual({ id: 1, value: '250.5', reason: 'El BCV no publicó' });
    await waitFor(() => expect(within(row).queryByLabelText('Nuevo valor de Tasa del dólar')).not.toBeInTheDocument());
  });

  it('opens the change history of a rate', async () => {
    renderApp(<ConfigurationsPage />, { path: '/configurations', session: makeSession({ permissions: ['configurations', 'logs'] }) });
    const row = await findSettledRow('Tasa del euro');
    await userEvent.click(within(row).getByRole('button', { name: 'Historial de cambios de Tasa del euro' }));
    const panel = await screen.findByRole('dialog', { name: 'Historial de cambios' });
    expect(await within(panel).findByText('Sin cambios registrados')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/logs?'))!;
    expect(decodeURIComponent(String(call[0]))).toContain('filters[subject_type]=configurations');
    expect(decodeURIComponent(String(call[0]))).toContain('filters[subject_id]=2');
  });

  it('shows the history of every rate with its source, and the BCV alerts, accepting a read rate with one click', async () => {
    renderApp(<ConfigurationsPage />, { path: '/configurations', session: makeSession({ permissions: ['configurations', 'update_dollar_rate'] }) });
    const table = await screen.findByRole('table', { name: 'Historial de tasas' });
    const manual = (await within(table).findByText('El BCV no publicó')).closest('tr')!;
    expect(manual).toHaveTextContent('20-11-2026Euro268,12000000Manual');
    expect(manual).toHaveTextContent('Ana Admin');
    expect(screen.getByRole('img', { name: 'Gráfico del historial de tasas: dólar y euro por fecha valor' })).toBeInTheDocument();
    expect(screen.getByText('La tasa BCV está desactualizada')).toBeInTheDocument();
    expect(screen.getByText('No llega una fecha valor nueva desde el 20-11-2026. Los pagos siguen con la última tasa.')).toBeInTheDocument();
    expect(screen.getByText('Tasa BCV: La tasa del BCV saltó más de lo permitido')).toBeInTheDocument();
    expect(screen.getByText(/dólar BS 1\.868,50710000/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar la tasa leída' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Tasa leída aceptada'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/exchange-rates/alerts/accept')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ id: 3 });
  });
});
