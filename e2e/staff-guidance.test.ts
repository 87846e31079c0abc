import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, clickOption, loginAs, newPage, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

/** A staff screen as the office sees it (1366 × 768), failing on any console error of the page. */
async function staffPage(email: string): Promise<{ page: Page; errors: string[] }> {
  const page = await newPage(browser(), baseUrl());
  await page.setViewportSize({ width: 1366, height: 768 });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await loginAs(page, email);
  return { page, errors };
}

/** Every accessible name and tooltip on the page that is written in English (antd's defaults). */
const englishLabels = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[aria-label], [title]'))
      .flatMap((element) => [element.getAttribute('aria-label'), element.getAttribute('title')])
      .filter((text): text is string => Boolean(text) && /\b(Select|Row|selected|Increase|Decrease|Close|Expand|Collapse|Click|Search|Loading|Previous|Next|Page|Custom selection)\b/.test(text!)),
  );

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').getByText(text, { exact: true }).waitFor();

describe.skipIf(!chromiumPath)(`staff screens that guide the user${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('Guardar in a long panel scrolls to the first field in error, focuses it and says how many need attention', async () => {
    const { page, errors } = await staffPage('admin@recaudo.test');
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Nuevo cliente' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo cliente' });
    await panel.waitFor();
    await panel.getByLabel('Tipo de identificación').click();
    await clickOption(page, 'V - Venezolano');
    await panel.getByLabel('Identificación', { exact: true }).fill('27999888');
    await panel.getByLabel('Teléfonos').fill('4141234567');
    await panel.getByRole('button', { name: 'Agregar' }).click();
    await panel.getByLabel('Notas').fill('Cliente de prueba del desplazamiento');

    // At 768 px the panel scrolls: the cashier is at its end when pressing Guardar.
    const body = panel.locator('.ant-drawer-body');
    const box = await body.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      return { scrollable: element.scrollHeight > element.clientHeight, scrollTop: element.scrollTop };
    });
    expect(box.scrollable).toBe(true);
    expect(box.scrollTop).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Guardar' }).click();

    await expect.poll(() => panel.getByRole('alert').filter({ hasText: 'Revisa' }).innerText()).toBe('Revisa 2 campos; el primero es «Nombre».');
    const name = panel.getByLabel('Nombre', { exact: true });
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
    // The focused field is in view inside the panel's body.
    const [field, view] = await Promise.all([name.boundingBox(), body.boundingBox()]);
    expect(field!.y).toBeGreaterThanOrEqual(view!.y);
    expect(field!.y + field!.height).toBeLessThanOrEqual(view!.y + view!.height);
    await snapshot(page, 'panel-fields-in-error');

    // The count follows the corrections and goes when nothing is left.
    await name.fill('Rosa Prueba Desplazamiento');
    await expect.poll(() => panel.getByRole('alert').filter({ hasText: 'Revisa' }).innerText()).toBe('Revisa el campo «Correo».');
    await panel.getByLabel('Correo').fill('rosa.desplazamiento@correo.test');
    await expect.poll(() => panel.getByRole('alert').filter({ hasText: 'Revisa' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Cancelar' }).click();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('Operaciones Bancarias says what to do before the first query, Conciliaciones read as Spanish fields, and an address a user may not open says why', async () => {
    const { page, errors } = await staffPage('admin@recaudo.test');
    await page.goto('/bank-operations');
    const table = page.getByRole('table', { name: 'Movimientos bancarios' });
    await table.getByText('Elige un rango de fechas y pulsa Consultar').waitFor();
    expect(await page.getByText('No se encontraron movimientos').count()).toBe(0);

    // Conciliaciones name the origin bank and lay out what the bank answered, never as JSON.
    await page.goto('/conciliations');
    const conciliations = page.getByRole('table', { name: /Conciliaciones/ });
    const first = conciliations.locator('tbody tr.ant-table-row').first();
    await first.waitFor();
    expect(await first.innerText()).toMatch(/\b\d{4} · \S/);
    await first.getByRole('button', { name: /^Ver detalles/ }).click();
    const details = page.getByRole('dialog', { name: 'Detalles de la conciliación' });
    await details.getByText('Respuesta del banco').waitFor();
    await expect.poll(() => details.innerText()).toMatch(/Estado HTTP|Error de conexión/);
    expect(await details.innerText()).not.toMatch(/[{}]|http_status/);
    expect(await englishLabels(page)).toEqual([]);
    await details.getByRole('button', { name: 'Cerrar' }).click();
    await details.waitFor({ state: 'hidden' });

    await page.goto('/no-existe');
    await page.waitForURL('**/dashboard');
    await toast(page, 'La página /no-existe no existe; te llevamos a Inicio.');
    await page.context().close();

    const cashier = await staffPage('cajero@recaudo.test');
    await cashier.page.goto('/roles');
    await cashier.page.waitForURL('**/dashboard');
    await toast(cashier.page, 'No tienes permiso para abrir /roles; te llevamos a Inicio.');
    expect([...errors, ...cashier.errors]).toEqual([]);
    await cashier.page.context().close();
  });

  it("a new closing starts from today's rate and the cashier's series; row checkboxes and every label are Spanish", async () => {
    const { page, errors } = await staffPage('cajero@recaudo.test');
    const api = await apiAs(baseUrl(), 'cajero@recaudo.test');
    const rates = await api<{ dollar_rate: string }>('configurations/exchange-rate');
    const me = (await (await fetch(`${baseUrl()}/api/auth/me`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` } })).json()) as {
      data: { user: { correlative_id: number | null } };
    };
    const series = await api<{ id: number; serie: string }[]>('correlatives/selects');
    const own = series.find((serie) => serie.id === me.data.user.correlative_id);
    // The demo cashier numbers with a series of their own.
    expect(own).toBeDefined();

    await page.goto('/closed-boxs');
    const list = page.getByRole('table', { name: 'Cierres de Caja' });
    await list.locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByRole('button', { name: /Nuevo cierre/ }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo cierre de caja' });
    await panel.waitFor();
    // The money input writes the stored text the Venezuelan way: thousands with dots, a decimal comma.
    const [whole, cents] = rates.dollar_rate.split('.');
    const rate = `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
    await expect.poll(() => panel.getByLabel('Tasa de cambio').inputValue()).toBe(rate);
    const serie = panel.getByLabel('Serie').locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
    await expect.poll(() => serie.innerText()).toBe(own!.serie);
    await panel.getByRole('button', { name: 'Cancelar' }).click();
    await panel.waitFor({ state: 'hidden' });

    await list.locator('tbody tr.ant-table-row').first().getByRole('button', { name: 'Ver pagos' }).click();
    await page.getByRole('button', { name: /Agregar pagos/ }).click();
    const modal = page.getByRole('dialog', { name: 'Pagos' });
    await modal.getByRole('checkbox', { name: 'Seleccionar todas las filas' }).waitFor();
    if (await modal.locator('tbody tr.ant-table-row').count()) await modal.getByRole('checkbox', { name: 'Seleccionar fila 1', exact: true }).waitFor();
    expect(await englishLabels(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Cancelar' }).click();

    for (const path of ['/payments', '/clients', '/solvencies']) {
      await page.goto(path);
      await page.locator('.ant-table-row, .ant-empty').first().waitFor();
      expect({ path, english: await englishLabels(page) }).toEqual({ path, english: [] });
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
