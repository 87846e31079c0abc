import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../lib/notify';
import { setToken } from '../lib/storage';
import { ExportButton } from './export-button';

const errorToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const params = { search: 'san', filters: { state_id: 7, dates: ['01-01-2026', '31-01-2026'] } };

beforeEach(() => {
  setToken('token-1');
  registerNotifier({ error: errorToast, success: vi.fn() });
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  errorToast.mockReset();
  localStorage.clear();
});

describe('ExportButton', () => {
  it('renders nothing without the export permission', () => {
    render(<ExportButton path="states/export" formats={['csv', 'xlsx']} params={params} allowed={false} />);
    expect(screen.queryByRole('button', { name: /Exportar/ })).not.toBeInTheDocument();
  });

  it('offers only the allowed formats and downloads with the list search, filters and type_format', async () => {
    fetchMock.mockResolvedValue(
      new Response('ID,Nombre\n1,San Blas\n', { status: 200, headers: { 'content-disposition': "attachment; filename=\"Estados.csv\"; filename*=UTF-8''Estados.csv" } }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<ExportButton path="states/export" formats={['csv', 'xlsx']} params={params} allowed />);
    await userEvent.click(screen.getByRole('button', { name: /Exportar/ }));
    expect(await screen.findByText('CSV')).toBeInTheDocument();
    expect(screen.getByText('Excel (xlsx)')).toBeInTheDocument();
    expect(screen.queryByText('PDF')).not.toBeInTheDocument();

    await userEvent.click(screen.getByText('CSV'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = decodeURIComponent(String(fetchMock.mock.calls[0]![0]));
    expect(url).toBe('/api/states/export?search=san&filters[state_id]=7&filters[dates][]=01-01-2026&filters[dates][]=31-01-2026&type_format=csv');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('Estados.csv');
    click.mockRestore();
  });

  it('shows the download failure text when the export fails', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: false, message: 'Error' }), { status: 500 }));
    render(<ExportButton path="logs/export" formats={['pdf']} params={{ search: '' }} allowed />);
    await userEvent.click(screen.getByRole('button', { name: /Exportar PDF/ }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Hubo un error al descargar el archivo', []));
  });
});
