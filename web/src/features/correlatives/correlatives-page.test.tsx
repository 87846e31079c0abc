import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { ContinuitySummary } from '@recaudo/domain/correlatives';
import type { ContinuityReport, CorrelativeRow } from './api';
import CorrelativesPage from './correlatives-page';
import { chooseRowAction, findSettledRow } from '../../test/row-actions';


const row: CorrelativeRow = { id: 4, serie: 'A', number: '00000123', number_credit_note: '0007', number_debit_note: '0000', number_delivery_note: '00000012', count_payments: 0 };

const emptySummary = (type_document: ContinuitySummary['type_document']): ContinuitySummary => ({
  type_document,
  counter: '0000',
  first: null,
  last: null,
  count: 0,
  cancelled: 0,
  missing: 0,
  gaps: [],
  duplicates: [],
});

const document = (number: string, status: 'issued' | 'cancelled', duplicate = false) =>
  ({ type_document: '01', number, number_to: null, control_number: `C-${number}`, date: '2026-11-20', status, printer_status: status === 'issued' ? 200 : 800, payment_id: 7, document_id: 9, duplicate }) as const;

/** Invoices 121–123 with 122 cancelled, then 125 twice and 124 missing; no credit notes. */
const continuity: ContinuityReport = {
  serie: { id: 4, serie: 'A' },
  summary: [
    { ...emptySummary('01'), counter: '00000125', first: '00000121', last: '00000125', count: 5, cancelled: 1, missing: 1, gaps: [{ from: '00000124', to: '00000124' }], duplicates: [{ number: '00000125', times: 2 }] },
    { ...emptySummary('02'), counter: '0007', first: '0001', last: '0007', count: 7 },
    emptySummary('03'),
    emptySummary('04'),
  ],
  documents: {
    data: [
      document('00000121', 'issued'),
      document('00000122', 'cancelled'),
      document('00000123', 'issued'),
      { ...document('00000124', 'issued'), number_to: '00000124', status: 'missing', control_number: null, date: null, printer_status: null, payment_id: null, document_id: null },
      document('00000125', 'issued', true),
    ],
    current_page: 1,
    per_page: 10,
    total: 5,
    last_page: 1,
  },
};

function route(url: string): Response {
  if (url.startsWith('/api/correlatives/continuity/4?')) return ok(continuity);
  if (url.startsWith('/api/correlatives?')) return ok({ data: [row], current_page: 1, per_page: 10, total: 1, last_page: 1 });
  if (url === '/api/correlatives/store') return ok({ id: 5 }, 'Correlativo creado');
  return notFound();
}

const { fetch: fetchMock, success: successToast } = installFakeApi(route);

describe('Correlativos', () => {
  it('shows the counters with their leading zeros', async () => {
    renderApp(<CorrelativesPage />, { path: '/correlatives', session: makeSession({ permissions: ['correlatives'] }) });
    const tableRow = await findSettledRow('00000123');
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
    const tableRow = await findSettledRow('00000123');
    await chooseRowAction(tableRow, 'Editar');
    const panel = await screen.findByRole('dialog', { name: 'Editar correlativo' });
    expect(within(panel).getByLabelText('Serie')).toHaveValue('A');
    expect(within(panel).getByLabelText('Número de factura')).toHaveValue('00000123');
  });

  it('opens the continuity of a series: the anomalies spelled out, the cancelled number shown, and the clean verdict on another type', async () => {
    renderApp(<CorrelativesPage />, { path: '/correlatives', session: makeSession({ permissions: ['correlatives', 'export_correlatives'] }) });
    const tableRow = await findSettledRow('00000123');
    await userEvent.click(within(tableRow).getByRole('button', { name: /Continuidad/ }));
    const panel = await screen.findByRole('dialog', { name: 'Continuidad de la serie A' });
    expect(await within(panel).findByText('Revisa la numeración: 1 número falta y 1 número se repite')).toBeInTheDocument();
    expect(within(panel).getByText('Falta el número 00000124')).toBeInTheDocument();
    expect(within(panel).getByText('El número 00000125 aparece 2 veces')).toBeInTheDocument();
    const table = within(panel).getByRole('table', { name: 'Numeración de facturas' });
    // The rows render in a deferred pass after the table (DataTable, useDeferredValue).
    expect((await within(table).findByText('00000122')).closest('tr')).toHaveTextContent('Anulado');
    expect(within(table).getByText('00000124').closest('tr')).toHaveTextContent('Faltante');
    expect(within(table).getByText('00000125').closest('tr')).toHaveTextContent('Duplicado');
    expect(within(panel).getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/correlatives/continuity/4?'))!;
    expect(new URL(asked, 'http://localhost').searchParams.get('type_document')).toBe('01');

    await userEvent.click(within(panel).getByRole('tab', { name: 'Notas de crédito' }));
    expect(await within(panel).findByText('Sin saltos ni duplicados')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('tab', { name: 'Notas de débito' }));
    expect(await within(panel).findByText('Sin documentos')).toBeInTheDocument();
  });

  it('offers the continuity without the edit permissions and hides its export without export_correlatives', async () => {
    renderApp(<CorrelativesPage />, { path: '/correlatives', session: makeSession({ permissions: ['correlatives'] }) });
    const tableRow = await findSettledRow('00000123');
    expect(within(tableRow).queryByRole('button', { name: /Editar/ })).not.toBeInTheDocument();
    await userEvent.click(within(tableRow).getByRole('button', { name: /Continuidad/ }));
    const panel = await screen.findByRole('dialog', { name: 'Continuidad de la serie A' });
    expect(await within(panel).findByText('Falta el número 00000124')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
  });
});
