import { describe, expect, it } from 'vitest';
import { clickAndExpectToast, clickOption, chromiumPath, loginAs, newPage, snapshot, useBrowser, chooseRowAction } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

describe.skipIf(!chromiumPath)(`clients in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator creates a residential client with two phones, sees them formatted, adds a note and deletes the client', async () => {
    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/clients');
    await page.getByRole('table', { name: 'Clientes' }).waitFor();

    await page.getByRole('button', { name: 'Nuevo cliente' }).click();
    const panel = page.getByRole('dialog', { name: 'Nuevo cliente' });
    await panel.getByRole('button', { name: 'Guardar' }).click();
    await panel.getByText('El campo Teléfonos no debe estar vacio.').waitFor();
    await panel.getByLabel('Nombre').fill('Valentina Rojas Prueba');
    await panel.getByLabel('Tipo de identificación').click();
    await clickOption(page, 'V - Venezolano');
    await panel.getByLabel('Identificación', { exact: true }).fill('27123456');
    await panel.getByLabel('Correo').fill('valentina.rojas@correo.test');
    const phones = panel.getByLabel('Teléfonos');
    await phones.fill('4181234567');
    await panel.getByRole('button', { name: 'Agregar' }).click();
    await panel.getByText('El formato del Teléfono es inválido').waitFor();
    await phones.fill('4141234567');
    await panel.getByRole('button', { name: 'Agregar' }).click();
    await phones.fill('04241112233');
    await phones.press('Enter');
    expect(await panel.getByRole('list', { name: 'Números agregados' }).getByRole('listitem').allInnerTexts()).toEqual([
      '+58 (424)-1112233',
      '+58 (414)-1234567',
    ]);
    await clickAndExpectToast(page, panel.getByRole('button', { name: 'Guardar' }), 'Cliente creado');
    await panel.waitFor({ state: 'hidden' });

    await page.getByLabel('Buscar', { exact: true }).fill('Valentina Rojas');
    const row = page.getByRole('row', { name: /Valentina Rojas Prueba/ });
    await row.waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Clientes' }).locator('tbody tr.ant-table-row').count()).toBe(1);
    const cells = await row.innerText();
    expect(cells).toContain('+58 (414)-1234567');
    expect(cells).toContain('+58 (424)-1112233');
    expect(cells).toContain('V-27123456');
    await snapshot(page, 'clients');

    await row.getByRole('button', { name: 'Ver detalle' }).click();
    await page.waitForURL('**/client-detail/*');
    const header = page.getByRole('heading', { name: 'Valentina Rojas Prueba' });
    await header.waitFor();
    const headerCard = page.locator('.ant-card').first();
    expect(await headerCard.innerText()).toContain('+58 (414)-1234567');
    expect(await headerCard.innerText()).toContain('+58 (424)-1112233');
    expect(await headerCard.innerText()).toContain('V-27123456');
    await page.getByText('Tasa del dólar').waitFor();
    await snapshot(page, 'client-detail');

    await page.getByRole('tab', { name: 'Notas' }).click();
    await page.getByRole('button', { name: 'Nueva nota' }).click();
    const notePanel = page.getByRole('dialog', { name: 'Nueva nota' });
    await notePanel.getByLabel('Nota').fill('Prefiere ser contactada por correo en las mañanas, antes de las diez.');
    await clickAndExpectToast(page, notePanel.getByRole('button', { name: 'Guardar' }), 'Nota creada');
    await page.getByRole('table', { name: 'Notas' }).getByText('Prefiere ser contactada por correo en la…').waitFor();

    await page.getByRole('link', { name: 'Volver a clientes' }).click();
    await page.waitForURL('**/clients');
    await page.getByRole('table', { name: 'Clientes' }).waitFor();
    await page.getByLabel('Buscar', { exact: true }).fill('Valentina Rojas');
    const again = page.getByRole('row', { name: /Valentina Rojas Prueba/ });
    await expect.poll(() => page.getByRole('table', { name: 'Clientes' }).locator('tbody tr.ant-table-row').count()).toBe(1);
    await chooseRowAction(page, again, 'Eliminar');
    const confirm = page.getByRole('dialog', { name: '¿Seguro de eliminar el cliente?' });
    await clickAndExpectToast(page, confirm.getByRole('button', { name: 'Eliminar' }), 'Cliente eliminado');
    await again.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
