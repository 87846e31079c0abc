import { addressMessages } from '@recaudo/domain/addresses';
import { calendarYears } from '@recaudo/domain/months';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { AddressMonths } from './address-months';
import { makeAddress, NOW } from './address-fixtures';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());

const CHANGE = '/api/addresses-payment/change-status-payments-multiple-months';
let answer: () => Response = () => notFound();
const api = installFakeApi((url) => (url === CHANGE ? answer() : notFound()));
const sentBodies = () => api.fetch.mock.calls.filter(([url]) => url === CHANGE).map(([, init]) => JSON.parse(init!.body as string));

const staff = makeSession({ permissions: ['clients', 'edit_address_payment'] });
const month = (name: string | RegExp) => screen.getByRole('button', { name });

describe('AddressMonths', () => {
  it('sends the covered months with the toggles applied, after the confirmation, and shows the new count', async () => {
    const after = calendarYears('2025-11', ['2025-12', '2026-01', '2026-02', '2026-03', '2026-06'].map((value) => ({ month: value, payment_id: value === '2026-01' ? 12 : null, pending: false })), NOW);
    answer = () => ok({ payments: after, months_to_pay: 2 }, addressMessages.monthsUpdated);
    const onChanged = vi.fn();
    renderApp(<AddressMonths address={makeAddress()} onChanged={onChanged} />, { session: staff });
    expect(screen.getByText('Meses por pagar: 5')).toBeInTheDocument();
    expect(screen.getByText('No solvente')).toBeInTheDocument();
    const update = screen.getByRole('button', { name: 'Actualizar meses de pago' });
    expect(update).toBeDisabled();

    await userEvent.click(month('Febrero 2026: pendiente por pagar'));
    await userEvent.click(month('Marzo 2026: pendiente por pagar'));
    await userEvent.click(month('Junio 2026: mes por vencer'));
    await userEvent.click(screen.getByRole('tab', { name: '2025' }));
    await userEvent.click(month('Noviembre 2025: pagado'));
    await userEvent.click(month('Diciembre 2025: pendiente por pagar'));
    expect(update).toBeEnabled();
    await userEvent.click(update);

    const dialog = await screen.findByRole('dialog', { name: 'Actualizar meses de pago' });
    expect(within(dialog).getByText('¿Estas seguro de hacer el cambio?')).toBeInTheDocument();
    expect(within(dialog).getByText('Marcar como pagados: 12-2025, 02-2026, 03-2026, 06-2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Desmarcar: 11-2025')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Actualizar' }));

    await waitFor(() => expect(api.success).toHaveBeenCalledWith(addressMessages.monthsUpdated));
    expect(sentBodies()).toEqual([
      {
        client_id: 7,
        address_id: 31,
        selected_months: [
          { year: 2025, months: [12] },
          { year: 2026, months: [1, 2, 3, 6] },
        ],
      },
    ]);
    expect(await screen.findByText('Meses por pagar: 2')).toBeInTheDocument();
    expect(month('Diciembre 2025: pagado')).toHaveAttribute('aria-pressed', 'false');
    expect(month('Noviembre 2025: pendiente por pagar')).toBeInTheDocument();
    expect(update).toBeDisabled();
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("keeps the toggles and shows the server's refusal when a month belongs to a payment", async () => {
    const refusal = addressMessages.monthHeldByPayment('2026-01', 12);
    answer = () => new Response(JSON.stringify({ success: false, message: refusal, errors: { selected_months: [refusal] } }), { status: 422 });
    renderApp(<AddressMonths address={makeAddress()} />, { session: staff });
    await userEvent.click(month('Enero 2026: pagado, pago #12'));
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar meses de pago' }));
    // Under test antd gives every generated id the same value, so the month's tooltip would name
    // the dialog too: find it by role and read its title.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Actualizar meses de pago')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Actualizar' }));

    await waitFor(() => expect(api.error).toHaveBeenCalledWith(refusal, [refusal]));
    expect(sentBodies()[0].selected_months).toEqual([{ year: 2025, months: [11] }]);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(month('Enero 2026: cambio pendiente (desmarcar), pago #12')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Actualizar meses de pago' })).toBeEnabled();
    expect(screen.getByText('Meses por pagar: 5')).toBeInTheDocument();
  });

  it('discards the pending changes with the reset button', async () => {
    renderApp(<AddressMonths address={makeAddress()} />, { session: staff });
    await userEvent.click(month('Abril 2026: pendiente por pagar'));
    await userEvent.click(screen.getByRole('button', { name: 'Descartar cambios' }));
    expect(month('Abril 2026: pendiente por pagar')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Actualizar meses de pago' })).toBeDisabled();
  });

  it('is read-only for a client user, even one whose role holds edit_address_payment', async () => {
    const client = makeSession({ permissions: ['edit_address_payment'], user: { client_id: 7, type: 'client' } as never });
    renderApp(<AddressMonths address={makeAddress({ months_to_pay: 0, solvent: true })} />, { session: client });
    expect(screen.queryByRole('button', { name: 'Actualizar meses de pago' })).not.toBeInTheDocument();
    await userEvent.click(month('Abril 2026: pendiente por pagar'));
    expect(month('Abril 2026: pendiente por pagar')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Meses por pagar: 0')).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('is read-only for staff without edit_address_payment', () => {
    renderApp(<AddressMonths address={makeAddress()} />, { session: makeSession({ permissions: ['clients'] }) });
    expect(screen.queryByRole('button', { name: 'Actualizar meses de pago' })).not.toBeInTheDocument();
    expect(month('Abril 2026: pendiente por pagar')).toHaveAttribute('aria-disabled', 'true');
  });
});
