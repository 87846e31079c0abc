import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiAs, chooseRowAction, chromiumPath, clickAndExpectToast, downloaded, loginAs, newPage, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

describe.skipIf(!chromiumPath)(`Respaldos in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator creates, downloads and deletes a backup, under the content security policy', async () => {
    const document = await fetch(`${baseUrl()}/backups`);
    expect(document.headers.get('content-security-policy')).toContain("script-src 'self'");

    const page = await newPage(browser(), baseUrl());
    await loginAs(page, 'admin@recaudo.test');
    await page.goto('/backups');
    await page.getByRole('heading', { name: 'Respaldos' }).waitFor();
    const table = page.getByRole('table', { name: 'Respaldos' });
    await table.waitFor();
    const before = await table.locator('tbody tr.ant-table-row').count();

    await clickAndExpectToast(page, page.getByRole('button', { name: 'Crear respaldo' }), 'Respaldo creado');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(before + 1);
    const api = await apiAs(baseUrl());
    const [newest] = await api<{ name: string; size: number }[]>('backups');
    const row = table.getByRole('row', { name: new RegExp(newest!.name.replace(/\./g, '\\.')) });
    await row.waitFor();
    await snapshot(page, 'backups');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /Descargar/ }).click()]);
    expect(download.suggestedFilename()).toBe(newest!.name);
    const saved = await downloaded(download);
    const content = fs.readFileSync(saved);
    expect(content.length).toBe(newest!.size);
    const header = JSON.parse(gunzipSync(content).toString('utf8').split('\n')[0]!);
    expect(header.header.format).toBe('recaudo-backup');

    await chooseRowAction(page, row, 'Eliminar');
    const confirm = page.getByRole('dialog', { name: '¿Seguro de eliminar el respaldo?' });
    await confirm.waitFor();
    await clickAndExpectToast(page, confirm.getByRole('button', { name: 'Eliminar' }), 'Respaldo eliminado');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(before);
    expect((await api<{ name: string }[]>('backups')).map((backup) => backup.name)).not.toContain(newest!.name);

    // A violation on the way back fails the test through the support's watch.
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
  }, 180_000);
});
