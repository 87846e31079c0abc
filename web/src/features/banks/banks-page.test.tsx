import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import type { BankRow } from './api';
import BanksPage from './banks-page';

const banks: BankRow[] = Array.from({ length: 12 }, (_, index) => ({ id: index + 1, code: `01${String(index).padStart(2, '0')}`, name: `Banco ${index + 1}` }));

function route(url: string): Response {
  if (url.startsWith('/api/banks?')) return ok({ data: banks, current_page: 1, per_page: banks.length, total: banks.length, last_page: 1 });
  if (url === '/api/banks/store') return ok({ id: 13 }, 'Banco creado');
  return notFound();
}

const { fetch: fetchMock, success: successToast } = installFakeApi(route);

describe('Bancos', () => {
  it('loads every bank at once and pages them on screen', async () => {
    renderApp(<BanksPage />, { path: '/banks', session: makeSession({ permissions: ['banks'] }) });
    expect(await screen.findByText('Banco 1')).toBeInTheDocument();
    expect(screen.getByText('1-10 de 12')).toBeInTheDocument();
    expect(screen.queryByText('Banco 11')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Banco 11')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/banks?'));
    expect(calls).toHaveLength(1);
    expect(String(calls[0]![0])).not.toContain('per_page');
    expect(screen.queryByRole('button', { name: /Nuevo banco/ })).not.toBeInTheDocument();
  });

  it('asks for the 4-digit code and the name', async () => {
    renderApp(<BanksPage />, { path: '/banks', session: makeSession({ permissions: ['banks', 'add_bank'] }) });
    await userEvent.click(await screen.findByRole('button', { name: /Nuevo banco/ }));
    // The pagination's size changer shares antd's test id, so the drawer is found by its content.
    const panel = await screen.findByRole('dialog');
    expect(panel).toHaveTextContent('Nuevo banco');
    await userEvent.type(within(panel).getByLabelText('Código'), '12');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El formato de Código es inválido.')).toBeInTheDocument();
    expect(await within(panel).findByText('El campo Nombre es obligatorio.')).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText('Código'), '34');
    await userEvent.type(within(panel).getByLabelText('Nombre'), 'Banco Nuevo');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Banco creado'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/banks/store')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ code: '1234', name: 'Banco Nuevo' });
  });
});
