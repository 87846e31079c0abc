import { Secret, TOTP } from 'otpauth';
import { describe, it } from 'vitest';
import { clickAndExpectToast, chromiumPath, DEMO_PASSWORD, expectFailedCall, loginAs, newPage, useBrowser, waitForLoginPage } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

/** What the phone's app would show `stepsAhead` 30-second steps from now (ahead: a code is good once per step). */
const appCode = (secret: string, stepsAhead: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: (Math.floor(Date.now() / 30_000) + stepsAhead) * 30_000 });

describe.skipIf(!chromiumPath)(`two-factor login in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('an analyst enrols 2FA and logs in with the code', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'analista@recaudo.test');
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByText('Editar Perfil').click();
    const panel = page.getByRole('dialog', { name: 'Editar Perfil' });
    await panel.getByLabel('Confirma con tu contraseña').fill(DEMO_PASSWORD);
    await panel.getByRole('button', { name: 'Configurar verificación en dos pasos' }).click();
    await panel.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' }).waitFor();
    const secret = (await panel.getByTestId('two-factor-secret').innerText()).trim();
    const recoveryCodes = (await panel.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((code) => code.trim());
    if (recoveryCodes.length !== 10) throw new Error(`expected 10 recovery codes, saw ${recoveryCodes.length}`);
    await panel.getByLabel('3. Código de 6 dígitos de la aplicación').fill(appCode(secret, 0));
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Activar' }), 'Verificación en dos pasos activada');
    await panel.getByText('Activada. Para desactivarla').waitFor();
    await panel.getByRole('button', { name: 'Cancelar' }).click();
    await panel.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByText('Salir').click();
    await waitForLoginPage(page);
    await page.getByLabel('Correo').fill('analista@recaudo.test');
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Verificación en dos pasos' }).waitFor();
    await page.getByLabel('Código').fill('000000' === appCode(secret, 1) ? '111111' : '000000');
    expectFailedCall(page, '/api/auth/2fa/verify', 422);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('El código de verificación es incorrecto.').first().waitFor();
    await page.getByLabel('Código').fill(appCode(secret, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/dashboard');

    // Leave the shared demo analyst as the other browser tests expect: off again, with a recovery code.
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByText('Editar Perfil').click();
    await panel.getByLabel('Código para desactivar').fill(recoveryCodes[0]!);
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Desactivar' }), 'Verificación en dos pasos desactivada');
    await panel.getByRole('button', { name: 'Configurar verificación en dos pasos' }).waitFor();
    await page.context().close();
  });
});
