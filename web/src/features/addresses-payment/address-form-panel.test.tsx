import type { AddressRow } from '@recaudo/domain/addresses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultEffectiveMonth } from '@recaudo/domain/tariffs';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound, ok } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { addressRow, commercialRow } from '../../test/address-rows';
import { AddressFormPanel } from './address-form-panel';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** Each level answers only the children of the parent it is asked for, as the server does. */
const REGIONS: Record<string, Record<string, { id: number; name: string }[]>> = {
  states: { '': [{ id: 1, name: 'Miranda' }, { id: 2, name: 'Zulia' }] },
  municipalities: { '1': [{ id: 11, name: 'Sucre' }], '2': [{ id: 21, name: 'Maracaibo' }] },
  parishes: { '11': [{ id: 111, name: 'Petare' }], '21': [{ id: 211, name: 'Chiquinquirá' }] },
  communities: { '111': [{ id: 1111, name: 'La Urbina' }], '211': [{ id: 2111, name: 'El Milagro' }] },
};

let writeAnswer: () => Response = () => ok({ id: 9 }, 'Dirección creada');

const api = installFakeApi((url) => {
  const decoded = decodeURIComponent(url);
  const region = /^\/api\/(states|municipalities|parishes|communities)\/selects\?/.exec(decoded);
  if (region) {
    const parent = /filters\[\w+_id\]=(\d+)/.exec(decoded)?.[1] ?? '';
    return ok(REGIONS[region[1]!]![parent] ?? []);
  }
  if (decoded.startsWith('/api/clients/selects/data')) {
    return ok([
      { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', type: 0 },
      { id: 30, name: 'Pedro Díaz', identification_type: 'V', identification: '9876543', type: 0 },
    ]);
  }
  if (decoded.startsWith('/api/economic-activities/selects')) return ok([{ id: 5, name: 'Panadería', code: null, fee: '30.00', activity_group_id: 1 }]);
  if (decoded === '/api/addresses-payment/store' || decoded === '/api/addresses-payment/update') return writeAnswer();
  if (url === '/api/fees/history?owner_type=address&owner_id=2')
    return ok({
      owner_type: 'address',
      owner_id: 2,
      entries: [
        { effective_month: null, fee: null, inherited_from: 'activity', created_at: null, created_by: null },
        { effective_month: '2026-03', fee: '45.00', inherited_from: null, created_at: '2026-02-10T12:00:00.000Z', created_by: 'Ana Torres' },
      ],
    });
  return notFound();
});

const STAFF = ['clients', 'add_client', 'edit_client', 'add_address_payment', 'edit_address_payment'];
const CLIENT_USER = {
  type: 'client' as const,
  client_id: 10,
  client: { id: 10, name: 'Luisa Mendoza', identification_type: 'V', identification: '12345678', type: 0 },
  role: { id: 4, name: 'Cliente', key: 'client' },
};

function open(address: AddressRow | null = null, user: NonNullable<Parameters<typeof makeSession>[0]>['user'] = {}, defaultType: 0 | 1 = 0) {
  writeAnswer = () => ok(address ? null : { id: 9 }, address ? 'Dirección actualizada' : 'Dirección creada');
  const onClose = vi.fn();
  renderApp(<AddressFormPanel open address={address} defaultType={defaultType} onClose={onClose} />, {
    session: makeSession({ permissions: user.client_id ? [] : STAFF, user }),
  });
  return { onClose, panel: screen.getByRole('dialog', { name: address ? 'Editar dirección' : 'Nueva dirección' }) };
}

/** Opens a select by its label and clicks the option with that text. */
async function pick(panel: HTMLElement, label: string, option: string) {
  await userEvent.click(within(panel).getByLabelText(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((element) => element.getAttribute('title') === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(item);
}

/** The text a select shows as its value ('' when empty). */
function shown(panel: HTMLElement, label: string) {
  const content = within(panel).getByLabelText(label).closest('.ant-select')!.querySelector('.ant-select-content')!;
  return content.classList.contains('ant-select-content-has-value') ? (content.textContent ?? '') : '';
}
/** antd's button-style radios hide their input; the label takes the click. */
const chooseType = (panel: HTMLElement, type: 'Residencial' | 'Comercial') => userEvent.click(within(panel).getByText(type));

const writes = () => api.fetch.mock.calls.filter(([url]) => /addresses-payment\/(store|update)$/.test(String(url)));
const historyReads = () => api.fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/fees/history'));
const lastBody = () => JSON.parse(writes().at(-1)![1]!.body as string);

describe('Address form panel', () => {
  it('shows the rule messages verbatim on an empty save; a residential address needs its community', async () => {
    const { panel } = open();
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    for (const message of [
      'El campo Cliente es obligatorio.',
      'El campo Estado es obligatorio.',
      'El campo Municipio es obligatorio.',
      'El campo Parroquia es obligatorio.',
      'El campo Comunidad es obligatorio.',
      'El campo Dirección es obligatorio.',
    ]) {
      expect(await within(panel).findByText(message)).toBeInTheDocument();
    }
    expect(within(panel).getByLabelText('Municipio')).toBeDisabled();
    expect(writes()).toHaveLength(0);
  }, 60_000);

  it('creates a residential address through the cascade, each level listed under its parent', async () => {
    const { panel, onClose } = open();
    await pick(panel, 'Cliente', 'Luisa Mendoza (V-12345678)');
    await pick(panel, 'Estado', 'Zulia');
    await pick(panel, 'Municipio', 'Maracaibo');
    await pick(panel, 'Parroquia', 'Chiquinquirá');
    await pick(panel, 'Comunidad', 'El Milagro');
    await userEvent.type(within(panel).getByLabelText('Dirección'), 'Calle 70, casa 4');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.success).toHaveBeenCalledWith('Dirección creada'));
    expect(onClose).toHaveBeenCalled();
    expect(lastBody()).toEqual({
      client_id: 10,
      type: 0,
      address: 'Calle 70, casa 4',
      state_id: 2,
      municipality_id: 21,
      parish_id: 211,
      community_id: 2111,
      economic_activity_id: null,
      is_custom_fee: false,
      fee: null,
      date_start: null,
      paid_through: null,
      first_owed_month: null,
    });
    const asked = api.fetch.mock.calls.map(([url]) => decodeURIComponent(String(url)));
    expect(asked.some((url) => url.startsWith('/api/municipalities/selects') && url.includes('filters[state_id]=2'))).toBe(true);
    expect(asked.some((url) => url.startsWith('/api/communities/selects') && url.includes('filters[parish_id]=211'))).toBe(true);
  }, 60_000);

  it('a new state clears municipality, parish and community; a new municipality clears the parish and community', async () => {
    const { panel } = open(addressRow());
    expect(shown(panel, 'Estado')).toBe('Miranda');
    expect(shown(panel, 'Comunidad')).toBe('La Urbina');
    await pick(panel, 'Estado', 'Zulia');
    expect(shown(panel, 'Municipio')).toBe('');
    expect(shown(panel, 'Parroquia')).toBe('');
    expect(shown(panel, 'Comunidad')).toBe('');
    expect(within(panel).getByLabelText('Parroquia')).toBeDisabled();
    await pick(panel, 'Municipio', 'Maracaibo');
    await pick(panel, 'Parroquia', 'Chiquinquirá');
    await pick(panel, 'Comunidad', 'El Milagro');
    await pick(panel, 'Municipio', 'Maracaibo');
    expect(shown(panel, 'Parroquia')).toBe('Chiquinquirá');
    // Picking the same municipality again changes nothing; clearing it empties the levels below.
    await userEvent.click(within(panel).getByLabelText('Municipio').closest('.ant-select')!.querySelector('.ant-select-clear')!);
    expect(shown(panel, 'Parroquia')).toBe('');
    expect(shown(panel, 'Comunidad')).toBe('');
    expect(shown(panel, 'Estado')).toBe('Zulia');
  }, 60_000);

  it('changing the client clears every address field', async () => {
    const { panel } = open(addressRow({ address: 'Calle 3' }));
    expect(within(panel).getByLabelText('Dirección')).toHaveValue('Calle 3');
    await pick(panel, 'Cliente', 'Pedro Díaz (V-9876543)');
    expect(within(panel).getByLabelText('Dirección')).toHaveValue('');
    for (const label of ['Estado', 'Municipio', 'Parroquia', 'Comunidad']) expect(shown(panel, label)).toBe('');
    expect(shown(panel, 'Cliente')).toBe('Pedro Díaz (V-9876543)');
    expect(within(panel).getByRole('radio', { name: 'Residencial' })).toBeDisabled();
  }, 60_000);

  it('a commercial address needs the activity; the custom fee is required once enabled and toggling clears it', async () => {
    const { panel } = open(null, {}, 1);
    expect(within(panel).queryByLabelText('Comunidad')).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Tarifa')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('switch', { name: 'Tarifa personalizada' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Tarifa es obligatorio.')).toBeInTheDocument();
    expect(within(panel).getByText('El campo Actividad económica es obligatorio.')).toBeInTheDocument();

    await userEvent.type(within(panel).getByLabelText('Tarifa'), '12,345');
    expect(await within(panel).findByText('El campo Tarifa debe tener como máximo 2 decimales.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('switch', { name: 'Tarifa personalizada' }));
    // Form.useWatch learns of the switch after the click returns.
    await waitFor(() => expect(within(panel).queryByLabelText('Tarifa')).not.toBeInTheDocument());
    await userEvent.click(within(panel).getByRole('switch', { name: 'Tarifa personalizada' }));
    expect((within(panel).getByLabelText('Tarifa') as HTMLInputElement).value).toBe('');

    await pick(panel, 'Actividad económica', 'Panadería ($ 30,00)');
    // Back to residential: the community is asked for, the activity is gone.
    await chooseType(panel, 'Residencial');
    expect(within(panel).getByLabelText('Comunidad')).toBeInTheDocument();
    expect(within(panel).queryByLabelText('Actividad económica')).not.toBeInTheDocument();
    await chooseType(panel, 'Comercial');
    expect(shown(panel, 'Actividad económica')).toBe('');
    expect(within(panel).getByRole('switch', { name: 'Tarifa personalizada' })).not.toBeChecked();
  }, 60_000);

  it('client users: no client, activity, custom fee nor start date fields; the client is their own', async () => {
    const { panel } = open(null, CLIENT_USER);
    expect(within(panel).queryByLabelText('Cliente')).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Fecha de inicio')).not.toBeInTheDocument();
    await chooseType(panel, 'Comercial');
    expect(within(panel).queryByLabelText('Actividad económica')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('switch', { name: 'Tarifa personalizada' })).not.toBeInTheDocument();
    expect(within(panel).getByText(/las asigna el personal/)).toBeInTheDocument();
    await pick(panel, 'Estado', 'Miranda');
    await pick(panel, 'Municipio', 'Sucre');
    await pick(panel, 'Parroquia', 'Petare');
    await userEvent.type(within(panel).getByLabelText('Dirección'), 'Local 2');
    // A new address asks since when she has the service (issue 48), so she does not owe from the community's start.
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('El campo Desde cuándo tienes el servicio es obligatorio.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await userEvent.type(within(panel).getByLabelText('¿Desde cuándo tienes el servicio?'), '01-2020{enter}');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(lastBody()).toMatchObject({ client_id: 10, type: 1, community_id: null, economic_activity_id: null, is_custom_fee: false, fee: null, date_start: null, first_owed_month: '2020-01' });
  }, 60_000);

  it('edits a commercial address and puts a server 422 on its field', async () => {
    const { panel, onClose } = open(commercialRow({ is_custom_fee: true, fee: '45.00', date_start: '2026-02-01' }));
    writeAnswer = () =>
      json(422, {
        success: false,
        message: 'La Actividad económica seleccionada no existe.',
        errors: { economic_activity_id: ['La Actividad económica seleccionada no existe.'] },
      });
    expect(shown(panel, 'Actividad económica')).toBe('Panadería ($ 30,00)');
    expect(within(panel).getByRole('switch', { name: 'Tarifa personalizada' })).toBeChecked();
    expect((within(panel).getByLabelText('Tarifa') as HTMLInputElement).value).toBe('45');
    expect(within(panel).getByLabelText('¿Desde qué mes aplica?')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Fecha de inicio')).toHaveValue('01-02-2026');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    expect(await within(panel).findByText('La Actividad económica seleccionada no existe.')).toBeInTheDocument();
    expect(api.error).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(lastBody()).toEqual({
      id: 2,
      client_id: 20,
      type: 1,
      address: 'Av. Principal, local 4',
      state_id: 1,
      municipality_id: 11,
      parish_id: 111,
      community_id: null,
      economic_activity_id: 5,
      is_custom_fee: true,
      fee: '45.00',
      effective_month: defaultEffectiveMonth(),
      date_start: '2026-02-01',
      paid_through: null,
      first_owed_month: null,
    });
  }, 60_000);

  it('turning the own fee on or off asks from which month it applies; the history says when it followed the activity', async () => {
    const { panel } = open(commercialRow({ is_custom_fee: false }));
    expect(within(panel).queryByLabelText('¿Desde qué mes aplica?')).not.toBeInTheDocument();
    expect(await within(panel).findByText('Tarifa de la actividad económica')).toBeInTheDocument();
    expect(within(panel).getByText('Desde marzo 2026')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('switch', { name: 'Tarifa personalizada' }));
    expect(within(panel).getByLabelText('¿Desde qué mes aplica?')).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText('Tarifa'), '12');
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(lastBody()).toMatchObject({ is_custom_fee: true, fee: '12', effective_month: defaultEffectiveMonth() });
    // The history shown is read again once the change is saved.
    await waitFor(() => expect(historyReads()).toHaveLength(2));
  }, 60_000);

  it('turning a custom fee off still asks from which month', async () => {
    const { panel } = open(commercialRow({ is_custom_fee: true, fee: '45.00' }));
    await userEvent.click(within(panel).getByRole('switch', { name: 'Tarifa personalizada' }));
    expect(within(panel).queryByLabelText('Tarifa')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('¿Desde qué mes aplica?')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(lastBody()).toMatchObject({ is_custom_fee: false, fee: null, effective_month: defaultEffectiveMonth() });
  }, 60_000);
});
