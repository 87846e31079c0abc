import { agreementMessages } from '@recaudo/domain/payment-agreements';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addMonths, calendarYears, currentMonth } from '@recaudo/domain/months';
import { addressRow } from '../../test/address-rows';
import { agreementDetail, agreementRow } from '../../test/agreement-fixtures';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { chooseRowAction, findSettledRow, rowActionNames } from '../../test/row-actions';
import { pick } from '../../test/select-option';
import { AgreementsSection } from './agreements-section';

const row = agreementRow();

const detail = agreementDetail({
  months: [
    { month: '2026-08', price_usd: '12.50', surcharge_usd: '0.00' },
    { month: '2026-09', price_usd: '12.50', surcharge_usd: '0.00' },
    { month: '2026-10', price_usd: '12.50', surcharge_usd: '0.00' },
    { month: '2026-11', price_usd: '12.50', surcharge_usd: '0.00' },
  ],
});

const owing = addressRow({ id: 3, address: 'Calle 9, casa 1', months_to_pay: 4, solvent: false });
const upToDate = addressRow({ id: 4, address: 'Calle 3, casa 12', months_to_pay: 1, solvent: false });
// Owing its last three months, the two oldest with a late-payment surcharge (issue 50).
const LATE: Record<string, string> = { [addMonths(currentMonth(), -2)]: '1.00', [addMonths(currentMonth(), -1)]: '0.50' };
const late = addressRow({
  id: 6,
  address: 'Calle 11, casa 2',
  months_to_pay: 3,
  solvent: false,
  start_month: addMonths(currentMonth(), -2),
  payments: calendarYears(addMonths(currentMonth(), -2), [], new Date(), null, { price_usd: '12.50', toward_oldest_usd: null, surcharge_of: (month) => LATE[month] ?? null }),
});

let stored: unknown = null;
let cancelled: unknown = null;
let storeAnswer: () => Response = () => ok(detail, agreementMessages.created);
const api = installFakeApi(async (url, init) => {
  if (url.startsWith('/api/payment-agreements/store')) {
    stored = JSON.parse(String(init?.body));
    return storeAnswer();
  }
  if (url.startsWith('/api/payment-agreements/cancel')) {
    cancelled = JSON.parse(String(init?.body));
    return ok(null, agreementMessages.cancelled);
  }
  if (url.startsWith('/api/payment-agreements/5')) return ok(detail);
  if (url.startsWith('/api/payment-agreements?')) return ok({ data: [row], current_page: 1, per_page: 100, total: 1, last_page: 1 });
  if (url.startsWith('/api/addresses-payment/address-client/10')) return ok([owing, upToDate, late]);
  return notFound();
});

const staff = (permissions: string[]) => makeSession({ permissions });

describe('Convenios de pago (staff)', () => {
  it('lists the client’s agreements with their figures and shows the installments of one', async () => {
    renderApp(<AgreementsSection clientId={10} />, { session: staff(['clients', 'payment_agreements']) });
    const listed = await findSettledRow('Av. Principal, casa 4');
    expect(within(listed).getByText('Vigente')).toBeInTheDocument();
    expect(within(listed).getByText('$ 50,00')).toBeInTheDocument();
    expect(within(listed).getByText('$ 20,00')).toBeInTheDocument();
    expect(await within(listed).findByText('0 de 2 cuotas pagadas')).toBeInTheDocument();
    expect(api.fetch.mock.calls.some(([url]) => String(url).includes('filters%5Bclient_id%5D=10') || String(url).includes('filters[client_id]=10'))).toBe(true);

    await chooseRowAction(listed, 'Ver');
    const dialog = await screen.findByRole('dialog', { name: 'Convenio de pago' });
    const table = await within(dialog).findByRole('table', { name: 'Cuotas del convenio' });
    const second = within(table).getByText('Cuota 1').closest('tr')!;
    expect(within(second).getByText('02-12-2026')).toBeInTheDocument();
    expect(within(second).getByText('Abonada')).toBeInTheDocument();
    expect(within(table).getByText('Cuota inicial')).toBeInTheDocument();
  });

  it('signs a new agreement on an address owing 3 months or more, showing its debt and schedule, and puts the server’s 422 on its field', async () => {
    stored = null;
    storeAnswer = () =>
      new Response(JSON.stringify({ success: false, message: agreementMessages.firstDueDatePast, errors: { first_due_date: [agreementMessages.firstDueDatePast] } }), {
        status: 422,
      });
    renderApp(<AgreementsSection clientId={10} />, { session: staff(['clients', 'payment_agreements']) });
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo convenio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo convenio de pago' });
    // Only the address owing 4 months is offered: the other owes 1.
    await pick(dialog, 'Dirección de pago', 'Calle 9, casa 1 — debe 4 meses');
    expect(document.querySelector('.ant-select-item-option[title^="Calle 3, casa 12"]')).toBeNull();
    expect(await within(dialog).findByText('$ 50,00')).toBeInTheDocument();
    const count = within(dialog).getByLabelText('Número de cuotas');
    await userEvent.clear(count);
    await userEvent.type(count, '4');
    const schedule = await within(dialog).findByRole('table', { name: 'Cuotas del convenio' });
    await waitFor(() => expect(within(schedule).getAllByText('$ 12,50')).toHaveLength(4));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar convenio' }));
    expect(await within(dialog).findByText(agreementMessages.firstDueDatePast)).toBeInTheDocument();
    expect(stored).toMatchObject({ address_payment_id: 3, down_payment_usd: '0', installments: 4 });
    expect((stored as { first_due_date: string }).first_due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('dialog', { name: 'Nuevo convenio de pago' })).toBeInTheDocument();

    storeAnswer = () => ok(detail, agreementMessages.created);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar convenio' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith(agreementMessages.created));
  });

  it('shows the debt of an address that owes a surcharge with it, as the server freezes it at signing', async () => {
    renderApp(<AgreementsSection clientId={10} />, { session: staff(['clients', 'payment_agreements']) });
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo convenio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo convenio de pago' });
    await pick(dialog, 'Dirección de pago', 'Calle 11, casa 2 — debe 3 meses');
    // 3 × $ 12,50 and $ 1,50 of surcharge.
    expect(await within(dialog).findByText('$ 39,00')).toBeInTheDocument();
  });

  it('refuses in the form a down payment at or above the debt, with the server’s words, and sends nothing', async () => {
    stored = null;
    renderApp(<AgreementsSection clientId={10} />, { session: staff(['clients', 'payment_agreements']) });
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo convenio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo convenio de pago' });
    await pick(dialog, 'Dirección de pago', 'Calle 9, casa 1 — debe 4 meses');
    const down = within(dialog).getByLabelText('Cuota inicial (USD)');
    await userEvent.clear(down);
    await userEvent.type(down, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar convenio' }));
    expect(await within(dialog).findByText(agreementMessages.downPaymentAboveDebt('50.00'))).toBeInTheDocument();
    expect(stored).toBeNull();
  });

  it('cancels a current agreement after confirming', async () => {
    cancelled = null;
    renderApp(<AgreementsSection clientId={10} />, { session: staff(['clients', 'payment_agreements']) });
    await chooseRowAction(await findSettledRow('Av. Principal, casa 4'), 'Anular');
    const confirm = await screen.findByRole('dialog', { name: '¿Seguro de anular el convenio de pago?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Anular' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith(agreementMessages.cancelled));
    expect(cancelled).toEqual({ id: 5 });
  });

  it('without payment_agreements a reader sees the agreements but neither «Nuevo convenio» nor «Anular»', async () => {
    renderApp(<AgreementsSection clientId={10} />, { session: staff(['clients']) });
    const listed = await findSettledRow('Av. Principal, casa 4');
    expect(screen.queryByRole('button', { name: 'Nuevo convenio' })).not.toBeInTheDocument();
    expect(await rowActionNames(listed)).toEqual(['Ver', 'Descargar PDF', 'Enviar por correo']);
    expect(within(listed).getByRole('button', { name: 'Ver' })).toBeInTheDocument();
  });
});
