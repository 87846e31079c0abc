import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseRowAction, chromiumPath, clickAndExpectToast, clickOption, downloaded, loginAs, newPage, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

/** Opens an antd select by its label, types to search, and picks the option. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await scope.getByLabel(label, { exact: true }).fill(option);
  await clickOption(page, option);
}

describe.skipIf(!chromiumPath)(`communities in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator creates, edits, filters, exports and deletes a community', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/communities');
    await page.getByRole('heading', { name: 'Comunidades' }).waitFor();

    // Create through the panel, with the state → municipality → parish cascade.
    await page.getByRole('button', { name: 'Nueva comunidad' }).click();
    const panel = page.getByRole('dialog', { name: 'Nueva comunidad' });
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await panel.getByText('El campo Nombre es obligatorio.').waitFor();
    await panel.getByLabel('Nombre', { exact: true }).fill('Comunidad Prueba E2E');
    await choose(page, panel, 'Estado', 'Carabobo');
    await choose(page, panel, 'Municipio', 'Valencia');
    await choose(page, panel, 'Parroquia', 'San José');
    await panel.getByLabel('Número de casas').fill('75');
    await panel.getByLabel('Nombre del responsable').fill('Marta Rivas');
    await panel.getByLabel('Teléfono del responsable').pressSequentially('4241234599');
    expect(await panel.getByLabel('Teléfono del responsable').inputValue()).toBe('+58 (424)-1234599');
    await panel.getByLabel('Tarifa', { exact: true }).fill('8,75');
    await panel.getByLabel('Fecha de inicio').click();
    await panel.getByLabel('Fecha de inicio').fill('10-01-2024');
    // Enter would submit the form; leaving the field keeps the typed date.
    await panel.getByLabel('Fecha de inicio').press('Tab');
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Comunidad creada');
    const row = page.getByRole('row', { name: /Comunidad Prueba E2E/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/San José[\s\S]*75[\s\S]*Marta Rivas[\s\S]*\+58 \(424\)-1234599[\s\S]*\$ 8,75[\s\S]*10-01-2024/);

    // Edit.
    await row.getByRole('button', { name: /Editar/ }).click();
    const edit = page.getByRole('dialog', { name: 'Editar comunidad' });
    expect(await edit.getByLabel('Tarifa', { exact: true }).inputValue()).toBe('8,75');
    await edit.getByLabel('Número de casas').fill('80');
    await clickAndExpectToast(page, edit.getByRole('button', { name: 'Guardar' }), 'Comunidad actualizada');
    await expect.poll(async () => row.innerText(), { timeout: 5000 }).toMatch(/\b80\b/);

    // Filter by its parish: only San José's communities stay.
    await page.getByRole('button', { name: /Filtros/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filtros' });
    await choose(page, filters, 'Estado', 'Carabobo');
    await choose(page, filters, 'Municipio', 'Valencia');
    await choose(page, filters, 'Parroquia', 'San José');
    await filters.locator('.ant-drawer-footer').getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('row', { name: /Barrio San Blas/ }).waitFor({ state: 'detached' });
    await row.waitFor();
    await page.getByRole('button', { name: /Filtros \(3 activos\)/ }).waitFor();

    // Export the filtered list as CSV.
    await page.getByRole('button', { name: /Exportar/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Comunidades.csv');
    const csv = fs.readFileSync(await downloaded(download), 'utf8');
    expect(csv).toContain('Comunidad Prueba E2E');
    expect(csv).toContain('Marta Rivas');
    expect(csv).not.toContain('Barrio San Blas');

    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: /Expandir fila|Expand row/i }).click();
    await page.getByLabel('Resumen de pagos').getByText('Residencial').waitFor();
    await snapshot(page, 'communities');

    // Delete.
    await chooseRowAction(page, row, 'Eliminar');
    const confirm = page.getByRole('dialog', { name: '¿Seguro de eliminar la comunidad?' });
    await clickAndExpectToast(page, confirm.getByRole('button', { name: 'Eliminar' }), 'Comunidad eliminada');
    await page.getByRole('row', { name: /Comunidad Prueba E2E/ }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('the cashier sees no Regional menu and is sent away from /states', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'cajero@recaudo.test');
    const menu = page.getByRole('menu', { name: 'Menú principal' });
    await menu.getByText('Clientes', { exact: true }).waitFor();
    expect(await menu.getByText('Regional', { exact: true }).count()).toBe(0);
    expect(await menu.getByText('Estados', { exact: true }).count()).toBe(0);
    await page.goto('/states');
    await page.waitForURL((url) => url.pathname !== '/states');
    expect(await page.getByRole('heading', { name: 'Estados' }).count()).toBe(0);
    await page.context().close();
  });
});
