import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bankMessages, bankPreCheck, bankValidationWarnings, type BankPaymentFacts } from '@recaudo/domain/bank-operations';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, notFound } from '../../test/fake-api';
import { makeSession, renderApp } from '../../test/render';
import { BankValidationModal, failureText } from './bank-validation-modal';

const facts: BankPaymentFacts = {
  client: { id: 7, name: 'Luisa Mendoza', phone: ['4141234567', '4247654321'] },
  paymentMethodId: 3,
  usesBdv: true,
  reference: '12345678',
  amount: '182.50',
  originBank: { code: '0134', name: 'Banesco' },
  paymentDate: '2026-11-24',
};

const conciliation = { id: 41, success: true, reference: '12345678', amount: '182.50' };
let next: () => Response | Promise<Response> = notFound;
const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });
let lastPhone: string | null = null;
const api = installFakeApi((url) => {
  if (url === '/api/bank-operations/validate-payment') return next();
  if (url === '/api/bank-operations/last-pay-phone/7') return new Response(JSON.stringify({ success: true, data: { pay_phone: lastPhone } }), { status: 200 });
  return notFound();
});
const validateCalls = () => api.fetch.mock.calls.filter(([url]) => String(url) === '/api/bank-operations/validate-payment');

function open(onValidated = vi.fn(), onClose = vi.fn()) {
  renderApp(<BankValidationModal open facts={facts} onClose={onClose} onValidated={onValidated} />, { session: makeSession({ permissions: ['payments', 'add_payment'] }) });
  return { dialog: screen.getByRole('dialog'), onValidated, onClose };
}

describe('bank validation modal', () => {
  it('shows the three warnings and the payment, and asks for a phone', async () => {
    const { dialog } = open();
    for (const warning of bankValidationWarnings) expect(within(dialog).getByText(warning)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Luisa Mendoza');
    expect(dialog).toHaveTextContent('0134 - Banesco');
    expect(dialog).toHaveTextContent('24-11-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validar pago' }));
    expect(await within(dialog).findByText(bankMessages.phoneRequired)).toBeInTheDocument();
    expect(validateCalls()).toHaveLength(0);
  });

  it('preselects her only phone, else the one she last validated with (issue 51)', async () => {
    renderApp(<BankValidationModal open facts={{ ...facts, client: { ...facts.client!, phone: ['4121112233'] } }} onClose={vi.fn()} onValidated={vi.fn()} />);
    expect(screen.getByRole('radio', { name: '+58 (412)-1112233' })).toBeChecked();
  });

  it('preselects the phone she last validated with when she has several', async () => {
    lastPhone = '4247654321';
    const { dialog } = open();
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '+58 (424)-7654321' })).toBeChecked());
    expect(within(dialog).getByRole('radio', { name: '+58 (414)-1234567' })).not.toBeChecked();
    lastPhone = null;
  });

  it('says when the client has no phone to pick', () => {
    renderApp(<BankValidationModal open facts={{ ...facts, client: { ...facts.client!, phone: [] } }} onClose={vi.fn()} onValidated={vi.fn()} />);
    expect(screen.getByText('El cliente no tiene teléfonos registrados: actualiza sus datos de contacto.')).toBeInTheDocument();
  });

  it('goes idle → validating → success and hands the conciliation to the panel', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    next = async () => {
      await answered;
      return new Response(JSON.stringify({ success: true, message: bankMessages.validated, error: null, bdv_message: 'monto : 182.50 - estatus : Transacción realizada', conciliation, data: conciliation }), { status: 200 });
    };
    const { dialog, onValidated } = open();
    await userEvent.click(within(dialog).getByRole('radio', { name: '+58 (414)-1234567' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validar pago' }));
    expect(await within(dialog).findByText('Consultando al banco…')).toBeInTheDocument();
    release();
    await waitFor(() => expect(onValidated).toHaveBeenCalledWith(conciliation));
    expect(api.success).toHaveBeenCalledWith(bankMessages.validated);
    expect(api.error).not.toHaveBeenCalled();
    const body = JSON.parse(validateCalls()[0]![1]!.body as string);
    expect(body).toEqual({ client_id: 7, payment_method_id: 3, reference: '12345678', payment_date: '2026-11-24', amount: '182.50', origin_bank: '0134', pay_phone: '4141234567' });
  });

  it('shows the bank text of a failure without a toast, and resets to try again', async () => {
    next = json(422, { success: false, message: 'El banco no encontró un pago móvil con esos datos', error: 'El banco no encontró un pago móvil con esos datos', error_code: 'RECORD_NOT_FOUND', bdv_message: 'No se pudo validar el movimiento : Registro solicitado no existe', conciliation: { id: 9 } });
    const { dialog, onValidated } = open();
    await userEvent.click(within(dialog).getByRole('radio', { name: '+58 (424)-7654321' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validar pago' }));
    const alert = (await within(dialog).findAllByRole('alert')).at(-1);
    expect(alert).toHaveTextContent('No se pudo validar el movimiento : Registro solicitado no existe');
    expect(api.error).not.toHaveBeenCalled();
    expect(onValidated).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Intentar de nuevo' }));
    expect(within(dialog).queryByText('No se pudo validar el movimiento : Registro solicitado no existe')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Validar pago' })).toBeEnabled();
  });

  it('offers "Reintentar" when the bank did not answer in time, which asks the bank again at once', async () => {
    const hung = { success: false, message: 'No se pudo conectar con el banco; inténtalo más tarde', error: 'No se pudo conectar con el banco; inténtalo más tarde', error_code: 'CONNECTION_ERROR', bdv_message: null, conciliation: { id: 10 } };
    next = json(422, hung);
    const { dialog, onValidated } = open();
    await userEvent.click(within(dialog).getByRole('radio', { name: '+58 (414)-1234567' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validar pago' }));
    expect((await within(dialog).findAllByRole('alert')).at(-1)).toHaveTextContent('No se pudo conectar con el banco; inténtalo más tarde');
    expect(within(dialog).queryByRole('button', { name: 'Intentar de nuevo' })).not.toBeInTheDocument();
    next = () => new Response(JSON.stringify({ success: true, message: bankMessages.validated, error: null, bdv_message: 'monto : 182.50 - estatus : Transacción realizada', conciliation, data: conciliation }), { status: 200 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(onValidated).toHaveBeenCalledWith(conciliation));
    expect(validateCalls()).toHaveLength(2);
  });

  it('toasts the BDV failure when the answer carries no text', async () => {
    next = () => {
      throw new TypeError('Failed to fetch');
    };
    const { dialog } = open();
    await userEvent.click(within(dialog).getByRole('radio', { name: '+58 (414)-1234567' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validar pago' }));
    expect((await within(dialog).findAllByRole('alert')).at(-1)).toHaveTextContent(bankMessages.validationFailed);
    expect(api.error).toHaveBeenCalledWith(bankMessages.validationFailedToast, undefined);
  });
});

describe('bank validation rules', () => {
  it('runs the pre-checks in the spec order', () => {
    expect(bankPreCheck({ ...facts, client: null, reference: '' })).toBe(bankMessages.clientRequired);
    expect(bankPreCheck({ ...facts, usesBdv: false })).toBe(bankMessages.methodNotBdv);
    expect(bankPreCheck({ ...facts, reference: ' ', amount: '' })).toBe(bankMessages.referenceRequired);
    expect(bankPreCheck({ ...facts, amount: '' })).toBe(bankMessages.amountRequired);
    expect(bankPreCheck({ ...facts, originBank: null })).toBe(bankMessages.originBankRequired);
    expect(bankPreCheck({ ...facts, paymentDate: null })).toBe(bankMessages.paymentDateRequired);
    expect(bankPreCheck(facts)).toBeNull();
  });

  it('takes the failure text from bdv_message, error, message, else the generic one', () => {
    expect(failureText({ bdv_message: 'a', error: 'b', message: 'c' })).toBe('a');
    expect(failureText({ bdv_message: null, error: 'b', message: 'c' })).toBe('b');
    expect(failureText({ bdv_message: null, error: null, message: 'c' })).toBe('c');
    expect(failureText({ bdv_message: null, error: null, message: '' })).toBe('Error al validar el pago');
  });
});
