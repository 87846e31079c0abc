import { currentMonth } from '@recaudo/domain/months';
import type { SalesBookRow, SalesBookTotals } from '@recaudo/domain/sales-book';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { SalesBookPage } from './api';
import SalesBookPageScreen from './sales-book-page';

const zero = '0.00';
const row = (overrides: Partial<SalesBookRow>): SalesBookRow => ({
  id: 1,
  date: '2026-10-02',
  identification: 'J-30000001',
  name: 'Comercial Los Andes',
  type_document: '01',
  transaction: 'registro',
  number: 'F-00000101',
  control_number: '00-00000011',
  affected_invoice: null,
  total: '846.80',
  exempt: zero,
  base_reduced: zero,
  iva_reduced: zero,
  base_general: '730.00',
  iva_general: '116.80',
  base_additional: zero,
  iva_additional: zero,
  withheld: '87.60',
  voucher_number: '20261000000001',
  voucher_date: '2026-10-05',
  igtf: zero,
  ...overrides,
});

const totals: SalesBookTotals = {
  invoices: 2,
  debit_notes: 0,
  credit_notes: 1,
  cancelled: 1,
  vouchers: 0,
  total: '423.40',
  exempt: zero,
  reduced: { base: zero, iva: zero },
  general: { base: '1365.00', iva: '58.40' },
  additional: { base: zero, iva: zero },
  iva: '58.40',
  withheld: '87.60',
  igtf: '12.77',
};

const month: SalesBookPage = {
  data: [
    row({ id: 1 }),
    row({ id: 2, date: '2026-10-10', number: 'F-00000102', control_number: '00-00000012', transaction: 'anulacion', total: zero, base_general: zero, iva_general: zero, withheld: zero, voucher_number: null, voucher_date: null }),
    row({ id: 3, date: '2026-10-12', type_document: '02', transaction: 'complemento', number: 'F-0001', control_number: '00-00000013', affected_invoice: 'F-00000100', total: '-423.40', base_general: '-365.00', iva_general: '-58.40', withheld: zero, voucher_number: null, voucher_date: null, igtf: '-12.78' }),
  ],
  current_page: 1,
  per_page: 10,
  total: 3,
  last_page: 1,
  totals,
};

const empty: SalesBookPage = { data: [], current_page: 1, per_page: 10, total: 0, last_page: 1, totals: { ...totals, invoices: 0, credit_notes: 0, cancelled: 0, total: zero, general: { base: zero, iva: zero }, iva: zero, withheld: zero, igtf: zero } };

const api = installFakeApi((url) => {
  if (!url.startsWith('/api/sales-book?')) return notFound();
  return ok(new URLSearchParams(url.split('?')[1]).get('half') === '2' ? empty : month);
});

const requested = () => api.fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/sales-book?'));

describe('Libro de Ventas', () => {
  it('shows the month’s documents with credit notes negative, the cancelled one marked, and the summary per rate', async () => {
    renderApp(<SalesBookPageScreen />, { path: '/sales-book', session: makeSession({ permissions: ['sales_book'] }) });
    const table = await screen.findByRole('table', { name: 'Libro de Ventas' });
    const credit = (await within(table).findByText('F-0001')).closest('tr')!;
    expect(credit).toHaveTextContent('Nota de crédito');
    expect(credit).toHaveTextContent('12-10-2026');
    expect(credit).toHaveTextContent('F-00000100');
    expect(credit).toHaveTextContent('BS -423,40');
    expect(credit).toHaveTextContent('BS -12,78');
    const cancelled = within(table).getByText(/F-00000102/).closest('tr')!;
    expect(within(cancelled).getByText('Anulada')).toBeInTheDocument();
    const invoice = within(table).getByText('F-00000101').closest('tr')!;
    expect(invoice).toHaveTextContent('20261000000001');
    expect(invoice).toHaveTextContent('05-10-2026');
    expect(within(table).getByRole('columnheader', { name: 'Alícuota general 16 %' })).toBeInTheDocument();

    expect(screen.getByText('Total débito fiscal').closest('tr')).toHaveTextContent('BS 58,40');
    expect(screen.getByText('Base BS 1.365,00 · IVA BS 58,40')).toBeInTheDocument();
    expect(screen.getByText('IGTF percibido').closest('tr')).toHaveTextContent('BS 12,77');
    expect(screen.getByText('2 facturas, 0 notas de débito, 1 nota de crédito (1 anulado), 0 comprobantes de retención de otros períodos')).toBeInTheDocument();
    expect(requested()[0]).toContain(`period=${currentMonth()}`);
    expect(requested()[0]).not.toContain('half=');
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
  });

  it('asks for a half of another month when the accountant picks them', async () => {
    renderApp(<SalesBookPageScreen />, { path: '/sales-book', session: makeSession({ permissions: ['sales_book'] }) });
    await screen.findByText('F-00000101');
    const picker = screen.getByRole('textbox', { name: 'Período' });
    await userEvent.click(picker);
    await userEvent.clear(picker);
    await userEvent.type(picker, '09-2026{Enter}');
    await waitFor(() => expect(requested().at(-1)).toContain('period=2026-09'));
    await userEvent.click(screen.getByText('2ª quincena (16 al fin)'));
    await waitFor(() => expect(requested().at(-1)).toMatch(/period=2026-09.*half=2|half=2.*period=2026-09/));
    expect(await screen.findByText('No hay documentos emitidos en este período.')).toBeInTheDocument();
  });
});
