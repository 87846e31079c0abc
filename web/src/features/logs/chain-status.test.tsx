import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { ChainVerdict } from './chain-status';
import { ChainStatus } from './chain-status';
import LogsPage from './logs-page';

let verdict: ChainVerdict | null = null;
const route = (url: string) => {
  if (url === '/api/logs/verify') return verdict ? ok(verdict) : new Response(JSON.stringify({ success: false, message: 'Error interno' }), { status: 500 });
  if (url.startsWith('/api/logs?')) return ok({ data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 });
  return notFound();
};
const api = installFakeApi(route);
const auditor = makeSession({ permissions: ['logs'] });

describe('Bitácoras: integridad de la bitácora', () => {
  it('shows the log verified up to its last entry above the list', async () => {
    verdict = { valid: true, checked: 12345, broken_at: null };
    renderApp(<LogsPage />, { path: '/logs', session: auditor });
    expect(await screen.findByText('Bitácora íntegra: verificada hasta la entrada 12.345.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bitácoras' })).toBeInTheDocument();
  });

  it('shows where the log was edited, with the entry and its time in Caracas', async () => {
    verdict = { valid: false, checked: 41, broken_at: { position: 42, id: 977, created_at: '2026-11-27T15:30:00.000000Z', reason: 'content' } };
    renderApp(<ChainStatus />, { session: auditor });
    expect(await screen.findByText('Bitácora alterada en la entrada 42.')).toBeInTheDocument();
    expect(screen.getByText('Se modificó la entrada #977 del 27-11-2026 11:30 am directamente en la base de datos. Las 41 entradas anteriores están verificadas.')).toBeInTheDocument();
  });

  it('tells entries removed from the end and entries moved', async () => {
    verdict = { valid: false, checked: 9, broken_at: { position: 10, id: null, created_at: null, reason: 'missing' } };
    const { unmount } = renderApp(<ChainStatus />, { session: auditor });
    expect(await screen.findByText('Se eliminaron las últimas entradas de la bitácora. Las 9 entradas anteriores están verificadas.')).toBeInTheDocument();
    unmount();
    verdict = { valid: false, checked: 4, broken_at: { position: 5, id: 31, created_at: '2026-11-27T15:30:00.000000Z', reason: 'order' } };
    renderApp(<ChainStatus />, { session: auditor });
    expect(await screen.findByText(/^Se movió la entrada #31 del 27-11-2026 11:30 am: ya no sigue a la entrada anterior\./)).toBeInTheDocument();
  });

  it('tells a head edited in the database and a log rewritten since its external anchor', async () => {
    verdict = { valid: false, checked: 41, broken_at: { position: 41, id: 977, created_at: '2026-11-27T15:30:00.000000Z', reason: 'head' } };
    const { unmount } = renderApp(<ChainStatus />, { session: auditor });
    expect(await screen.findByText('Bitácora alterada en la entrada 41.')).toBeInTheDocument();
    expect(
      screen.getByText('La cabeza de la cadena se modificó en la base de datos: ya no apunta a su última entrada, la #977 del 27-11-2026 11:30 am. Sus 41 entradas están verificadas.'),
    ).toBeInTheDocument();
    unmount();
    verdict = { valid: false, checked: 100, broken_at: { position: 2500, id: 3100, created_at: '2026-11-27T15:30:00.000000Z', reason: 'anchor' } };
    renderApp(<ChainStatus />, { session: auditor });
    expect(
      await screen.findByText(
        'La bitácora hasta la entrada 2.500 ya no es la que se ancló fuera de la base de datos: fue reescrita. Las 100 entradas anteriores están verificadas.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the check could not be made', async () => {
    verdict = null;
    renderApp(<ChainStatus />, { session: auditor });
    expect(await screen.findByText('No se pudo verificar la integridad de la bitácora.')).toBeInTheDocument();
  });

  it('shows nothing and asks nothing without the logs permission', async () => {
    verdict = { valid: true, checked: 3, broken_at: null };
    const { container } = renderApp(<ChainStatus />, { session: makeSession({ permissions: ['users'] }) });
    await Promise.resolve();
    expect(container.querySelector('.ant-alert')).toBeNull();
    expect(api.fetch.mock.calls.some(([url]) => String(url) === '/api/logs/verify')).toBe(false);
  });
});
