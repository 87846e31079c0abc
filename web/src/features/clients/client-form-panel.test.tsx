import type { ClientRow } from '@recaudo/domain/clients';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { setToken } from '../../lib/storage';
import { makeSession, renderApp } from '../../test/render';
import { ClientFormPanel } from './client-form-panel';

const successToast = vi.fn();
const errorToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const client: ClientRow = {
  id: 7,
  type: 1,
  name: 'Panadería La Esquina',
  email: 'esquina@correo.test',
  phone: ['4141234567'],
  gender: null,
  age: null,
  birth_date: null,
  identification: '301234567',
  identification_type: 'J',
  address: 'Calle 5',
  photo: null,
  active: true,
  count_payments: 0,
  addresses_payments: [],
  user: null,
  latest_payment: null,
  created_at: '2026-01-10T12:00:00Z',
};

beforeEach(() => {
  setToken('token-1');
  registerNotifier({ error: errorToast, success: successToast });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  successToast.mockReset();
  errorToast.mockReset();
  localStorage.clear();
});

function open(row: ClientRow | null = null) {
  const onClose = vi.fn();
  renderApp(<ClientFormPanel open client={row} onClose={onClose} />, { session: makeSession({ permissions: ['clients', 'add_client', 'edit_client'] }) });
  return { onClose, panel: screen.getByRole('dialog', { name: row ? 'Editar cliente' : 'Nuevo cliente' }) };
}

async function pick(panel: HTMLElement, label: string, option: string) {
  await userEvent.click(within(panel).getByLabelText(label));
  await userEvent.click(await screen.findByTitle(option));
}

const identificationOptions = () => [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));

describe('Client form panel', () => {
  it('shows every rule message of spec 01 §5 verbatim on an empty save', async () => {
    const { panel } = open();
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Nombre es obligatorio.')).toBeInTheDocument();
    expect(within(panel).getByText('El campo Tipo de identificación es obligatorio.')).toBeInTheDocument();
    expect(within(panel).getByText('El campo Identificación es obligatorio.')).toBeInTheDocument();
    expect(within(panel).getByText('El campo Correo es obligatorio.')).toBeInTheDocument();
    expect(within(panel).getByText('El campo Teléfonos no debe estar vacio.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers gender and birth date only to a residential client, and a type change clears the identification', async () => {
    const { panel } = open();
    expect(within(panel).getByLabelText('Género')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Fecha de nacimiento')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Notas')).toBeInTheDocument();
    await userEvent.click(within(panel).getByLabelText('Tipo de identificación'));
    expect(identificationOptions()).toEqual(['V - Venezolano', 'E - Extranjero', 'S - Sucesión']);
    await userEvent.click(await screen.findByTitle('E - Extranjero'));
    await userEvent.type(within(panel).getByLabelText('Identificación'), '81234567');

    await userEvent.click(within(panel).getByText('Comercial'));
    // Form.useWatch learns of the new type after the click returns.
    await waitFor(() => expect(within(panel).queryByLabelText('Género')).not.toBeInTheDocument());
    expect(within(panel).queryByLabelText('Fecha de nacimiento')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Identificación')).toHaveValue('');
    expect(within(panel).queryByTitle('E - Extranjero')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByLabelText('Tipo de identificación'));
    await waitFor(() => expect(identificationOptions()).toEqual(['J - Jurídico', 'G - Gubernamental', 'FP - Firma Personal', 'C - Consejo Comunal']));
  });

  it('refuses a bad identification and e-mail with the domain messages', async () => {
    const { panel } = open();
    await userEvent.type(within(panel).getByLabelText('Identificación'), '12.345');
    await userEvent.type(within(panel).getByLabelText('Correo'), 'no-es-correo');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Identificación solo debe contener dígitos.')).toBeInTheDocument();
    expect(within(panel).getByText('El formato de Correo es inválido.')).toBeInTheDocument();
  });

  it('creates a residential client with two phones and closes with the server message', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'Cliente creado', data: { id: 9 } }));
    const { panel, onClose } = open();
    await userEvent.type(within(panel).getByLabelText('Nombre'), 'Luisa Mendoza');
    await pick(panel, 'Tipo de identificación', 'V - Venezolano');
    await userEvent.type(within(panel).getByLabelText('Identificación'), '012345678');
    await userEvent.type(within(panel).getByLabelText('Correo'), 'luisa@correo.test');
    await userEvent.type(within(panel).getByLabelText('Teléfonos'), '4141234567{Enter}');
    await userEvent.type(within(panel).getByLabelText('Teléfonos'), '4241112233{Enter}');
    await pick(panel, 'Género', 'Femenino');
    await userEvent.type(within(panel).getByLabelText('Notas'), 'Cliente referida');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Cliente creado'));
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/clients/store');
    expect(JSON.parse(init!.body as string)).toEqual({
      type: 0,
      name: 'Luisa Mendoza',
      identification_type: 'V',
      identification: '012345678',
      email: 'luisa@correo.test',
      phone: ['4241112233', '4141234567'],
      gender: 'F',
      birth_date: null,
      address: null,
      notes: 'Cliente referida',
    });
  });

  it('edits without type change nor notes, and puts a 422 on its field', async () => {
    fetchMock.mockResolvedValue(
      json(422, {
        success: false,
        message: 'Ya existe un cliente con la identificación J-301234567.',
        errors: { identification: ['Ya existe un cliente con la identificación J-301234567.'] },
      }),
    );
    const { panel, onClose } = open(client);
    expect(within(panel).getByRole('radio', { name: 'Comercial' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Residencial' })).toBeDisabled();
    expect(within(panel).queryByLabelText('Notas')).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Género')).not.toBeInTheDocument();
    expect(within(panel).getByText('+58 (414)-1234567')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('Ya existe un cliente con la identificación J-301234567.')).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith('Ya existe un cliente con la identificación J-301234567.', ['Ya existe un cliente con la identificación J-301234567.']);
    expect(onClose).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/clients/update');
    const body = JSON.parse(init!.body as string);
    expect(body).toMatchObject({ id: 7, type: 1, identification_type: 'J', phone: ['4141234567'], gender: null, birth_date: null });
    expect(body).not.toHaveProperty('notes');
  });
});
