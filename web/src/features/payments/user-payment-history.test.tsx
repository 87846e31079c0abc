import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { paymentRow } from './payment-fixtures';
import { UserPaymentHistory } from './user-payment-history';
import { tableSettled } from '../../test/row-actions';

const rows = [
  paymentRow({ id: 1, status: 1, number_correlative: '00000101' }),
  paymentRow({ id: 2, status: 2, number_correlative: '00000102', observations: 'Pago por transferencia del hijo', months_payment: ['2026-01'] }),
];

const api = installFakeApi((url) => {
  const decoded = decodeURIComponent(url);
  if (decoded.startsWith('/api/payments/history-status?')) {
    if (decoded.includes('user_id=404')) return new Response(JSON.stringify({ success: false, message: 'No se ha encontrado el usuario' }), { status: 404 });
    const status = /[?&]status=(\d)/.exec(decoded)?.[1];
    const found = rows.filter((row) => status === undefined || row.status === Number(status));
    return ok({ data: found, current_page: 1, per_page: 10, total: found.length, last_page: 1 });
  }
  return notFound();
});

const show = (userId: number) => renderApp(<UserPaymentHistory userId={userId} />, { session: makeSession({ permissions: ['payments', 'logs'] }) });
const historyCalls = () =>
  api.fetch.mock.calls.map(([url]) => decodeURIComponent(String(url))).filter((url) => url.startsWith('/api/payments/history-status?'));

describe('Historial de pagos of a user', () => {
  it('lists the user’s approved payments, asks again for another status and shows a payment’s details', async () => {
    show(7);
    const table = await screen.findByRole('table', { name: 'Historial de pagos' });
    const approved = (await within(table).findByText('00000101')).closest('tr')!;
    expect(approved).toHaveTextContent('BS 1.234,50');
    expect(approved).toHaveTextContent('Aprobado');
    expect(historyCalls()[0]).toMatch(/user_id=7&status=1$/);

    await userEvent.click(screen.getByLabelText('Estatus'));
    await userEvent.click(await screen.findByTitle('Rechazado'));
    const rejected = (await within(table).findByText('00000102')).closest('tr')!;
    expect(within(table).queryByText('00000101')).not.toBeInTheDocument();
    expect(historyCalls().at(-1)).toMatch(/page=1&.*user_id=7&status=2$/);
    await tableSettled(rejected);

    await userEvent.click(within(rejected).getByRole('button', { name: /Ver detalles/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles del pago Nº 00000102' });
    expect(dialog).toHaveTextContent('Pago por transferencia del hijo');
    expect(dialog).toHaveTextContent('Meses pagados01-2026');
  });

  it('a user the server can’t find: the error toast and the table’s retry', async () => {
    show(404);
    expect(await screen.findByText('No se pudieron cargar los datos.')).toBeInTheDocument();
    expect(api.error).toHaveBeenCalledWith('No encontrado', []);
  });
});
