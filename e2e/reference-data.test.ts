import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseRowAction, chromiumPath, clickAndExpectToast, downloaded, loginAs, newPage, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

describe.skipIf(!chromiumPath)(`reference data in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator creates, edits, exports and deletes an economic activity, and changes the dollar rate', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');

    // Create, with the rules of the panel first.
    await page.goto('/economic-activities');
    await page.getByRole('button', { name: 'Nueva actividad' }).click();
    const panel = page.getByRole('dialog', { name: 'Nueva actividad económica' });
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await panel.getByText('El campo Tarifa es obligatorio.').waitFor();
    await panel.getByLabel('Nombre').fill('Librerías y papelerías');
    await panel.getByLabel('Tarifa', { exact: true }).fill('1.234,5');
    await panel.getByLabel('Grupo').click();
    await page.locator('.ant-select-item-option').getByText('Servicios', { exact: true }).click();
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Actividad económica creada');
    const row = page.getByRole('row', { name: /Librerías y papelerías/ });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('$ 1.234,50');
    expect(await row.innerText()).toContain('Servicios');

    // Edit the fee.
    await row.getByRole('button', { name: /Editar/ }).click();
    const edit = page.getByRole('dialog', { name: 'Editar actividad económica' });
    await edit.getByLabel('Tarifa', { exact: true }).fill('99,9');
    await clickAndExpectToast(page, edit.getByRole('button', { name: 'Guardar' }), 'Actividad económica actualizada');
    await expect.poll(() => row.innerText()).toContain('$ 99,90');

    // Export exactly what the search selects, as XLSX.
    await page.getByLabel('Buscar').fill('Librerías');
    await expect.poll(() => page.getByRole('row').count(), { timeout: 5000 }).toBe(2);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Exportar Excel/ }).click()]);
    expect(file.suggestedFilename()).toBe('Actividades Económicas.xlsx');
    const saved = await downloaded(file);
    expect(fs.readFileSync(saved).subarray(0, 2).toString()).toBe('PK');
    await snapshot(page, 'economic-activities');

    // Change the dollar rate in place.
    await page.goto('/configurations');
    const rate = page.getByRole('row', { name: /Tasa del dólar/ });
    await rate.getByRole('button', { name: 'Editar Tasa del dólar' }).click();
    const value = page.getByLabel('Nuevo valor de Tasa del dólar');
    await value.fill('');
    await rate.getByRole('button', { name: /Guardar/ }).click();
    await rate.getByText('Ingresa Datos!').waitFor();
    await value.fill('301,25');
    // A manual rate says why (issue 47): it stands beside the BCV's in the history.
    await rate.getByLabel('Motivo de la tasa manual de Tasa del dólar').fill('El BCV no publicó');
    await rate.getByLabel('Motivo de la tasa manual de Tasa del dólar').press('Enter');
    await page.getByText('Tasa actualizada').waitFor();
    await expect.poll(() => rate.innerText()).toContain('BS 301,25');

    // Delete the activity.
    await page.goto('/economic-activities');
    await chooseRowAction(page, page.getByRole('row', { name: /Librerías y papelerías/ }), 'Eliminar');
    const confirm = page.getByRole('dialog', { name: '¿Seguro de eliminar la actividad económica?' });
    await clickAndExpectToast(page, confirm.getByRole('button', { name: 'Eliminar' }), 'Actividad económica eliminada');
    await page.getByRole('row', { name: /Librerías y papelerías/ }).waitFor({ state: 'detached' });
    await page.context().close();
  });
});
