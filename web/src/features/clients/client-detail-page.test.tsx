import type { ClientRow } from '@recaudo/domain/clients';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { setToken } from '../../lib/storage';
import { makeSession, renderApp } from '../../test/render';
import ClientDetailPage, { initialsOf } from './client-detail-page';
import { notePreview } from './notes-panel';

const errorToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown, message = 'OK') => new Response(JSON.stringify({ success: true, message, data }), { status: 200 });

const client: ClientRow = {
  id: 5,
  type: 0,
  name: 'María José Pérez',
  email: 'maria@correo.test',
  phone: ['4141234567', '2731112233'],
  gender: 'F',
  age: 41,
  birth_date: '1985-04-12',
  identification: '012345678',
  identification_type: 'V',
  address: 'Av. Bolívar, Valencia',
  photo: null,
  active: true,
  count_payments: 0,
  addresses_payments: [],
  user: { id: 9, name: 'María Pérez', email: 'maria@correo.test', created_at: '2026-02-03T15:00:00Z' },
  latest_payment: { id: 3, status: 1, date_payment: '2026-03-01', amount_payment: '500.00', dollar_amount_payment: '13.70', created_at: '2026-03-01T12:00:00Z' },
  created_at: '2026-01-10T15:00:00Z',
};
const debts = {
  dollar_rate: '245.67',
  dollar_rate_value_date: '2026-11-20',
  dollar_rate_source: 'bcv' as const,
  months_owed: 3,
  owed_usd: '15.00',
  owed_bs: '3685.05',
  addresses: [],
};
const longNote = 'Llamar antes de las diez de la mañana porque trabaja de noche';

beforeEach(() => {
  setToken('token-1');
  registerNotifier({ error: errorToast, success: vi.fn() });
  fetchMock.mockImplementation(async (url) => {
    if (url === '/api/clients/5') return ok({ client, date_start: '2026-01-10', date_now: '2026-11-21', reminders_opt_out: true, dollar_rate: '1234.5', euro_rate: '268.12', debts });
    if (String(url).startsWith('/api/clients/notes-client/5')) {
      return ok({ data: [{ id: 1, note: longNote, client_id: 5, user: { id: 1, name: 'Ana' }, created_at: '2026-03-01T12:00:00Z' }], current_page: 1, per_page: 10, total: 1, last_page: 1 });
    }
    return new Response(JSON.stringify({ success: false, message: 'No se ha encontrado el usuario' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  errorToast.mockReset();
  localStorage.clear();
});

function show(id: string, permissions = ['clients', 'edit_client', 'logs', 'logins'], paymentPanel?: (client: ClientRow | null, close: () => void) => React.ReactNode) {
  renderApp(
    <Routes>
      <Route
        path="/client-detail/:id"
        element={
          <ClientDetailPage
            paymentsTab={(detail) => <p>Pagos de {detail.name}</p>}
            addressesTab={(client) => <p>Direcciones de {client.id}</p>}
            solvenciesTab={(clientId) => <p>Solvencias de {clientId}</p>}
            logsTab={(clientId) => <p>Bitácoras de {clientId}</p>}
            loginsTab={(clientId) => <p>Sesiones de {clientId}</p>}
            paymentPanel={paymentPanel}
          />
        }
      />
    </Routes>,
    { path: `/client-detail/${id}`, session: makeSession({ permissions }) },
  );
}

describe('Client detail', () => {
  it('says "No se ha encontrado el usuario" for an id that does not exist, without an error toast', async () => {
    show('404');
    expect(await screen.findByText('No se ha encontrado el usuario')).toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('shows the header with initials, formatted phones, identification and creation date', async () => {
    show('5');
    expect(await screen.findByRole('heading', { name: 'María José Pérez' })).toBeInTheDocument();
    expect(screen.getByText('MP')).toBeInTheDocument();
    expect(screen.getAllByText('+58 (414)-1234567').length).toBeGreaterThan(0);
    expect(screen.getAllByText('+58 (273)-1112233').length).toBeGreaterThan(0);
    expect(screen.getAllByText('V-012345678').length).toBeGreaterThan(0);
    expect(screen.getAllByText('10-01-2026').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Av. Bolívar, Valencia').length).toBeGreaterThan(0);
    expect(screen.getByText('No desea recibir recordatorios de pago')).toBeInTheDocument();
    // Datos Generales: three cards, the rates in BS.
    expect(screen.getByText('Usuario del cliente')).toBeInTheDocument();
    expect(screen.getByText('03-02-2026')).toBeInTheDocument();
    expect(screen.getByText('BS 1.234,50')).toBeInTheDocument();
    expect(screen.getByText('BS 268,12')).toBeInTheDocument();
    expect(screen.getByText('BS 500,00 · 01-03-2026 · Aprobado')).toBeInTheDocument();
  });

  it('says in its header what the client owes, and "Registrar pago" opens the payment form on her', async () => {
    const panel = vi.fn((payer: ClientRow | null, close: () => void) =>
      payer ? (
        <div role="dialog" aria-label={`Nuevo pago de ${payer.name}`}>
          <button onClick={close}>Cerrar</button>
        </div>
      ) : null,
    );
    show('5', ['clients', 'add_payment'], panel);
    expect(await screen.findByText('Debe $ 15,00 (BS 3.685,05), 3 meses')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Registrar pago/ }));
    expect(screen.getByRole('dialog', { name: 'Nuevo pago de María José Pérez' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no "Registrar pago" without add_payment, and says "Al día" when nothing is owed', async () => {
    fetchMock.mockImplementation(async () => ok({ client, date_start: '2026-01-10', date_now: '2026-11-21', reminders_opt_out: false, dollar_rate: '1', euro_rate: '1', debts: { ...debts, months_owed: 0, owed_usd: '0.00', owed_bs: '0.00' } }));
    show('5', ['clients'], () => null);
    expect(await screen.findByText('Al día')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Registrar pago/ })).not.toBeInTheDocument();
  });

  it('has the tabs 1, 2, 3, 5, 6, 7 and 8 and no tab 4', async () => {
    show('5');
    await screen.findByRole('heading', { name: 'María José Pérez' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Datos Generales', 'Pagos', 'Direcciones de pago', 'Solvencias', 'Notas', 'Bitácoras', 'Login del usuario',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Pagos' }));
    expect(await screen.findByText('Pagos de María José Pérez')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Direcciones de pago' }));
    expect(await screen.findByText('Direcciones de 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Solvencias' }));
    expect(await screen.findByText('Solvencias de 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Bitácoras' }));
    expect(await screen.findByText('Bitácoras de 5')).toBeInTheDocument();
  });

  it('leaves out Bitácoras and Login del usuario without their permissions', async () => {
    show('5', ['clients']);
    await screen.findByRole('heading', { name: 'María José Pérez' });
    expect(screen.queryByRole('tab', { name: 'Bitácoras' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Login del usuario' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
  });

  it('lists the notes cut to 40 characters', async () => {
    show('5');
    await userEvent.click(await screen.findByRole('tab', { name: 'Notas' }));
    const table = await screen.findByRole('table', { name: 'Notas' });
    expect(await within(table).findByText(notePreview(longNote))).toBeInTheDocument();
    expect(notePreview(longNote)).toBe(`${longNote.slice(0, 40)}…`);
    expect(notePreview('Corta')).toBe('Corta');
  });

  it('takes initials from the first and last words', () => {
    expect(initialsOf('María José Pérez')).toBe('MP');
    expect(initialsOf('Abasto')).toBe('A');
  });
});
