import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { renderApp } from '../../test/render';
import RegisterPage from './register-page';

const errorToast = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, message = 'OK') => json(200, { success: true, message, data });

type Handler = (url: string, init?: RequestInit) => Response | undefined;
let handler: Handler = () => undefined;

beforeEach(() => {
  registerNotifier({ error: errorToast, success: vi.fn() });
  fetchMock.mockImplementation(async (url, init) => handler(String(url), init) ?? json(404, { success: false, message: 'No encontrado' }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  errorToast.mockReset();
  handler = () => undefined;
});

const calls = (path: string, method = 'POST') => fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith(path) && (init?.method ?? 'GET') === method);
const bodyOf = (call: Parameters<typeof fetch>) => JSON.parse(call[1]!.body as string);

async function pick(label: string, option: string, user: Pick<UserEvent, 'click'> = userEvent) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByTitle(option));
}
async function fill(label: string, text: string, user: Pick<UserEvent, 'click' | 'paste'> = userEvent) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

describe('Registration wizard', () => {
  it('view 1 checks the identification, clears it on a type change, shows server errors and opens an empty view 2', async () => {
    const mismatch = 'El Tipo de identificación no corresponde a un cliente residencial (V, E o S).';
    let answer: Response = json(422, { success: false, message: mismatch, errors: { identification_type: [mismatch] } });
    handler = (url) => (url === '/api/auth/verify-identification' ? answer : undefined);
    renderApp(<RegisterPage />, { path: '/register' });

    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El campo Tipo de identificación es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('El campo Identificación es obligatorio.')).toBeInTheDocument();
    await fill('Número de identificación', '12.5');
    expect(await screen.findByText('El campo Identificación solo debe contener dígitos.')).toBeInTheDocument();

    // Changing the client type clears identification type and number, and offers the business types.
    await pick('Tipo de identificación', 'V - Venezolano');
    await userEvent.click(screen.getByText('Comercial'));
    expect(screen.getByLabelText('Número de identificación')).toHaveValue('');
    await userEvent.click(screen.getByLabelText('Tipo de identificación'));
    await screen.findByTitle('J - Jurídico');
    expect(screen.queryByTitle('V - Venezolano')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Residencial'));

    await pick('Tipo de identificación', 'V - Venezolano');
    await fill('Número de identificación', '012345678');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    // The server refuses: its error is shown and the wizard stays on view 1.
    expect(await screen.findByText(mismatch)).toBeInTheDocument();
    expect(bodyOf(calls('/api/auth/verify-identification')[0]!)).toEqual({ type: 0, identification_type: 'V', identification: '012345678' });
    expect(screen.getByRole('heading', { name: 'Registro' })).toBeInTheDocument();

    // The answer is the same for every identification: nothing is prefilled before a code is verified.
    answer = ok(null, 'Identificación verificada');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'Datos generales' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre y apellido')).toHaveValue('');
    expect(screen.getByLabelText('Correo')).toHaveValue('');

    // Regresar goes back to view 1 with the identification kept.
    await userEvent.click(screen.getByRole('button', { name: 'Regresar' }));
    expect(await screen.findByRole('heading', { name: 'Registro' })).toBeInTheDocument();
    expect(screen.getByLabelText('Número de identificación')).toHaveValue('012345678');
  }, 60_000);

  it('view 4 requests the code, counts down, checks 100 ms after the 6th digit and enables Registrar', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let codeRequests = 0;
    handler = (url, init) => {
      if (url === '/api/auth/verify-identification') return ok(null, 'Identificación verificada');
      if (url === '/api/auth/code-verification' && init?.method === 'POST')
        return ok({ token: `tok-${++codeRequests}`, expires_in: 300, sent_to: { email: 'sol@correo.test', phone: null } }, 'Te enviamos un código de verificación.');
      if (url.startsWith('/api/auth/code-verification?')) {
        return url.includes('code=123456')
          ? ok({ client: null }, 'Código verificado')
          : json(422, { success: false, message: 'El código es incorrecto.', errors: { code: ['El código es incorrecto.'] } });
      }
      if (url === '/api/auth/register') return ok({ user_id: 40, client_id: 50 }, 'Registro exitoso. Ya puedes iniciar sesión.');
      return undefined;
    };
    renderApp(<RegisterPage />, { path: '/register' });

    await user.click(screen.getByText('Comercial'));
    await pick('Tipo de identificación', 'J - Jurídico', user);
    await fill('Número de identificación', '409876543', user);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Datos generales' });
    // A commercial client gives neither gender nor birth date.
    expect(screen.queryByLabelText('Género')).not.toBeInTheDocument();
    await fill('Razón social', 'Panadería El Sol', user);
    await fill('Correo', 'Sol@Correo.test', user);
    await fill('Contraseña', 'Segura2026!', user);
    await fill('Teléfono', '04141234567', user);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    // Entering view 4 requests the code at once.
    await screen.findByRole('heading', { name: 'Confirma tu correo' });
    await waitFor(() => expect(calls('/api/auth/code-verification')).toHaveLength(1));
    expect(bodyOf(calls('/api/auth/code-verification')[0]!)).toEqual({ identification_type: 'J', identification: '409876543', email: 'sol@correo.test', phone: '4141234567' });
    expect(await screen.findByTestId('countdown')).toHaveTextContent(/^0[45]:\d{2}$/);
    expect(screen.getByTestId('code-destination')).toHaveTextContent('Enviamos un código de 6 dígitos a sol@correo.test. Escríbelo para confirmar tu registro.');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(screen.getByTestId('countdown')).toHaveTextContent(/^04:(4|5)\d$/);
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Registrar' })).toBeDisabled();

    // A wrong code: checked automatically, its error shown, Registrar stays off.
    await fill('Código de verificación', '65432', user);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls('/api/auth/code-verification', 'GET')).toHaveLength(0);
    await user.type(screen.getByLabelText('Código de verificación'), '1');
    expect(calls('/api/auth/code-verification', 'GET')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    await waitFor(() => expect(calls('/api/auth/code-verification', 'GET')).toHaveLength(1));
    expect(await screen.findByText('El código es incorrecto.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar' })).toBeDisabled();

    // After the countdown the resend link opens and restarts it with a new code.
    await vi.advanceTimersByTimeAsync(300_000);
    expect(screen.getByTestId('countdown')).toHaveTextContent('00:00');
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    await waitFor(() => expect(calls('/api/auth/code-verification')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('countdown')).toHaveTextContent(/^0[45]:\d{2}$/));
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();

    // The right code of the new token: verified, Registrar enabled.
    await fill('Código de verificación', '123456', user);
    await vi.advanceTimersByTimeAsync(100);
    expect(await screen.findAllByText('Código verificado')).not.toHaveLength(0);
    const check = decodeURIComponent(String(calls('/api/auth/code-verification', 'GET')[1]![0]));
    expect(check).toContain('token=tok-2');
    expect(check).toContain('identification_type=J');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Registrar' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Tu cuenta fue creada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(bodyOf(calls('/api/auth/register')[0]!)).toEqual({
      type: 1,
      identification_type: 'J',
      identification: '409876543',
      name: 'Panadería El Sol',
      email: 'sol@correo.test',
      password: 'Segura2026!',
      phone: '4141234567',
      gender: null,
      birth_date: null,
      address: null,
      token: 'tok-2',
    });
    expect(within(document.body).queryByText('El código es incorrecto.')).not.toBeInTheDocument();
  }, 60_000);

  async function reachCodeView(codeAnswer: Response, checkAnswer: Response = ok({ client: null }, 'Código verificado')) {
    handler = (url, init) => {
      if (url === '/api/auth/verify-identification') return ok(null, 'Identificación verificada');
      if (url === '/api/auth/code-verification' && init?.method === 'POST') return codeAnswer;
      if (url.startsWith('/api/auth/code-verification?')) return checkAnswer;
      return undefined;
    };
    renderApp(<RegisterPage />, { path: '/register' });
    await userEvent.click(screen.getByText('Comercial'));
    await pick('Tipo de identificación', 'J - Jurídico');
    await fill('Número de identificación', '409876543');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Datos generales' });
    await fill('Razón social', 'Otra Razón', userEvent);
    await fill('Correo', 'nuevo@correo.test');
    await fill('Contraseña', 'Segura2026!');
    await fill('Teléfono', '04241234567');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Confirma tu correo' });
  }

  it("view 4 shows an existing client's masked contact, and the client's data on file only once the code is verified", async () => {
    const client = { type: 1, name: 'Panadería El Sol', email: 'sol@correo.test', phone: '4141234567', address: 'Calle 1', birth_date: null, gender: null };
    await reachCodeView(
      ok({ token: 'tok-1', expires_in: 300, sent_to: { email: 's•••@correo.test', phone: '+58 (414) •••-••67' } }, 'Te enviamos un código de verificación.'),
      ok({ client }, 'Código verificado'),
    );
    expect(await screen.findByTestId('code-destination')).toHaveTextContent(
      'Enviamos un código de 6 dígitos a s•••@correo.test y por SMS a +58 (414) •••-••67. Escríbelo para confirmar tu registro.',
    );
    expect(screen.queryByText(/Panadería El Sol/)).not.toBeInTheDocument();
    await fill('Código de verificación', '123456');
    expect(await screen.findByText('Tu usuario quedará vinculado a la ficha de Panadería El Sol')).toBeInTheDocument();
    expect(screen.getByText(/sol@correo\.test · \+58 \(414\)-1234567\. Registrarte no cambia los datos de tu ficha/)).toBeInTheDocument();
    expect(errorToast).not.toHaveBeenCalled();
  }, 30_000);

  it('view 4 shows the office message when the client has no contact on file', async () => {
    const office = 'No tenemos un correo ni un teléfono registrados para esta identificación, así que no podemos enviarte el código. Comunícate con la oficina para completar tu registro.';
    await reachCodeView(json(422, { success: false, message: office, errors: { identification: [office] } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(office);
    expect(screen.getByLabelText('Código de verificación')).toBeDisabled();
    expect(screen.queryByTestId('code-destination')).not.toBeInTheDocument();
  }, 30_000);
});
