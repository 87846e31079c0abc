import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultEffectiveMonth } from '@recaudo/domain/tariffs';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { EconomicActivityRow } from './api';
import EconomicActivitiesPage from './economic-activities-page';
import { chooseRowAction, findSettledRow } from '../../test/row-actions';


const activity = (id: number, name: string, fee: string, code: string | null = null): EconomicActivityRow => ({
  id,
  name,
  code,
  fee,
  activity_group_id: 7,
  activity_group: { id: 7, name: 'Comercio' },
  count_payments: 3,
  late_fee_percent: null,
  late_fee_grace_days: 0,
  late_fee_cap_months: null,
  late_fee_cap_percent: null,
});
const page = { data: [activity(1, 'Farmacias', '1234.5', 'C-002'), activity(2, 'Bodegas', '15.00')], current_page: 1, per_page: 10, total: 2, last_page: 1 };

function route(url: string): Response {
  if (url.startsWith('/api/economic-activities?')) return ok(page);
  if (url === '/api/activity-groups/selects') return ok([{ id: 7, name: 'Comercio' }, { id: 8, name: 'Servicios' }]);
  if (url === '/api/economic-activities/store') return ok({ id: 3 }, 'Actividad económica creada');
  if (url === '/api/economic-activities/update') return ok(null, 'Actividad económica actualizada');
  if (url === '/api/fees/history?owner_type=activity&owner_id=1')
    return ok({
      owner_type: 'activity',
      owner_id: 1,
      entries: [
        { effective_month: null, fee: '1000.00', created_at: null, created_by: null },
        { effective_month: '2026-03', fee: '1234.50', created_at: '2026-02-20T12:00:00Z', created_by: 'Ana Pérez' },
      ],
    });
  if (url.startsWith('/api/clients?')) {
    const clients = decodeURIComponent(url).includes('filters[economic_activity][]=2') ? [{ id: 40, name: 'Abasto La Esquina', identification: '301234567', email: null }] : [];
    return ok({ data: clients, current_page: 1, per_page: 10, total: clients.length, last_page: 1 });
  }
  return notFound();
}

const { fetch: fetchMock, success: successToast } = installFakeApi(route);

const ALL = ['economic_activities', 'add_economic_activity', 'edit_economic_activity', 'delete_economic_activity', 'export_economic_activities', 'clients'];
const bodyOf = (path: string) => JSON.parse(fetchMock.mock.calls.find(([url]) => url === path)![1]!.body as string);

describe('Actividades Económicas', () => {
  it('shows the fee in dollars with comma decimals and the group, with the actions the permissions allow', async () => {
    renderApp(<EconomicActivitiesPage />, { path: '/economic-activities', session: makeSession({ permissions: ['economic_activities'] }) });
    const row = await findSettledRow('Farmacias');
    expect(row).toHaveTextContent('$ 1.234,50');
    expect(row).toHaveTextContent('Comercio');
    expect(row).toHaveTextContent('C-002');
    expect(screen.getByText('Bodegas').closest('tr')).toHaveTextContent('VACIO');
    expect(within(row).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Ver clientes/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nueva actividad/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
  });

  it('validates Nombre, Tarifa and Grupo with the server messages and sends the fee as dot decimals', async () => {
    renderApp(<EconomicActivitiesPage />, { path: '/economic-activities', session: makeSession({ permissions: ALL }) });
    expect(await screen.findByRole('button', { name: /Exportar Excel/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Nueva actividad/ }));
    const panel = await screen.findByRole('dialog', { name: 'Nueva actividad económica' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Nombre es obligatorio.')).toBeInTheDocument();
    expect(await within(panel).findByText('El campo Tarifa es obligatorio.')).toBeInTheDocument();
    expect(await within(panel).findByText('El campo Grupo es obligatorio.')).toBeInTheDocument();

    const fee = within(panel).getByLabelText('Tarifa');
    await userEvent.type(fee, '12,345');
    expect(await within(panel).findByText('El campo Tarifa debe tener como máximo 2 decimales.')).toBeInTheDocument();
    await userEvent.clear(fee);
    await userEvent.type(fee, '-3');
    expect(await within(panel).findByText('El campo Tarifa debe ser al menos 0.')).toBeInTheDocument();
    await userEvent.clear(fee);
    await userEvent.type(fee, '1.234,5');

    await userEvent.type(within(panel).getByLabelText('Nombre'), 'Panaderías');
    await userEvent.click(within(panel).getByLabelText('Grupo'));
    await userEvent.click(await screen.findByTitle('Servicios'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Actividad económica creada'));
    expect(bodyOf('/api/economic-activities/store')).toEqual({ name: 'Panaderías', code: null, fee: '1234.5', activity_group_id: 8, late_fee_percent: null, late_fee_grace_days: 0, late_fee_cap_months: null, late_fee_cap_percent: null });
  });

  it('edits an activity keeping its code and fee, asking from which month the fee applies (next month) and showing its history', async () => {
    renderApp(<EconomicActivitiesPage />, { path: '/economic-activities', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Farmacias');
    await chooseRowAction(row, 'Editar');
    const panel = await screen.findByRole('dialog', { name: 'Editar actividad económica' });
    expect(within(panel).getByLabelText('Tarifa')).toHaveValue('1.234,5');
    const next = defaultEffectiveMonth();
    expect(within(panel).getByLabelText('¿Desde qué mes aplica?')).toHaveValue(`${next.slice(5, 7)}-${next.slice(0, 4)}`);
    expect(await within(panel).findByText('Desde marzo 2026')).toBeInTheDocument();
    expect(within(panel).getByText('Desde el inicio')).toBeInTheDocument();
    expect(within(panel).getByText(/Ana Pérez/)).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Actividad económica actualizada'));
    expect(bodyOf('/api/economic-activities/update')).toEqual({ id: 1, name: 'Farmacias', code: 'C-002', fee: '1234.5', activity_group_id: 7, effective_month: next, late_fee_percent: null, late_fee_grace_days: 0, late_fee_cap_months: null, late_fee_cap_percent: null });
  });

  it('turns the late-payment surcharge on with its grace and cap, and refuses a percentage of zero in Spanish', async () => {
    renderApp(<EconomicActivitiesPage />, { path: '/economic-activities', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Bodegas');
    await chooseRowAction(row, 'Editar');
    const panel = await screen.findByRole('dialog', { name: 'Editar actividad económica' });
    const percent = within(panel).getByLabelText('Recargo mensual (%)');
    await userEvent.type(percent, '0');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Recargo mensual (%) debe ser mayor que 0.')).toBeInTheDocument();
    await userEvent.clear(percent);
    await userEvent.type(percent, '2,5');
    await userEvent.type(within(panel).getByLabelText('Días de gracia'), '{backspace}10');
    await userEvent.type(within(panel).getByLabelText('Tope en meses'), '12');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Actividad económica actualizada'));
    expect(bodyOf('/api/economic-activities/update')).toMatchObject({ id: 2, late_fee_percent: '2.5', late_fee_grace_days: 10, late_fee_cap_months: 12, late_fee_cap_percent: null });
  });

  it('opens "Ver clientes" with the clients whose addresses carry the activity', async () => {
    renderApp(<EconomicActivitiesPage />, { path: '/economic-activities', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Bodegas');
    await userEvent.click(within(row).getByRole('button', { name: /Ver clientes/ }));
    const modal = await screen.findByRole('dialog', { name: 'Clientes de Bodegas' });
    const client = (await within(modal).findByText('Abasto La Esquina')).closest('tr')!;
    expect(client).toHaveTextContent('301234567');
    expect(client).toHaveTextContent('VACIO');
  });
});
