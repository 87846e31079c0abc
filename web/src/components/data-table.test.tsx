import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_WIDTH, setWindowWidth } from '../test/viewport';
import { actionsColumn, editAction, deleteAction } from './row-actions';
import { DataTable, type DataTableProps } from './data-table';

interface Row {
  id: number;
  name: string;
}
const rows = (count: number, from = 1): Row[] => Array.from({ length: count }, (_, index) => ({ id: from + index, name: `Fila ${from + index}` }));
const columns = [{ title: 'Nombre', dataIndex: 'name', key: 'name' }];

/** DataTable on the first page of rows keyed by `id`, loaded; `props` give the list and override the rest. */
function renderList<T extends { id: number }>(props: Pick<DataTableProps<T>, 'label' | 'columns' | 'rows' | 'total'> & Partial<DataTableProps<T>>) {
  const handlers = { onRetry: vi.fn(), onPageChange: vi.fn() };
  const view = render(<DataTable<T> rowKey="id" page={1} perPage={10} loading={false} failed={false} {...handlers} {...props} />);
  return { ...handlers, unmount: view.unmount };
}

const renderTable = (props: Partial<DataTableProps<Row>> = {}) => renderList<Row>({ label: 'Filas', columns, rows: rows(10), total: 14, ...props });

describe('DataTable', () => {
  it('shows the "a-b de n" counter and moves between pages', async () => {
    const { onPageChange } = renderTable();
    expect(screen.getByText('1-10 de 14')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(onPageChange).toHaveBeenCalledWith(2, 10);
  });

  it('gives each page number a real address for crawlers, and a click changes the page in place', async () => {
    const { onPageChange } = renderTable({ total: 34 });
    const links = screen.getAllByRole('link').filter((link) => /^\d+$/.test(link.textContent ?? ''));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['?page=1', '?page=2', '?page=3', '?page=4']);
    const before = window.location.href;
    await userEvent.click(screen.getByRole('link', { name: '3' }));
    expect(onPageChange).toHaveBeenCalledWith(3, 10);
    expect(window.location.href).toBe(before);
  });

  it('gives the "•••" that jumps five pages a real address too, and a click jumps in place', async () => {
    const { onPageChange } = renderTable({ total: 200 });
    const jump = document.querySelector<HTMLAnchorElement>('.ant-pagination-jump-next a');
    expect(jump?.getAttribute('href')).toBe('?page=6');
    const before = window.location.href;
    await userEvent.click(jump!);
    expect(onPageChange).toHaveBeenCalledWith(6, 10);
    expect(window.location.href).toBe(before);
  });

  it('names the row checkboxes in Spanish for screen readers, never antd\'s "Select all" / "Select row"', async () => {
    const onChange = vi.fn();
    renderTable({ rows: rows(3), total: 3, rowSelection: { selectedRowKeys: [], onChange } });
    expect(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox', { name: /^Seleccionar fila \d$/ }).map((box) => box.getAttribute('aria-label'))).toEqual([
      'Seleccionar fila 1',
      'Seleccionar fila 2',
      'Seleccionar fila 3',
    ]);
    expect(document.querySelector('[aria-label*="Select"]')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar fila 2' }));
    expect(onChange).toHaveBeenCalledWith([2], [{ id: 2, name: 'Fila 2' }], expect.anything());
  });

  it('renders a new array of the same rows once, and the next page\'s rows once they are in', async () => {
    let cellRenders = 0;
    const counted = [{ title: 'Nombre', dataIndex: 'name', key: 'name', render: (name: string) => (cellRenders++, name) }];
    const first = rows(10);
    const props = { label: 'Filas', columns: counted, rowKey: 'id', total: 14, page: 1, perPage: 10, loading: false, failed: false, onRetry: vi.fn(), onPageChange: vi.fn() };
    const { rerender } = render(<DataTable<Row> {...props} rows={first} />);
    await screen.findByText('Fila 10');

    // A list paged in the browser slices a new array of the same rows on every render: one pass,
    // not a second, deferred one for rows that did not change.
    cellRenders = 0;
    rerender(<DataTable<Row> {...props} rows={[...first]} />);
    await waitFor(() => expect(screen.getByText('Fila 10')).toBeInTheDocument());
    expect(cellRenders).toBe(10);

    rerender(<DataTable<Row> {...props} page={2} rows={rows(4, 11)} />);
    expect(await screen.findByText('Fila 11')).toBeInTheDocument();
    expect(screen.queryByText('Fila 1')).not.toBeInTheDocument();
  });

  it('hides the pagination when everything fits on one page', () => {
    renderTable({ rows: rows(5), total: 5 });
    expect(screen.getByText('Fila 5')).toBeInTheDocument();
    expect(screen.queryByText('1-5 de 5')).not.toBeInTheDocument();
  });

  it('pins a scrollbar to the window’s bottom while a wide table runs past it, and scrolls the table with it', async () => {
    renderTable();
    const content = document.querySelector<HTMLElement>('.ant-table-content')!;
    // jsdom lays nothing out: the table is 1500 px wide in a 1000 px box that ends below the window (768 px high).
    Object.defineProperties(content, { scrollWidth: { value: 1500, configurable: true }, clientWidth: { value: 1000, configurable: true } });
    const box = (bottom: number) => () => ({ top: 200, bottom, left: 240, right: 1240, width: 1000, height: bottom - 200, x: 240, y: 200, toJSON: () => ({}) });
    content.getBoundingClientRect = box(1200);
    fireEvent(window, new Event('resize'));
    const bar = await screen.findByTestId('sticky-scrollbar');
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(bar).toHaveStyle({ position: 'fixed', bottom: '0px', left: '240px', width: '1000px' });
    expect(bar.firstElementChild).toHaveStyle({ width: '1500px' });

    bar.scrollLeft = 300;
    fireEvent.scroll(bar);
    expect(content.scrollLeft).toBe(300);
    content.scrollLeft = 120;
    fireEvent.scroll(content);
    expect(bar.scrollLeft).toBe(120);

    // Once the end of the table is in view, its own scrollbar is.
    content.getBoundingClientRect = box(700);
    fireEvent.scroll(window);
    await waitFor(() => expect(screen.queryByTestId('sticky-scrollbar')).not.toBeInTheDocument());
  });

  it('adds no scrollbar to a table that fits', async () => {
    renderTable();
    const content = document.querySelector<HTMLElement>('.ant-table-content')!;
    Object.defineProperties(content, { scrollWidth: { value: 1000, configurable: true }, clientWidth: { value: 1000, configurable: true } });
    content.getBoundingClientRect = () => ({ top: 200, bottom: 1200, left: 240, right: 1240, width: 1000, height: 1000, x: 240, y: 200, toJSON: () => ({}) });
    fireEvent(window, new Event('resize'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.queryByTestId('sticky-scrollbar')).not.toBeInTheDocument();
  });

  it('empties the table on failure and retries on demand', async () => {
    const { onRetry } = renderTable({ failed: true });
    expect(screen.queryByText('Fila 1')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(onRetry).toHaveBeenCalled();
  });

  describe('on a phone', () => {
    interface Payment {
      id: number;
      number: string;
      client: { name: string };
      amount: string;
    }
    const payments: Payment[] = [
      { id: 1, number: '00000240', client: { name: 'Panadería La Espiga' }, amount: '5.753,86' },
      { id: 2, number: '00000239', client: { name: 'Jesús Rojas' }, amount: '2.948,04' },
    ];
    const edit = vi.fn();
    const remove = vi.fn();
    const paymentColumns = [
      { title: 'Nº documento', dataIndex: 'number', key: 'number' },
      { title: 'Cliente', dataIndex: ['client', 'name'], key: 'client' },
      { title: 'Monto BS', key: 'amount', render: (_: unknown, payment: Payment) => <strong>BS {payment.amount}</strong> },
      ...actionsColumn<Payment>((payment) => [editAction(() => edit(payment.id), true), deleteAction(() => remove(payment.id), true)], true, { fixed: 'right' }),
    ];
    const renderPayments = (props: Partial<DataTableProps<Payment>> = {}) =>
      renderList<Payment>({ label: 'Pagos', columns: paymentColumns, rows: payments, total: 2, ...props });

    it("shows each row as a card with every column's title beside its value and the row's actions, not a table", async () => {
      setWindowWidth(PHONE_WIDTH);
      renderPayments({ footer: (rows) => `Total: ${rows.length} pagos` });
      expect(document.querySelector('.ant-table')).toBeNull();
      const cards = within(screen.getByRole('list', { name: 'Pagos' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      const first = within(cards[0]!);
      const fields = [...cards[0]!.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(fields).toEqual([
        ['Nº documento', '00000240'],
        ['Cliente', 'Panadería La Espiga'],
        ['Monto BS', 'BS 5.753,86'],
      ]);
      await userEvent.click(first.getByRole('button', { name: 'Editar' }));
      expect(edit).toHaveBeenCalledWith(1);
      expect(screen.getByText('Total: 2 pagos')).toBeInTheDocument();
    });

    it('opens a row\'s expanded details under "Ver detalles", and closes them again', async () => {
      setWindowWidth(PHONE_WIDTH);
      renderPayments({ expandable: { expandedRowRender: (payment) => <p>Detalle del pago {payment.number}</p>, rowExpandable: (payment) => payment.id === 1 } });
      const [first, second] = within(screen.getByRole('list', { name: 'Pagos' })).getAllByRole('listitem') as [HTMLElement, HTMLElement];
      expect(within(second).queryByRole('button', { name: 'Ver detalles' })).toBeNull();
      const toggle = within(first).getByRole('button', { name: 'Ver detalles' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByText('Detalle del pago 00000240')).toBeNull();
      await userEvent.click(toggle);
      expect(screen.getByText('Detalle del pago 00000240')).toBeInTheDocument();
      expect(within(first).getByRole('button', { name: 'Ocultar detalles' })).toHaveAttribute('aria-expanded', 'true');
      await userEvent.click(within(first).getByRole('button', { name: 'Ocultar detalles' }));
      expect(screen.queryByText('Detalle del pago 00000240')).toBeNull();
    });

    it('keeps a list whose rows are picked a table, and turns back into a table on a wider window', () => {
      setWindowWidth(PHONE_WIDTH);
      const { unmount } = renderPayments({ rowSelection: { selectedRowKeys: [], onChange: vi.fn() } });
      expect(document.querySelector('.ant-table')).not.toBeNull();
      unmount();
      renderPayments();
      expect(screen.getByRole('list', { name: 'Pagos' })).toBeInTheDocument();
      act(() => setWindowWidth(800));
      expect(screen.queryByRole('list', { name: 'Pagos' })).toBeNull();
      expect(screen.getByRole('table')).toBeInTheDocument();
    });
  });
});
