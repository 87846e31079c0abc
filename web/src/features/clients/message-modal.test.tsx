import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { setToken } from '../../lib/storage';
import { makeSession, renderApp } from '../../test/render';
import { MessageModal, splitRecipients } from './message-modal';

const successToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown, message = 'OK') => new Response(JSON.stringify({ success: true, message, data }), { status: 200 });

beforeEach(() => {
  setToken('token-1');
  registerNotifier({ error: vi.fn(), success: successToast });
  fetchMock.mockImplementation(async (url) => {
    if (String(url).startsWith('/api/clients/selects/data')) return ok([]);
    if (url === '/api/clients/send-message') return ok({ sent: 1, dropped: 0 }, 'Mensaje enviado');
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  successToast.mockReset();
  localStorage.clear();
});

function open(clients = [] as Parameters<typeof MessageModal>[0]['clients']) {
  const onClose = vi.fn();
  renderApp(<MessageModal open onClose={onClose} clients={clients} />, { session: makeSession({ permissions: ['clients'] }) });
  return { onClose, modal: screen.getByRole('dialog', { name: 'Enviar mensaje' }) };
}

const sentBody = () => JSON.parse(fetchMock.mock.calls.find(([url]) => url === '/api/clients/send-message')![1]!.body as string);

describe('Enviar mensaje', () => {
  it('lists the e-mails off the pattern, sends only the valid ones, then clears and closes', async () => {
    const { modal, onClose } = open();
    const recipients = within(modal).getByLabelText('Destinatarios');
    await userEvent.click(recipients);
    await userEvent.type(recipients, 'foo@bar,');
    await userEvent.type(recipients, 'Ana@Correo.test,');
    const note = (await within(modal).findByText('Se omitirá 1 destinatario con formato inválido')).closest('.ant-alert')!;
    expect(note).toHaveTextContent('foo@bar');
    await userEvent.type(within(modal).getByLabelText('Título'), 'Aviso de cobro');
    await userEvent.type(within(modal).getByLabelText('Mensaje'), 'Su cuota vence el viernes.');
    await userEvent.click(within(modal).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Mensaje enviado'));
    expect(sentBody()).toEqual({ type: 'email', title: 'Aviso de cobro', message: 'Su cuota vence el viernes.', items: ['ana@correo.test'] });
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for the title of an e-mail and the message; a phone message has no title', async () => {
    const { modal } = open();
    await userEvent.click(within(modal).getByRole('button', { name: 'Enviar' }));
    expect(await within(modal).findByText('El campo Destinatarios es obligatorio.')).toBeInTheDocument();
    expect(within(modal).getByText('El campo Título es obligatorio.')).toBeInTheDocument();
    expect(within(modal).getByText('El campo Mensaje es obligatorio.')).toBeInTheDocument();
    await userEvent.click(within(modal).getByText('Teléfono'));
    // The form tells its watchers of the new type after the click has returned (Form.useWatch).
    await waitFor(() => expect(within(modal).queryByLabelText('Título')).not.toBeInTheDocument());
  });

  it('drops phones off the 41x/42x/273 pattern and refuses a list where nothing is left', async () => {
    const { modal } = open();
    await userEvent.click(within(modal).getByText('Teléfono'));
    const recipients = within(modal).getByLabelText('Destinatarios');
    await userEvent.type(recipients, '04181234567,');
    await userEvent.type(within(modal).getByLabelText('Mensaje'), 'Hola');
    await userEvent.click(within(modal).getByRole('button', { name: 'Enviar' }));
    expect(await within(modal).findByText('Ningún destinatario tiene un formato válido.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/clients/send-message')).toBe(false);

    await userEvent.type(recipients, '04241234567,');
    await userEvent.click(within(modal).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Mensaje enviado'));
    expect(sentBody()).toEqual({ type: 'phone', title: null, message: 'Hola', items: ['04241234567'] });
  });

  it('sends a chosen client as its id', async () => {
    const { modal } = open([{ id: 12, name: 'María Pérez', identification_type: 'V', identification: '12345678', type: 0, email: 'maria@correo.test', phone: [] }]);
    expect(within(modal).getByText('María Pérez (V-12345678)')).toBeInTheDocument();
    await userEvent.type(within(modal).getByLabelText('Título'), 'Hola');
    await userEvent.type(within(modal).getByLabelText('Mensaje'), 'Mensaje');
    await userEvent.click(within(modal).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalled());
    expect(sentBody().items).toEqual([12]);
  });

  it('splits recipients by the spec patterns', () => {
    expect(splitRecipients('phone', ['+58 (273)-1234567', '4141234567', '4151234567', 'client:3'])).toEqual({
      items: ['02731234567', '04141234567', 3],
      dropped: ['4151234567'],
    });
    expect(splitRecipients('email', ['a@b.co', 'sin-arroba', ' '])).toEqual({ items: ['a@b.co'], dropped: ['sin-arroba'] });
  });
});
