import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActiveFilters } from './active-filters';
import type { FilterField } from './filter-drawer';

const fields: FilterField[] = [
  { type: 'select', name: 'status', label: 'Estatus', options: [{ value: '1', label: 'Activo' }, { value: '0', label: 'Inactivo' }] },
  { type: 'date-range', name: 'dates', label: 'Fecha de creación' },
  { type: 'text', name: 'identification', label: 'Identificación' },
  { type: 'select', name: 'bank', label: 'Banco', multiple: true, fetcher: async () => [{ value: 3, label: 'Banesco' }] },
];

function show(filters: Record<string, unknown>, onRemove = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ActiveFilters fields={fields} filters={filters as never} onRemove={onRemove} />
    </QueryClientProvider>,
  );
  return onRemove;
}

describe('ActiveFilters', () => {
  it('names every active filter with its label and the chosen values, and removes one at a time', async () => {
    const onRemove = show({ status: '0', dates: ['01-05-2026', '31-05-2026'], bank: [3, 9] });
    const list = screen.getByRole('list', { name: 'Filtros activos' });
    expect(within(list).getByText('Estatus: Inactivo')).toBeInTheDocument();
    expect(within(list).getByText('Fecha de creación: 01-05-2026 – 31-05-2026')).toBeInTheDocument();
    // A value the server's answer lacks still shows, as itself.
    expect(await within(list).findByText('Banco: Banesco, 9')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(list).getByLabelText('Quitar filtro Fecha de creación'));
    expect(onRemove).toHaveBeenCalledExactlyOnceWith('dates');
  });

  it('shows nothing while no filter is active', () => {
    show({});
    expect(screen.queryByRole('list', { name: 'Filtros activos' })).not.toBeInTheDocument();
  });
});
