import { describe, expect, it } from 'vitest';
import { clickAndExpectToast, chromiumPath, loginAs, newPage, snapshot, useBrowser, chooseRowAction } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

describe.skipIf(!chromiumPath)(`roles and permissions in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator creates a role, grants a screen with its actions, and deletes the role', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/roles');
    await page.getByRole('button', { name: 'Nuevo rol' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo rol' });
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await panel.getByText('El campo Nombre es obligatorio.').waitFor();
    await panel.getByLabel('Nombre').fill('Supervisión Regional');
    await panel.getByLabel('Tiempo de Expiración').fill('45');
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Rol creado');
    const row = page.getByRole('row', { name: /Supervisión Regional/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('45');

    await row.getByRole('button', { name: /Permisos/ }).click();
    await page.getByRole('heading', { name: 'Permisos de Supervisión Regional' }).waitFor();
    const tree = page.getByRole('tree', { name: 'Permisos del rol' });
    await tree.getByText('Estados', { exact: true }).click();
    await expect.poll(async () => tree.locator('.ant-tree-treenode-checkbox-checked').allInnerTexts(), { timeout: 5000 }).toEqual([
      'Estados', 'Agregar estados', 'Editar estados', 'Eliminar estados', 'Exportar estados',
    ]);
    await snapshot(page, 'role-permissions');
    await page.getByRole('button', { name: 'Volver a roles' }).click();

    await chooseRowAction(page, page.getByRole('row', { name: /Supervisión Regional/ }), 'Eliminar');
    const confirm = page.getByRole('dialog', { name: '¿Seguro de eliminar el rol?' });
    await clickAndExpectToast(page, confirm.getByRole('button', { name: 'Eliminar' }), 'Rol eliminado');
    await page.getByRole('row', { name: /Supervisión Regional/ }).waitFor({ state: 'detached' });
    await page.context().close();
  });
});
