import type { SolvencyRow } from '@recaudo/domain/solvencies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addressRow } from '../../test/address-rows';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { rowActionLayout, rowActionNames } from '../../test/row-actions';
import { NewSolvencyModal } from './new-solvency-modal';
import SolvenciesPage from './solvencies-page';
import { PHONE_WIDTH, setWindowWidth } from '../../test/viewport';
import { wholeText } from '../../test/whole-text';

const HASH = 'c3'.repeat(32);

const row = (overrides: Partial<SolvencyRow> = {}): SolvencyRow => ({
  id: 7,
  client_id: 10,
  addresses_payment_id: 1,
  type: 0,
  solvent_to_date: '2026-11',
  is_valid: true,
  revoked_at: null,
  revoked_reason: null,
  hash: HASH,
  created_at: '2026-11-20T15:00:00.000Z',
  created_by: 1,
  client: { id: 10, name: 'Luisa Mendoza', email: 'luisa@correo.test', identification_type: 'V', identification: '12345678' },
  address_payment: { id: 1, address: 'Calle 3, casa 12', state: 'Miranda', municipality: 'Sucre', parish: 'Petare', community: 'La Urbina', economic_activity: null },
  ...overrides,
});

const paged = (rows: SolvencyRow[]) => ({ data: rows, current_page: 1, per_page: 10, total: rows.length, last_page: 1 });

const owing = addressRow({ id: 2, address: 'Av. Principal, local 4', months_to_pay: 2, solvent: false, solvent_to_date: '2026-09' });
const pendingOnly = addressRow({ id: 3, address: 'Calle 9', months_to_pay: 0, solvent: false, solvent_to_date: '2026-11' });
const solvent = addressRow({ id: 1, address: 'Calle 3, casa 12', solvent: true, solvent_to_date: '2026-11' });
const incomplete = addressRow({ id: 4, address: 'Sector sin parroquia', parish_id: null, parish: null, solvent: true, solvent_to_date: '2026-11' });

let stored: unknown = null;
const api = installFakeApi(async (url, init) => {
  if (url.startsWith('/api/solvencies/store')) {
    stored = JSON.parse(String(init?.body));
    return ok({ id: 8, hash: HASH }, 'Solvencia generada');
  }
  if (url.startsWith('/api/solvencies/send-mail-solvency-pdf')) return ok({ to: 'luisa@correo.test' }, 'Solvencia enviada al correo del cliente');
  if (url.startsWith('/api/solvencies')) return ok(paged([row(), row({ id: 6, is_valid: false, revoked_at: '2026-11-22T13:00:00.000Z', revoked_reason: 'Un pago en el que se basaba fue rechazado' })]));
  // Every address of the client, the incomplete one too: the picker must not offer it.
  if (url.startsWith('/api/addresses-payment/address-client/client')) return ok([solvent, owing, pendingOnly, incomplete]);
  if (url.startsWith('/api/addresses-payment/address-select-client/10')) return ok([solvent, owing, pendingOnly]);
  return notFound();
});

const clientSession = makeSession({ user: { client_id: 10, client: { id: 10, name: 'Luisa Mendoza' } as never, role: { id: 4, name: 'Cliente', key: 'client' } } });

describe('Solvencias (client user)', () => {
  it('generates a certificate only for a solvent address and says why not otherwise', async () => {
    renderApp(<SolvenciesPage />, { path: '/solvencies', session: clientSession });
    expect(await screen.findByRole('heading', { name: 'Solvencias' })).toBeInTheDocument();
    const generate = screen.getByRole('button', { name: 'Generar solvencia' });
    expect(generate).toBeDisabled();

    await userEvent.click(screen.getByLabelText('Dirección de pago'));
    const owingOption = await screen.findByText(/Av\. Principal, local 4/);
    expect(screen.queryByText(/Sector sin parroquia/)).not.toBeInTheDocument();
    await userEvent.click(owingOption);
    expect(await screen.findByText('La dirección no está solvente: debe 2 meses')).toBeInTheDocument();
    expect(generate).toBeDisabled();

    await userEvent.click(screen.getByLabelText('Dirección de pago'));
    await userEvent.click(await screen.findByText(/^Calle 9/));
    expect(await screen.findByText('La dirección no está solvente: tiene meses cubiertos por un pago que aún está Procesando')).toBeInTheDocument();
    expect(generate).toBeDisabled();

    await userEvent.click(screen.getByLabelText('Dirección de pago'));
    await userEvent.click(await screen.findByText(/Calle 3, casa 12 \(Residencial\) — solvente hasta 11-2026/));
    expect(screen.queryByText(/no está solvente/)).not.toBeInTheDocument();
    await waitFor(() => expect(generate).toBeEnabled());
    await userEvent.click(generate);
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Solvencia generada'));
    expect(stored).toEqual({ client_id: 10, addresses_payment_id: 1 });
  });

  it('lists on a phone as cards: address, valid until, validity, download and send, no delete', async () => {
    setWindowWidth(PHONE_WIDTH);
    renderApp(<SolvenciesPage />, { path: '/solvencies', session: clientSession });
    const cards = await screen.findByRole('list', { name: 'Solvencias' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getAllByText(wholeText('Solvente hasta Noviembre 2026 · emitida el 20-11-2026'))).toHaveLength(2);
    expect(within(cards).getAllByText('Calle 3, casa 12')).toHaveLength(2);
    expect(within(cards).getByText('Válida')).toBeInTheDocument();
    expect(within(cards).getByText('Revocada desde 22-11-2026')).toBeInTheDocument();
    expect(within(cards).queryByText('Luisa Mendoza')).not.toBeInTheDocument();
    expect(within(cards).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(within(cards).getAllByRole('button', { name: /Descargar$/ })).toHaveLength(2);
    await userEvent.click(within(cards).getAllByRole('button', { name: /Enviar por correo$/ })[0]!);
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Solvencia enviada al correo del cliente'));
  });
});

describe('Solvencias (staff)', () => {
  it('shows identification linking to the client, client and e-mail, and the actions by permission', async () => {
    renderApp(<SolvenciesPage />, { path: '/solvencies', session: makeSession({ permissions: ['clients', 'add_solvency', 'export_clients'] }) });
    const table = await screen.findByRole('table');
    const link = (await within(table).findAllByRole('link', { name: 'V-12345678' }))[0]!;
    expect(link).toHaveAttribute('href', '/client-detail/10');
    expect(within(table).getAllByText('luisa@correo.test').length).toBe(2);
    expect(screen.getByRole('button', { name: /Nueva Solvencia/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
    expect(await rowActionNames(within(table).getAllByRole('row')[1]!)).toEqual(['Descargar solvencia', 'Enviar solvencia por correo']);
  });

  it('hides Nueva Solvencia and export without add_solvency and export_clients; shows Eliminar with delete_solvency', async () => {
    renderApp(<SolvenciesPage />, { path: '/solvencies', session: makeSession({ permissions: ['delete_solvency', 'logs'] }) });
    const table = await screen.findByRole('table');
    await within(table).findAllByText('V-12345678');
    for (const row of within(table).getAllByRole('row').slice(1))
      expect(await rowActionLayout(row)).toEqual({ buttons: ['Descargar solvencia'], menu: ['Enviar solvencia por correo', 'Historial de cambios', 'Eliminar (rojo)'] });
    expect(screen.queryByRole('button', { name: /Nueva Solvencia/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
  });
});

describe('Generar solvencia of an address row (staff)', () => {
  it('opens on the row’s address: enabled for a solvent one, the reason and a disabled button for an owing one', async () => {
    stored = null;
    const { unmount } = renderApp(<NewSolvencyModal open clientId={10} addressId={2} onClose={() => undefined} />, { session: makeSession({ permissions: ['add_solvency'] }) });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('La dirección no está solvente: debe 2 meses')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generar solvencia' })).toBeDisabled();
    unmount();

    renderApp(<NewSolvencyModal open clientId={10} addressId={1} onClose={() => undefined} />, { session: makeSession({ permissions: ['add_solvency'] }) });
    const second = await screen.findByRole('dialog');
    const button = within(second).getByRole('button', { name: 'Generar solvencia' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(stored).toEqual({ client_id: 10, addresses_payment_id: 1 }));
    expect(api.success).toHaveBeenCalledWith('Solvencia generada');
  });
});
