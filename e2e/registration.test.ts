import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, clickAndExpectToast, clickOption, chromiumPath, expectFailedCall, loginAs, newPage, snapshot, useBrowser, waitForLoginPage } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

/** Reads the newest message sent to `to` from GET /api/outbox, as the Administrador (who may read it). */
async function latestMessageTo(to: string, matching: RegExp): Promise<string> {
  const { token } = await apiAs(baseUrl());
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`${baseUrl()}/api/outbox?${new URLSearchParams({ 'filters[to]': to, per_page: '5' })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const rows = ((await answer.json()) as any).data.data as { body_text: string }[];
    const found = rows.map((row) => matching.exec(row.body_text)).find(Boolean);
    if (found) return found[1]!;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No llegó ningún mensaje a ${to}`);
}

async function pick(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await scope.getByLabel(label, { exact: true }).click();
  await clickOption(page, option);
}

/** The page's width in CSS pixels: wider than the viewport means a sideways scroll. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const menuLabels = async (page: Page) =>
  (await page.getByRole('menu', { name: 'Menú principal' }).getByRole('menuitem').allInnerTexts()).map((text) => text.trim());

// One new person per run: a fresh identification and e-mail.
const stamp = Date.now().toString().slice(-7);
const person = {
  identification: `3${stamp}`,
  name: 'Rosa Linares',
  email: `rosa.${stamp}@correo.test`,
  password: 'Registro2026!',
  newPassword: 'Cambiada2026!',
};

describe.skipIf(!chromiumPath)(`self-registration and password reset in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('a new residential client registers through the wizard with the e-mailed code and logs in to the client menu', async () => {
    const page = await newPage(browser(), baseUrl());
    await page.goto('/login');
    await page.getByRole('link', { name: 'Regístrate' }).click();
    await page.waitForURL('**/register');

    // View 1: identification.
    await pick(page, 'Tipo de identificación', 'V - Venezolano');
    await page.getByLabel('Número de identificación').fill(person.identification);
    await page.getByRole('button', { name: 'Continuar' }).click();

    // View 2: general data.
    await page.getByRole('heading', { name: 'Datos generales' }).waitFor();
    await page.getByLabel('Nombre y apellido').fill(person.name);
    await page.getByLabel('Correo').fill(person.email);
    await page.getByLabel('Contraseña').fill(person.password);
    await page.getByLabel('Teléfono').fill('04241234567');
    expect(await page.getByLabel('Teléfono').inputValue()).toBe('+58 (424)-1234567');
    await pick(page, 'Género', 'Femenino');
    await page.getByLabel('Fecha de nacimiento').fill('14-03-1991');
    // Tab commits the typed date (Enter would submit the form).
    await page.getByLabel('Fecha de nacimiento').press('Tab');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // View 4: the code arrives by e-mail (read from the outbox), is checked by itself after 6 digits.
    await page.getByRole('heading', { name: 'Confirma tu correo' }).waitFor();
    await page.getByText(/El código vence en 0[45]:\d{2}/).waitFor();
    expect(await page.getByRole('button', { name: 'Registrar' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Reenviar código' }).isDisabled()).toBe(true);
    const code = await latestMessageTo(person.email, /código de verificación de Recaudo es: (\d{6})/);
    await page.getByLabel('Código de verificación').fill(code);
    await page.getByText('Código verificado').first().waitFor();
    await snapshot(page, 'register-code');
    await page.getByRole('button', { name: 'Registrar' }).click();

    // View 5: success, then home and log in as the new client user.
    await page.getByText('Tu cuenta fue creada').waitFor();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await waitForLoginPage(page);
    await loginAs(page, person.email, person.password);
    await page.getByText(`Bienvenido, ${person.name}`).waitFor();
    await expect.poll(() => menuLabels(page), { timeout: 5000 }).toEqual(['Inicio', 'Direcciones de Pagos', 'Pagos', 'Recibos de Pagos', 'Solvencias']);
    await page.context().close();
  });

  it("an existing client registers through the code sent to its e-mail on file, shown masked, and that e-mail stays on file", async () => {
    const staff = await apiAs(baseUrl());
    const onFile = `mora.${stamp}@correo.test`;
    const created = await fetch(`${baseUrl()}/api/clients/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` },
      body: JSON.stringify({ type: 1, name: `Inversiones Mora ${stamp}`, identification_type: 'J', identification: `4${stamp}`, email: onFile, phone: ['4141234567'] }),
    });
    expect(created.status).toBe(200);
    const clientId = ((await created.json()) as { data: { id: number } }).data.id;
    const login = `mora.usuario.${stamp}@correo.test`;

    const page = await newPage(browser(), baseUrl());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/register');
    // A phone's width (390 px) fits every view without a sideways scroll.
    await page.getByRole('heading', { name: 'Registro' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.getByText('Comercial').click();
    await pick(page, 'Tipo de identificación', 'J - Jurídico');
    await page.getByLabel('Número de identificación').fill(`4${stamp}`);
    await page.getByRole('button', { name: 'Continuar' }).click();

    // Nothing of the client shows before the code: view 2 starts empty.
    await page.getByRole('heading', { name: 'Datos generales' }).waitFor();
    expect(await page.getByLabel('Razón social').inputValue()).toBe('');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.getByLabel('Razón social').fill('Otro Nombre');
    await page.getByLabel('Correo').fill(login);
    await page.getByLabel('Contraseña').fill(person.password);
    await page.getByLabel('Teléfono').fill('04247654321');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // View 4 names the contact on file, masked; the code goes there, not to the typed e-mail.
    await page.getByRole('heading', { name: 'Confirma tu correo' }).waitFor();
    const destination = page.getByTestId('code-destination');
    await destination.waitFor();
    expect(await destination.innerText()).toContain('Enviamos un código de 6 dígitos a m•••@correo.test.');
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const code = await latestMessageTo(onFile, /código de verificación de Recaudo es: (\d{6})/);
    await page.getByLabel('Código de verificación').fill(code);
    await page.getByText(`Tu usuario quedará vinculado a la ficha de Inversiones Mora ${stamp}`).waitFor();
    await snapshot(page, 'register-existing-client');
    await page.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText('Tu cuenta fue creada').waitFor();

    const client = await staff<{ client: { email: string; phone: string[] } }>(`clients/${clientId}`);
    expect(client.client).toMatchObject({ email: onFile, phone: ['4141234567'] });
    await loginAs(page, login, person.password);
    await page.getByText(`Bienvenido, Inversiones Mora ${stamp}`).waitFor();
    await page.context().close();
  });

  it('a forgotten password is reset through the e-mailed link and the new one logs in', async () => {
    const page = await newPage(browser(), baseUrl());
    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    // The login page (login.html) stays on screen, with its own Correo field, until the web app's page is drawn.
    const send = page.getByRole('button', { name: 'Enviar enlace de reinicio' });
    await send.waitFor();
    await page.getByLabel('Correo').fill(person.email);
    await send.click();
    await page.getByText('Correo enviado').waitFor();

    const token = await latestMessageTo(person.email, /\/pass-change\/([\w-]+)/);
    await page.goto(`/pass-change/${token}`);
    await page.getByRole('heading', { name: `¡Hola, ${person.name}!` }).waitFor();
    await page.getByLabel('Nueva contraseña').fill(person.newPassword);
    await page.getByLabel('Confirmar contraseña').fill('No coincide 1');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('* Las contraseñas no coinciden').waitFor();
    await page.getByLabel('Confirmar contraseña').fill(person.newPassword);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await waitForLoginPage(page);

    // The link is single use.
    expectFailedCall(page, '/api/auth/verify-token', 422);
    await page.goto(`/pass-change/${token}`);
    await page.getByText('Error! El token no pertenece a ningún usuario').waitFor();

    await loginAs(page, person.email, person.newPassword);
    await page.getByText(`Bienvenido, ${person.name}`).waitFor();
    await page.context().close();
  });

  it('the administrator sees both user tabs and creates an administrator limited to selected users and one series', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/users');
    const first = page.getByRole('row', { name: /Administrador Recaudo/ });
    await first.waitFor();
    expect(await first.getByRole('button', { name: /Acciones de/ }).count()).toBe(0);
    expect(await first.getByRole('switch').isDisabled()).toBe(true);

    await page.getByRole('button', { name: /Nuevo usuario administrador/ }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo usuario administrador' });
    await pick(page, 'Rol', 'Cajero', panel);
    await panel.getByLabel('Nombre').fill('Lucía Supervisora');
    await panel.getByLabel('Correo').fill(`lucia.${stamp}@recaudo.test`);
    await panel.getByLabel('Contraseña').fill('Supervisa2026!');
    await panel.getByText('Usuarios seleccionados').click();
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await panel.getByText('El campo Usuarios es obligatorio.').waitFor();
    await pick(page, 'Usuarios', 'Carlos Cajero', panel);
    // A multiple select stays open after a choice.
    await page.keyboard.press('Escape');
    await panel.getByText('Una serie').click();
    await pick(page, 'Serie', 'B', panel);
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Usuario creado');
    const row = page.getByRole('row', { name: /Lucía Supervisora/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Usuarios seleccionados');
    await panel.waitFor({ state: 'hidden' });
    await page.mouse.move(0, 0);
    await snapshot(page, 'users');

    await page.getByRole('tab', { name: 'Clientes' }).click();
    await page.getByRole('row', { name: /cliente@recaudo\.test/ }).waitFor();
    await page.context().close();
  });
});
