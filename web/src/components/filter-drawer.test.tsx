import { caracas } from '@recaudo/domain/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterControls, datePresets, type FilterField } from './filter-drawer';
import { useListState, type ListParams } from './use-list-state';

const fields: FilterField[] = [
  { type: 'select', name: 'active', label: 'Estatus', options: [{ value: 1, label: 'Activo' }, { value: 0, label: 'Inactivo' }] },
  { type: 'select', name: 'state_id', label: 'Estado', fetcher: async () => [] },
  { type: 'text', name: 'reference', label: 'Referencia' },
  { type: 'date-range', name: 'dates', label: 'Fechas' },
];

function Harness({ onParams }: { onParams: (params: ListParams) => void }) {
  const list = useListState();
  const [seen, setSeen] = useState('');
  const text = JSON.stringify(list.params);
  if (text !== seen) {
    setSeen(text);
    onParams(list.params);
  }
  return <FilterControls list={list} fields={fields} />;
}

function renderDrawer() {
  const onParams = vi.fn<(params: ListParams) => void>();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness onParams={onParams} />
    </QueryClientProvider>,
  );
  return { onParams, lastParams: () => onParams.mock.calls.at(-1)![0] };
}

describe('FilterDrawer', () => {
  it('keeps "Quitar filtros" disabled until a filter is set, then clears every filter', async () => {
    const { lastParams } = renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const clear = await screen.findByRole('button', { name: 'Quitar filtros' });
    expect(clear).toBeDisabled();

    await userEvent.click(screen.getByLabelText('Estatus'));
    await userEvent.click(await screen.findByTitle('Inactivo'));
    await waitFor(() => expect(lastParams().filters).toEqual({ active: 0 }));
    expect(screen.getByRole('button', { name: 'Quitar filtros' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Filtros (1 activos)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(lastParams().filters).toBeUndefined());
    expect(screen.getByRole('button', { name: 'Quitar filtros' })).toBeDisabled();
  });

  it('waits 700 ms after typing before a text filter applies', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { lastParams } = renderDrawer();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Filtros' }));
      await user.type(await screen.findByLabelText('Referencia'), '00123');
      expect(lastParams().filters).toBeUndefined();
      await act(async () => {
        vi.advanceTimersByTime(750);
      });
      await waitFor(() => expect(lastParams().filters).toEqual({ reference: '00123' }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers the presets Hoy, Ayer, En la semana, En el mes, En el año and sends DD-MM-YYYY pairs', async () => {
    expect(datePresets().map((preset) => preset.label)).toEqual(['Hoy', 'Ayer', 'En la semana', 'En el mes', 'En el año']);
    const { lastParams } = renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await userEvent.click(await screen.findByLabelText('Fechas'));
    for (const label of ['Hoy', 'Ayer', 'En la semana', 'En el mes', 'En el año']) expect(await screen.findByText(label)).toBeInTheDocument();
    await userEvent.click(screen.getByText('Ayer'));
    const yesterday = caracas().subtract(1, 'day').format('DD-MM-YYYY');
    await waitFor(() => expect(lastParams().filters).toEqual({ dates: [yesterday, yesterday] }));
  });

  it('shows "No se han encontrado datos" when a loaded select has no options', async () => {
    renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    await userEvent.click(await screen.findByLabelText('Estado'));
    expect(await screen.findByText('No se han encontrado datos')).toBeInTheDocument();
  });
});
