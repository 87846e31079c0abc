import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';

interface Row {
  id: number;
  name: string;
}
const rows = (count: number, from = 1): Row[] => Array.from({ length: count }, (_, index) => ({ id: from + index, name: `Fila ${from + index}` }));
const columns = [{ title: 'Nombre', dataIndex: 'name', key: 'name' }];

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const handlers = { onRetry: vi.fn(), onPageChange: vi.fn() };
  render(
    <DataTable<Row>
      label="Filas"
      columns={columns}
      rows={rows(10)}
      rowKey="id"
      total={14}
      page={1}
      perPage={10}
      loading={false}
      failed={false}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('DataTable', () => {
  it('shows the "a-b de n" counter and moves between pages', async () => {
    const { onPageChange } = renderTable();
    expect(screen.getByText('1-10 de 14')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(onPageChange).toHaveBeenCalledWith(2, 10);
  });

  it('hides the pagination when everything fits on one page', () => {
    renderTable({ rows: rows(5), total: 5 });
    expect(screen.getByText('Fila 5')).toBeInTheDocument();
    expect(screen.queryByText('1-5 de 5')).not.toBeInTheDocument();
  });

  it('empties the table on failure and retries on demand', async () => {
    const { onRetry } = renderTable({ failed: true });
    expect(screen.queryByText('Fila 1')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(onRetry).toHaveBeenCalled();
  });
});
