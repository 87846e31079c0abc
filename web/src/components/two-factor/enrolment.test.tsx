import { messagesTwoFactor } from '@recaudo/domain/two-factor';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { setToken } from '../../lib/storage';
import { makeSession, renderApp } from '../../test/render';
import { TwoFactorEnrolment } from './enrolment';

const fetchMock = vi.fn<typeof fetch>();
const setup = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Recaudo?secret=JBSWY3DPEHPK3PXP', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+', recovery_codes: ['ABCDE-FGHJK'] };

beforeEach(() => {
  setToken('token-1');
  registerNotifier({ error: vi.fn(), success: vi.fn() });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  registerNotifier(null);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

const setupCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/2fa/setup');

describe('2FA enrolment asks for the password (issue 46)', () => {
  it('without the password nothing is sent; a wrong one shows the server message; the right one shows the QR code', async () => {
    renderApp(<TwoFactorEnrolment onEnabled={vi.fn()} />, { session: makeSession() });
    const start = await screen.findByRole('button', { name: 'Configurar verificación en dos pasos' });
    await userEvent.click(start);
    expect(await screen.findByText(messagesTwoFactor.passwordRequired)).toBeInTheDocument();
    expect(setupCalls()).toHaveLength(0);

    const wrong = 'La contraseña actual no es correcta.';
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ success: false, message: wrong, errors: { current_password: [wrong] } }), { status: 422 }));
    await userEvent.type(screen.getByLabelText('Confirma con tu contraseña'), 'Equivocada-1');
    await userEvent.click(start);
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(JSON.parse(setupCalls()[0]![1]!.body as string)).toEqual({ current_password: 'Equivocada-1' });

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ success: true, message: messagesTwoFactor.setupReady, data: setup }), { status: 200 }));
    await userEvent.clear(screen.getByLabelText('Confirma con tu contraseña'));
    await userEvent.type(screen.getByLabelText('Confirma con tu contraseña'), 'Clave-buena-1');
    await userEvent.click(start);
    await waitFor(() => expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP'));
    expect(JSON.parse(setupCalls()[1]![1]!.body as string)).toEqual({ current_password: 'Clave-buena-1' });
  });
});
