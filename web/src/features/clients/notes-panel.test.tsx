import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NoteRow } from '@recaudo/domain/clients';
import { describe, expect, it } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { NotesPanel } from './notes-panel';
import { chooseRowAction, findSettledRow } from '../../test/row-actions';

const long = 'Solicitó constancia de solvencia para un trámite bancario urgente';
const notes: NoteRow[] = [
  { id: 1, note: long, client_id: 9, user: { id: 1, name: 'Ana Analista' }, created_at: '2026-03-02T14:00:00.000Z' },
  { id: 2, note: 'Prefiere WhatsApp', client_id: 9, user: null, created_at: '2026-03-01T14:00:00.000Z' },
];

function route(url: string, init?: RequestInit): Response {
  if (url.startsWith('/api/clients/notes-client/9?')) return ok({ data: notes, current_page: 1, per_page: 10, total: 2, last_page: 1 });
  if (url === '/api/clients/notes-client' && init?.method === 'PUT') return ok(null, 'Nota actualizada');
  if (url === '/api/clients/notes-client' && init?.method === 'DELETE') return ok(null, 'Nota eliminada');
  return notFound();
}

const api = installFakeApi(route);

describe('Notas of a client', () => {
  it('previews a note in 40 characters and names who wrote it', async () => {
    renderApp(<NotesPanel clientId={9} />, { session: makeSession({ permissions: ['clients'] }) });
    const row = (await screen.findByText(`${long.slice(0, 40)}…`)).closest('tr')!;
    expect(row).toHaveTextContent('Ana Analista');
    expect(screen.getByText('Prefiere WhatsApp').closest('tr')).toHaveTextContent('Sistema');
  });

  it('edits a note with its full text, also after a cancelled Nueva nota', async () => {
    renderApp(<NotesPanel clientId={9} />, { session: makeSession({ permissions: ['clients'] }) });
    await userEvent.click(await screen.findByRole('button', { name: /Nueva nota/ }));
    const blank = await screen.findByRole('dialog', { name: 'Nueva nota' });
    await userEvent.click(within(blank).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva nota' })).not.toBeInTheDocument());

    const row = screen.getByText('Prefiere WhatsApp').closest('tr')!;
    await chooseRowAction(row, 'Editar');
    const panel = await screen.findByRole('dialog', { name: 'Editar nota' });
    const text = within(panel).getByLabelText('Nota');
    expect(text).toHaveValue('Prefiere WhatsApp');
    await userEvent.clear(text);
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Nota es obligatorio.')).toBeInTheDocument();
    await userEvent.type(text, 'Prefiere llamadas');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Nota actualizada'));
    const call = api.fetch.mock.calls.find(([url, init]) => url === '/api/clients/notes-client' && init?.method === 'PUT')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ id: 2, note: 'Prefiere llamadas' });
  });

  it('asks before deleting and names the note', async () => {
    renderApp(<NotesPanel clientId={9} />, { session: makeSession({ permissions: ['clients'] }) });
    const row = await findSettledRow('Prefiere WhatsApp');
    await chooseRowAction(row, 'Eliminar');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Seguro de eliminar la nota?');
    expect(dialog).toHaveTextContent('Prefiere WhatsApp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Nota eliminada'));
  });
});
