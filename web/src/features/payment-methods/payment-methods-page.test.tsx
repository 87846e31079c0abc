import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notFound, ok, installFakeApi } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { paymentMethodForm, type PaymentMethodRow } from './api';
import PaymentMethodsPage from './payment-methods-page';
import { chooseRowAction, rowMenuItem, findSettledRow } from '../../test/row-actions';


const method = (id: number, name: string, type: number, description: string): PaymentMethodRow => ({
  id,
  name,
  code: '0102',
  description,
  type,
  image: id === 5 ? 'payment-methods/logo.png' : null,
  image_url: id === 5 ? '/api/uploads/payment-methods/logo.png' : null,
  is_mobile_payment_use_api_bdv: false,
  active: true,
  protected: id <= 4,
  count_payments: 0,
});
const rows = [method(1, 'Transferencia', 1, 'Transferencia bancaria a la cuenta de la empresa'), method(5, 'Zelle', 5, 'Depósito en dólares')];

function route(url: string): Response {
  if (url.startsWith('/api/payment-methods?')) return ok({ data: rows, current_page: 1, per_page: 10, total: 2, last_page: 1 });
  if (url === '/api/banks/selects') return ok([{ id: 1, code: '0102', name: 'Banco de Venezuela' }]);
  if (url === '/api/payment-methods/change-status') return ok(null, 'Estatus del método de pago actualizado');
  if (url === '/api/payment-methods/delete') return ok(null, 'Método de pago eliminado');
  if (url === '/api/payment-methods/update') return ok(null, 'Método de pago actualizado');
  return notFound();
}

const { fetch: fetchMock, success: successToast } = installFakeApi(route);

const ALL = ['payment_methods', 'add_payment_method', 'edit_payment_method', 'delete_payment_method'];

describe('Métodos de Pago', () => {
  it('truncates the description to 20 characters and labels the type', async () => {
    renderApp(<PaymentMethodsPage />, { path: '/payment-methods', session: makeSession({ permissions: ['payment_methods'] }) });
    const row = await findSettledRow('Transferencia bancaria');
    expect(row).toHaveTextContent('Transferencia bancar…');
    expect(row).not.toHaveTextContent('cuenta de la empresa');
    expect(screen.getByText('Zelle').closest('tr')).toHaveTextContent('Depósito en dólares');
    expect(within(row).getByRole('switch', { name: 'Estatus de Transferencia' })).toBeDisabled();
    expect(within(row).queryByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
  });

  it('locks the status and the delete of the default methods, and deletes the others after the confirmation', async () => {
    renderApp(<PaymentMethodsPage />, { path: '/payment-methods', session: makeSession({ permissions: ALL }) });
    const protectedRow = (await screen.findByText('Transferencia', { selector: 'td *' })).closest('tr')!;
    expect(within(protectedRow).getByText('Predeterminado')).toBeInTheDocument();
    expect(within(protectedRow).getByRole('switch', { name: 'Estatus de Transferencia' })).toBeDisabled();
    expect(await rowMenuItem(protectedRow, 'Eliminar')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');

    const row = screen.getByText('Zelle').closest('tr')!;
    await chooseRowAction(row, 'Eliminar');
    const dialog = await screen.findByRole('dialog', { name: '¿Seguro de eliminar el método de pago?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Método de pago eliminado'));
    const deleteCall = fetchMock.mock.calls.find(([url]) => url === '/api/payment-methods/delete')!;
    expect(JSON.parse(deleteCall[1]!.body as string)).toEqual({ id: 5 });

    // After the delete dialog: rc-component's fixed test ids would give the confirmation its name.
    await userEvent.click(within(row).getByRole('switch', { name: 'Estatus de Zelle' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Estatus del método de pago actualizado'));
    const statusCall = fetchMock.mock.calls.find(([url]) => url === '/api/payment-methods/change-status')!;
    expect(JSON.parse(statusCall[1]!.body as string)).toEqual({ id: 5, active: false });
  });

  it('removing the stored logo sends deleteOldFile in the multipart update', async () => {
    renderApp(<PaymentMethodsPage />, { path: '/payment-methods', session: makeSession({ permissions: ALL }) });
    const row = await findSettledRow('Zelle');
    await chooseRowAction(row, 'Editar');
    const panel = await screen.findByRole('dialog', { name: 'Editar método de pago' });
    await userEvent.click(await within(panel).findByRole('button', { name: /Eliminar archivo|Remove file|delete/i }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Método de pago actualizado'));
    const body = fetchMock.mock.calls.find(([url]) => url === '/api/payment-methods/update')![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      name: 'Zelle',
      code: '0102',
      description: 'Depósito en dólares',
      type: '5',
      is_mobile_payment_use_api_bdv: '0',
      active: '1',
      id: '5',
      deleteOldFile: '1',
      _method: 'PUT',
    });
  });

  it('a new logo travels as the image file and replaces the old one without deleteOldFile', () => {
    const image = new File(['png'], 'logo.png', { type: 'image/png' });
    const form = paymentMethodForm({
      id: 5,
      name: 'Zelle',
      code: '0102',
      description: 'x',
      type: 5,
      is_mobile_payment_use_api_bdv: true,
      active: false,
      image,
      deleteOldFile: true,
    });
    expect(form.get('deleteOldFile')).toBe('0');
    expect(form.get('active')).toBe('0');
    expect(form.get('is_mobile_payment_use_api_bdv')).toBe('1');
    expect((form.get('image') as File).name).toBe('logo.png');
  });
});
