import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, expectFailedCall, loginAs, newPage, snapshot, useBrowser, waitForLoginPage } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

const waitForTitle = (page: Page, title: string) => expect.poll(() => page.title()).toBe(title);

/** Top-level entries of the side menu, and each group's children once opened. */
async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole('menu', { name: 'Menú principal' });
  for (const group of ['Regional', 'General', 'Reportes']) {
    // A group title's accessible name includes its icon's label, so it is found by its text.
    const title = menu.locator('.ant-menu-submenu-title', { hasText: new RegExp(`^${group}$`) });
    if ((await title.count()) && (await title.getAttribute('aria-expanded')) !== 'true') {
      await title.click();
      await menu.locator('.ant-menu-submenu-title[aria-expanded="true"]', { hasText: new RegExp(`^${group}$`) }).waitFor();
    }
  }
  await page.waitForTimeout(400);
  return (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

describe.skipIf(!chromiumPath)(`app shell in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator logs in and sees the whole staff menu', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await waitForTitle(page, 'Recaudo | Inicio');
    await page.getByText('Bienvenido, Administrador Recaudo').waitFor();
    await expect.poll(() => menuLabels(page), { timeout: 5000 }).toEqual([
      'Inicio', 'Clientes', 'Usuarios', 'Cierres de Caja', 'Pagos', 'Solvencias', 'Direcciones de Pagos',
      'Operaciones Bancarias', 'Conciliaciones',
      'Regional', 'Estados', 'Municipios', 'Parroquias', 'Comunidades',
      'General', 'Roles y Permisos', 'Grupos de actividades', 'Actividades económicas', 'Tasas de Cambio',
      'Métodos de Pago', 'Bancos', 'Respaldos', 'Correlativos', 'Tickets de Pago',
      'Reportes', 'Bitácoras', 'Inicios de sesión', 'Libro de Ventas',
    ]);
    await snapshot(page, 'admin-dashboard');
    await page.context().close();
  });

  it('the cashier sees only the permitted entries and cannot open roles', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cajero@recaudo.test');
    await expect.poll(() => menuLabels(page), { timeout: 5000 }).toEqual([
      'Inicio', 'Clientes', 'Cierres de Caja', 'Pagos', 'Solvencias', 'Direcciones de Pagos', 'General', 'Tickets de Pago',
    ]);
    await page.goto('/roles');
    await page.waitForURL('**/dashboard');
    await waitForTitle(page, 'Recaudo | Inicio');
    await page.context().close();
  });

  it('the client user gets the client menu and their own name', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cliente@recaudo.test');
    await expect.poll(() => menuLabels(page), { timeout: 5000 }).toEqual(['Inicio', 'Direcciones de Pagos', 'Pagos', 'Recibos de Pagos', 'Solvencias']);
    await page.getByText('Bienvenido, María Pérez').waitFor();
    await page.goto('/clients');
    await page.waitForURL('**/dashboard');
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('a logged-out visit and an unknown path redirect as the spec says', async () => {
    const page = await newPage(browser(), baseUrl());
    await page.goto('/clients');
    await waitForLoginPage(page);
    await page.goto('/pass-change');
    await waitForLoginPage(page);
    await waitForTitle(page, 'Recaudo | Iniciar sesión');
    await snapshot(page, 'login');

    await loginAs(page, 'analista@recaudo.test');
    await page.goto('/no-existe');
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('a wrong password shows the server message and stays on the login page', async () => {
    const page = await newPage(browser(), baseUrl());
    await page.goto('/login');
    await page.getByLabel('Correo').fill('admin@recaudo.test');
    await page.getByLabel('Contraseña').fill('equivocada');
    expectFailedCall(page, '/api/auth/login', 401);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Las credenciales no coinciden con nuestros registros.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('the theme toggle persists across reloads and sessions; Salir logs out', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'analista@recaudo.test');
    const root = page.locator('[data-theme]').first();
    expect(await root.getAttribute('data-theme')).toBe('light');
    await page.getByRole('button', { name: 'Cambiar tema' }).click();
    await page.waitForSelector('[data-theme="dark"]');
    await page.waitForTimeout(300);
    await page.reload();
    await page.getByText('Bienvenido, Ana Analista').waitFor();
    await page.waitForSelector('[data-theme="dark"]');
    await snapshot(page, 'dark-dashboard');

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByText('Salir').click();
    await waitForLoginPage(page);
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => /token/i.test(key) && localStorage.getItem(key)))).toBe(false);

    const other = await newPage(browser(), baseUrl());
    await loginAs(other, 'analista@recaudo.test');
    await other.waitForSelector('[data-theme="dark"]');
    await other.getByRole('button', { name: 'Cambiar tema' }).click();
    await other.waitForSelector('[data-theme="light"]');
    await page.context().close();
    await other.context().close();
  });

  it('an unknown API path answers the JSON 404, while an unknown page path serves the app', async () => {
    const api = await fetch(`${baseUrl()}/api/auth/me`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: 'No encontrado: GET /api/auth/me' });
    const page = await fetch(`${baseUrl()}/clients/anything`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });
});
