import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bankMessages } from '@recaudo/domain/bank-operations';
import { caracas } from '@recaudo/domain/dates';
import { describe, expect, it } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import BankOperationsPage from './bank-operations-page';
import ConciliationsPage from './conciliations-page';

const movement = (index: number, mov: 'CREDITO' | 'DEBITO') => ({
  referencia: `0134${String(100000000 + index)}`,
  nroMov: `202611240${String(index).padStart(3, '0')}`,
  descripcion: mov === 'CREDITO' ? 'PAGO MOVIL INTERBANCARIO RECIBIDO' : 'COMISION PAGO MOVIL COMERCIO',
  fecha: '2026-11-24',
  hora: '1032',
  mov,
  saldo: '217.947.805,89',
  importe: mov === 'CREDITO' ? '1.825,00' : '-5,48',
  observacion: `PAGOMOVIL OTROS BANCOS 0134 0414123456${index % 10}`,
});
const movs = Array.from({ length: 12 }, (_, index) => movement(index + 1, index % 2 ? 'DEBITO' : 'CREDITO'));

const conciliation = {
  id: 5,
  client_id: 7,
  client: { id: 7, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678' },
  user: { id: 3, name: 'Carlos Cajero' },
  reference: '12345678',
  payment_date: '2026-11-24',
  amount: '182.50',
  origin_bank: '0134',
  origin_bank_name: 'Banesco',
  pay_phone: '04141234567',
  success: false,
  processed_at: '2026-11-24T14:00:00.000Z',
  error_code: 'AMOUNT_MISMATCH',
  error_message: 'monto : 180.00 - estatus : Transacción realizada',
  response_data: { http_status: 200, body: { code: 1010, message: 'monto : 180.00 - estatus : Transacción realizada', data: null } },
  payment_id: null,
};

let movementsAnswer: () => Response = () => ok({ movs, totalOfMovements: movs.length });
let listAnswer: () => Response = () => ok({ data: [conciliation], current_page: 1, per_page: 15, total: 1, last_page: 1 });
const api = installFakeApi((url) => {
  if (url === '/api/bank-operations/movements') return movementsAnswer();
  if (url.startsWith('/api/conciliations/statistics')) {
    return ok({ attempts: 9, conciliated: 4, failed: 5, amount_conciliated: '1825.00', failures_by_code: { ALREADY_CONCILIATED: 1, RECORD_NOT_FOUND: 2, AMOUNT_MISMATCH: 2, VALIDATION_ERROR: 0, BDV_SERVER_ERROR: 0, CONNECTION_ERROR: 0 } });
  }
  if (url === '/api/conciliations/5') return ok(conciliation);
  if (url.startsWith('/api/conciliations')) return listAnswer();
  return notFound();
});

async function askRange(from: string, to: string) {
  const start = screen.getByPlaceholderText('Desde');
  const end = screen.getByPlaceholderText('Hasta');
  await userEvent.click(start);
  fireEvent.change(start, { target: { value: from } });
  fireEvent.keyDown(start, { key: 'Enter' });
  fireEvent.change(end, { target: { value: to } });
  fireEvent.keyDown(end, { key: 'Enter' });
  await userEvent.click(screen.getByRole('button', { name: /Consultar/ }));
}

describe('Operaciones Bancarias', () => {
  const session = makeSession({ permissions: ['view_bank_operations'] });
  const from = caracas().subtract(5, 'day').format('DD/MM/YYYY');
  const to = caracas().subtract(1, 'day').format('DD/MM/YYYY');

  it('asks for the date range before calling the bank', async () => {
    renderApp(<BankOperationsPage />, { path: '/bank-operations', session });
    // Before any query the empty table says what to do, not that nothing was found.
    expect(screen.getByText('Elige un rango de fechas y pulsa Consultar')).toBeInTheDocument();
    expect(screen.queryByText(bankMessages.noMovements)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Consultar/ }));
    expect(await screen.findByText(bankMessages.rangeRequired)).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows the movements with their type colour and time, filters and pages them locally', async () => {
    renderApp(<BankOperationsPage />, { path: '/bank-operations', session });
    await askRange(from, to);
    await waitFor(() => expect(api.fetch).toHaveBeenCalled());
    const body = JSON.parse(api.fetch.mock.calls[0]![1]!.body as string);
    expect(body).toEqual({ dateInit: from, dateEnd: to, currencyType: 'VES', movementNumber: '' });
    const table = (await screen.findByText('0134100000001')).closest('table')!;
    expect(within(table).getAllByText('24-11-2026 10:32 am').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('BS 1.825,00').length).toBe(5);
    expect(screen.getByText('1-10 de 12')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Filtrar movimientos' }), 'COMISION');
    await waitFor(() => expect(within(table).queryByText('CREDITO')).not.toBeInTheDocument());
    expect(within(table).getAllByText('DEBITO')).toHaveLength(6);
  });

  it('says when there are no movements and when the bank fails', async () => {
    movementsAnswer = () => ok({ movs: [], totalOfMovements: 0 });
    const view = renderApp(<BankOperationsPage />, { path: '/bank-operations', session });
    await askRange(from, to);
    expect(await screen.findByText(bankMessages.noMovements)).toBeInTheDocument();
    expect(screen.queryByText(bankMessages.askRange)).not.toBeInTheDocument();
    view.unmount();
    movementsAnswer = () => new Response(JSON.stringify({ success: false, message: 'Error al consultar movimientos: El banco respondió HTTP 500' }), { status: 502 });
    renderApp(<BankOperationsPage />, { path: '/bank-operations', session });
    await askRange(from, to);
    await waitFor(() => expect(api.error).toHaveBeenCalledWith('Error al consultar movimientos: El banco respondió HTTP 500', undefined));
    expect(await screen.findByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });
});

describe('Conciliaciones Bancarias', () => {
  const session = makeSession({ permissions: ['view_conciliations', 'export_conciliations'] });

  it('shows the statistics cards, the attempts and one attempt\'s details', async () => {
    renderApp(<ConciliationsPage />, { path: '/conciliations', session });
    expect(await screen.findByText('Luisa Mendoza (V-12345678)')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '0134 · Banesco' })).toBeInTheDocument();
    expect(screen.getByText('Intentos')).toBeInTheDocument();
    expect(await screen.findByText('9')).toBeInTheDocument();
    expect(screen.getByText('BS 1.825,00')).toBeInTheDocument();
    expect(screen.getByText('No encontrado: 2')).toBeInTheDocument();
    const listCall = api.fetch.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/conciliations?'))!;
    expect(listCall).toContain('per_page=15');
    await userEvent.click(screen.getByRole('button', { name: 'Ver detalles de la conciliación 12345678' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Carlos Cajero')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('monto : 180.00 - estatus : Transacción realizada');
    expect(dialog).toHaveTextContent('Monto incorrecto');
    expect(dialog).toHaveTextContent('Banco de origen0134 · Banesco');
    // What the bank answered reads as labelled fields, not as JSON.
    expect(dialog).toHaveTextContent('Estado HTTP200');
    expect(dialog).toHaveTextContent('Código del banco1010');
    expect(dialog).toHaveTextContent('Mensaje del bancomonto : 180.00');
    expect(dialog).not.toHaveTextContent('http_status');
    expect(dialog).not.toHaveTextContent('{');
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
  });

  it('says the list could not load', async () => {
    listAnswer = () => new Response(JSON.stringify({ success: false, message: 'Error de servidor interno' }), { status: 500 });
    renderApp(<ConciliationsPage />, { path: '/conciliations', session: makeSession({ permissions: ['view_conciliations'] }) });
    await waitFor(() => expect(api.error).toHaveBeenCalledWith(bankMessages.conciliationsFailed, undefined));
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
  });
});
