import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { BackupRow } from './api';
import BackupsPage from './backups-page';
import { chooseRowAction } from '../../test/row-actions';

const OLD = 'recaudo-2026-11-24T06-00-00Z-a1b2c3.jsonl.gz';
const NEW = 'recaudo-2026-11-25T06-00-00Z-d4e5f6.jsonl.gz';
let stored: BackupRow[] = [];
let finishCreate: (() => void) | null = null;

function route(url: string, init?: RequestInit): Response | Promise<Response> {
  const method = init?.method ?? 'GET';
  if (url === '/api/backups' && method === 'GET') return ok(stored);
  if (url === '/api/backups' && method === 'POST') {
    return new Promise((resolve) => {
      finishCreate = () => {
        stored = [{ name: NEW, size: 5_400_000 }, ...stored];
        resolve(ok(stored[0], 'Respaldo creado'));
      };
    });
  }
  if (url === '/api/backups' && method === 'DELETE') {
    const { path } = JSON.parse(String(init?.body)) as { path: string };
    stored = stored.filter((row) => row.name !== path);
    return ok(null, 'Respaldo eliminado');
  }
  if (url.startsWith('/api/backups/download?')) {
    return new Response(new Blob(['gz']), { status: 200, headers: { 'content-disposition': `attachment; filename="${OLD}"` } });
  }
  return notFound();
}

const api = installFakeApi(route);
const session = makeSession({ permissions: ['backups'] });

describe('Respaldos', () => {
  it('lists each backup by name and size, and creates one with feedback while it runs', async () => {
    stored = [{ name: OLD, size: 1536 }];
    renderApp(<BackupsPage />, { path: '/backups', session });
    expect(await screen.findByText(OLD)).toBeInTheDocument();
    expect(screen.getByText('1,5 KB')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Respaldos' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Crear respaldo/ }));
    expect(await screen.findAllByText('Creando respaldo…')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: /Creando respaldo…/ })).toHaveClass('ant-btn-loading');
    finishCreate!();
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Respaldo creado'));
    expect(await screen.findByText(NEW)).toBeInTheDocument();
    expect(screen.getByText('5,1 MB')).toBeInTheDocument();
    expect(screen.queryByText('Creando respaldo…')).not.toBeInTheDocument();
  });

  it('reloads the list, downloads a backup by its name, and deletes one after confirmation', async () => {
    stored = [{ name: OLD, size: 2048 }];
    renderApp(<BackupsPage />, { path: '/backups', session });
    const row = (await screen.findByText(OLD)).closest('tr')!;

    stored = [{ name: NEW, size: 10 }, ...stored];
    await userEvent.click(screen.getByRole('button', { name: /Recargar/ }));
    expect(await screen.findByText(NEW)).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: /Descargar/ }));
    await waitFor(() => expect(api.fetch.mock.calls.some(([url]) => String(url) === `/api/backups/download?path=${encodeURIComponent(OLD)}`)).toBe(true));

    await chooseRowAction(screen.getByText(OLD).closest('tr')!, 'Eliminar');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Seguro de eliminar el respaldo?');
    expect(dialog).toHaveTextContent(OLD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Respaldo eliminado'));
    const call = api.fetch.mock.calls.find(([url, init]) => url === '/api/backups' && init?.method === 'DELETE')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ path: OLD });
    const table = screen.getByRole('table', { name: 'Respaldos' });
    await waitFor(() => expect(within(table).queryByText(OLD)).not.toBeInTheDocument());
    expect(within(table).getByText(NEW)).toBeInTheDocument();
  });
});
