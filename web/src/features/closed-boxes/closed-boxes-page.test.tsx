import { closedBoxMessages } from '@recaudo/domain/closed-boxes';
import type { PaymentRow } from '@recaudo/domain/payment-rows';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { ClosedBoxListRow } from './api';
import ClosedBoxesPage from './closed-boxes-page';
import type { PaymentListParts } from './closing-payments';
import { PaymentGroupCards } from './payment-group-cards';
import { chooseRowAction, findSettledRow } from '../../test/row-actions';

const ALL = ['closed_boxs', 'add_closed_box', 'edit_closed_box', 'delete_closed_box', 'export_closed_boxs', 'logs'];

const closing: ClosedBoxListRow = {
  id: 7,
  date: '2026-01-15',
  user: { id: 1, name: 'Ana Pérez' },
  user_id: 1,
  type: 0,
  serie_id: 3,
  serie: 'A',
  checkbook_number: '0001',
  lot_number: null,
  reference: null,
  exchange_rate: '36.50',
  file: null,
  status: true,
  version: 4,
  count_bill: 3,
  total_bill: '1410.18',
  total: '1334.71',
  dollar_amount_bill: '38.64',
  dollar_amount_payment: '36.56',
  transfer: '0.00',
  point_of_sale: '1334.71',
  commission: '133.48',
  verify_payments: [{ payment_method_id: 2, terminal: 'T1', lot_number: 'L1' }],
  causer: { id: 1, name: 'Ana Pérez' },
  created_at: '2026-01-15T20:00:00Z',
  counted_cash: { USD: '40.00' },
  money: {
    currencies: [
      { currency: 'VES', tendered: '1334.71', change: '92.35', cash_expected: '-92.35', cash_counted: null, difference: null },
      { currency: 'USD', tendered: '40.00', change: '0.00', cash_expected: '40.00', cash_counted: '40.00', difference: '0.00' },
    ],
    igtf: '8.03',
  },
  payments: [
    {
      payment_method_id: 2,
      terminal: 'T1',
      lot_number: 'L1',
      name: 'Punto de venta',
      currency: 'VES',
      count_payments: 2,
      amount_bill: '110.18',
      amount_payment: '100.15',
      amount_currency: '100.15',
      tax_base_bs: '91.62',
      commission: '10.02',
      verified: true,
    },
    {
      payment_method_id: 2,
      terminal: 'T2',
      lot_number: 'L9',
      name: 'Punto de venta',
      currency: 'VES',
      count_payments: 1,
      amount_bill: '1300.00',
      amount_payment: '1234.56',
      amount_currency: '1234.56',
      tax_base_bs: '1120.92',
      commission: '123.46',
      verified: false,
    },
    {
      // The dollar lines of the closing's payments, one of them paid partly by card.
      payment_method_id: 5,
      terminal: null,
      lot_number: null,
      name: 'Efectivo dólares',
      currency: 'USD',
      count_payments: 2,
      amount_bill: '1388.00',
      amount_payment: '1460.00',
      amount_currency: '40.00',
      tax_base_bs: '1196.55',
      commission: '0.00',
      verified: false,
    },
  ],
};

const totals = { count_payments: 9, amount_bill: '5000.10', amount_payment: '4800.05', dollar_amount_bill: '137.00', dollar_amount_payment: '131.51' };
const unclosed = [
  { id: 31, number_correlative: '00000031' },
  { id: 32, number_correlative: '00000032' },
] as PaymentRow[];

async function route(url: string): Promise<Response> {
  if (url.startsWith('/api/closed-boxs?')) return ok({ data: [closing], current_page: 1, per_page: 10, total: 1, last_page: 1, totals });
  if (url.startsWith('/api/closed-boxs/show')) return ok(closing);
  if (url.startsWith('/api/closed-boxs/payments')) return ok({ data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 });
  if (url.startsWith('/api/bill-payments/not-closed-box')) return ok({ data: unclosed, current_page: 1, per_page: 10, total: 2, last_page: 1 });
  if (url === '/api/bill-payments/add-payment') return ok(null, '2 pagos agregados al cierre de caja');
  if (url === '/api/closed-boxs/change-status-payments') return ok({ changed: 1 }, 'Pagos aprobados');
  if (url === '/api/closed-boxs/unverify-payments') return ok(null, closedBoxMessages.unverified);
  if (url === '/api/closed-boxs/store' || url === '/api/closed-boxs/update') return ok({ id: 7 }, 'Cierre de caja actualizado');
  if (url.startsWith('/api/users/all-selects')) return ok([{ id: 1, name: 'Ana Pérez' }]);
  if (url.startsWith('/api/correlatives/selects')) return ok([{ id: 3, serie: 'A' }]);
  if (url === '/api/configurations/exchange-rate') return ok({ dollar_rate: '245.67', euro_rate: '260.10' });
  return notFound();
}

const api = installFakeApi(route);
const parts: PaymentListParts = {
  columns: [{ title: 'Nº documento', dataIndex: 'number_correlative', key: 'number_correlative' }],
  details: (payment) => `Nº control ${payment.number ?? 'VACIO'}`,
  filters: [],
};
const callsTo = (path: string) => api.fetch.mock.calls.filter(([url]) => url === path);

describe('Cierres de Caja', () => {
  it('shows the footer totals of the whole list and the groups, green when verified and red when not', async () => {
    renderApp(<ClosedBoxesPage paymentParts={parts} />, { path: '/closed-boxs', session: makeSession({ permissions: ALL }) });
    const footer = await screen.findByLabelText('Totales de los cierres');
    expect(footer).toHaveTextContent('Pagos: 9');
    expect(footer).toHaveTextContent('Monto pagado: BS 4.800,05');
    expect(footer).toHaveTextContent('Pagado $: $ 131,51');
    const row = await findSettledRow('Ana Pérez');
    expect(row).toHaveTextContent('BS 1.334,71');
    await userEvent.click(within(row).getByRole('button', { name: /expandir|expand/i }));
    const verified = await screen.findByLabelText('Grupo Punto de venta · Terminal T1 · Lote L1 verificado');
    const pending = screen.getByLabelText('Grupo Punto de venta · Terminal T2 · Lote L9 sin verificar');
    expect(verified).toHaveAttribute('data-verified', 'true');
    expect(pending).toHaveAttribute('data-verified', 'false');
    expect(pending).toHaveTextContent('BS 1.120,92');
    expect(pending).not.toHaveTextContent('Cobrado');
    const dollars = screen.getByLabelText('Grupo Efectivo dólares sin verificar');
    expect(dollars).toHaveTextContent('Cobrado ($)$ 40,00');
    expect(dollars).toHaveTextContent('Monto pagadoBS 1.460,00');

    await userEvent.click(within(pending).getByRole('button', { name: /Aprobar Pagos/ }));
    expect(await screen.findByText('¿Estas seguro de hacer el cambio?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Si' }));
    await waitFor(() => expect(callsTo('/api/closed-boxs/change-status-payments')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('/api/closed-boxs/change-status-payments')[0]![1]!.body))).toEqual({
      id: 7,
      payment_method_id: 2,
      terminal: 'T2',
      lot_number: 'L9',
      status: 1,
    });
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Pagos aprobados'));
  });

  it('offers only "Quitar verificación" on a verified group and sends that group with its reason', async () => {
    renderApp(<ClosedBoxesPage paymentParts={parts} />, { path: '/closed-boxs', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Ana Pérez');
    await userEvent.click(within(row).getByRole('button', { name: /expandir|expand/i }));
    const verified = await screen.findByLabelText('Grupo Punto de venta · Terminal T1 · Lote L1 verificado');
    expect(within(verified).queryByRole('button', { name: /Aprobar Pagos/ })).toBeNull();
    expect(within(verified).queryByRole('button', { name: /Rechazar Pagos/ })).toBeNull();
    await userEvent.click(within(verified).getByRole('button', { name: /Quitar verificación/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(closedBoxMessages.unverifyConfirm)).toBeInTheDocument();
    // The reason is required (issue 46): nothing is sent without it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar verificación' }));
    expect(await within(dialog).findByText(closedBoxMessages.unverifyReasonRequired)).toBeInTheDocument();
    expect(callsTo('/api/closed-boxs/unverify-payments')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Lote con monto equivocado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar verificación' }));
    await waitFor(() => expect(callsTo('/api/closed-boxs/unverify-payments')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('/api/closed-boxs/unverify-payments')[0]![1]!.body))).toEqual({
      id: 7,
      payment_method_id: 2,
      terminal: 'T1',
      lot_number: 'L1',
      reason: 'Lote con monto equivocado',
    });
    await waitFor(() => expect(api.success).toHaveBeenCalledWith(closedBoxMessages.unverified));
  });

  it('hides the group actions from a user who may not verify', async () => {
    renderApp(<ClosedBoxesPage paymentParts={parts} />, { path: '/closed-boxs', session: makeSession({ permissions: ['closed_boxs'] }) });
    const row = await findSettledRow('Ana Pérez');
    await userEvent.click(within(row).getByRole('button', { name: /expandir|expand/i }));
    const verified = await screen.findByLabelText('Grupo Punto de venta · Terminal T1 · Lote L1 verificado');
    expect(within(verified).queryByRole('button', { name: /Quitar verificación/ })).toBeNull();
  });

  it('validates the new closing with the server messages and sends the version when editing', async () => {
    renderApp(<ClosedBoxesPage paymentParts={parts} />, { path: '/closed-boxs', session: makeSession({ permissions: ALL }) });
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo cierre/ }));
    const panel = await screen.findByRole('dialog', { name: 'Nuevo cierre de caja' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Número de chequera es obligatorio.')).toBeInTheDocument();
    expect(await within(panel).findByText('El campo Serie es obligatorio.')).toBeInTheDocument();
    // The rate starts as today's dollar rate, so only the chequera and the serie need attention.
    expect(within(panel).getByLabelText('Tasa de cambio')).toHaveValue('245,67');
    expect(within(panel).queryByText('El campo Tasa de cambio es obligatorio.')).not.toBeInTheDocument();
    expect(callsTo('/api/closed-boxs/store')).toHaveLength(0);
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancelar' }));

    const row = await findSettledRow('Ana Pérez');
    await chooseRowAction(row, 'Editar');
    const edit = await screen.findByRole('dialog', { name: 'Editar cierre de caja' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo('/api/closed-boxs/update')).toHaveLength(1));
    const sent = callsTo('/api/closed-boxs/update')[0]![1]!.body as FormData;
    expect(Object.fromEntries(sent.entries())).toMatchObject({
      id: '7',
      version: '4',
      checkbook_number: '0001',
      exchange_rate: '36.50',
      type: '0',
      serie: '3',
      user_id: '1',
      date: '2026-01-15',
    });
  });

  it("starts a new closing from today's dollar rate and the cashier's own series", async () => {
    renderApp(<ClosedBoxesPage paymentParts={parts} />, { path: '/closed-boxs', session: makeSession({ permissions: ALL, user: { correlative_id: 3, use_all_series: false } }) });
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo cierre/ }));
    const panel = await screen.findByRole('dialog', { name: 'Nuevo cierre de caja' });
    await waitFor(() => expect(within(panel).getByLabelText('Tasa de cambio')).toHaveValue('245,67'));
    expect(within(panel).getByTitle('A')).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText('Número de chequera'), '0002');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo('/api/closed-boxs/store')).toHaveLength(1));
    expect(Object.fromEntries((callsTo('/api/closed-boxs/store')[0]![1]!.body as FormData).entries())).toMatchObject({ exchange_rate: '245.67', serie: '3', user_id: '1' });
  });

  it('an empty closing row tells whoever may add payments how, and only says it is empty to the others', () => {
    const empty = { ...closing, payments: [] };
    const adder = renderApp(<PaymentGroupCards closing={empty} canEdit={false} />, { session: makeSession({ permissions: ['closed_boxs', 'add_closed_box'] }) });
    expect(screen.getByText('El cierre de caja no tiene pagos: ábrelo con «Ver pagos» y pulsa «Agregar pagos».')).toBeInTheDocument();
    adder.unmount();
    renderApp(<PaymentGroupCards closing={empty} canEdit={false} />, { session: makeSession({ permissions: ['closed_boxs'] }) });
    expect(screen.getByText('El cierre de caja no tiene pagos')).toBeInTheDocument();
  });

  it("opens a closing's payments and attaches two payments from the 'Pagos' modal", async () => {
    renderApp(<ClosedBoxesPage paymentParts={parts} />, { path: '/closed-boxs', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Ana Pérez');
    await chooseRowAction(row, 'Ver pagos');
    expect(await screen.findByRole('heading', { name: 'Cierre de caja #7' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Totales del cierre')).toHaveTextContent('BS 133,48');
    // An empty closing says what to do next.
    expect(await screen.findByText(closedBoxMessages.noPaymentsInView)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Agregar pagos/ }));
    const modal = await screen.findByRole('dialog', { name: 'Pagos' });
    await within(modal).findByText('00000031');
    // It opens on the approved payments paid on the closing's date (issue 51), filters the cashier sees and can clear.
    const asked = api.fetch.mock.calls.map(([url]) => decodeURIComponent(String(url))).filter((url) => url.startsWith('/api/bill-payments/not-closed-box'));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('filters[status][]=1&filters[dates_payment][]=15-01-2026&filters[dates_payment][]=15-01-2026');
    expect(within(modal).getByRole('button', { name: 'Filtros (2 activos)' })).toBeInTheDocument();
    for (const checkbox of within(modal).getAllByRole('checkbox').slice(1)) await userEvent.click(checkbox);
    await userEvent.click(within(modal).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(callsTo('/api/bill-payments/add-payment')).toHaveLength(1));
    expect(JSON.parse(String(callsTo('/api/bill-payments/add-payment')[0]![1]!.body))).toEqual({ payment_id: [31, 32], closed_box_id: 7 });
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('2 pagos agregados al cierre de caja'));
    await userEvent.click(screen.getByRole('button', { name: 'Volver a los cierres de caja' }));
    expect(await screen.findByRole('heading', { name: 'Cierres de Caja' })).toBeInTheDocument();
  });
});
