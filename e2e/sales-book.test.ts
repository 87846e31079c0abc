import fs from 'node:fs';
import { formatMoney } from '@recaudo/domain/format-money';
import { currentMonth } from '@recaudo/domain/months';
import type { SalesBookTotals } from '@recaudo/domain/sales-book';
import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, loginAs, newPage, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

describe.skipIf(!chromiumPath)(`Libro de Ventas in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the administrator opens it from Reportes at 1366 × 768 and sees the month’s book as the API counts it; the cashier cannot open it', async () => {
    const api = await apiAs(baseUrl());
    const book = await api<{ total: number; totals: SalesBookTotals }>(`sales-book?period=${currentMonth()}`);

    const page = await newPage(browser(), baseUrl());
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, 'admin@recaudo.test');
    const menu = page.getByRole('menu', { name: 'Menú principal' });
    await menu.locator('.ant-menu-submenu-title', { hasText: /^Reportes$/ }).click();
    await menu.getByRole('menuitem', { name: 'Libro de Ventas' }).click();
    await page.waitForURL('**/sales-book');
    await expect.poll(() => page.title()).toBe('Recaudo | Libro de Ventas');
    const table = page.getByRole('table', { name: 'Libro de Ventas' });
    await table.waitFor();
    const summary = page.locator('.ant-descriptions');
    await summary.getByText('Total débito fiscal').waitFor();
    await expect.poll(() => summary.locator('tr', { hasText: 'Total débito fiscal' }).innerText()).toContain(formatMoney(book.totals.iva));
    await expect.poll(() => summary.locator('tr', { hasText: 'Total ventas con IVA' }).innerText()).toContain(formatMoney(book.totals.total));
    if (book.total > 0) await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(Math.min(book.total, 10));
    else await page.getByText('No hay documentos emitidos en este período.').waitFor();
    fs.mkdirSync('/tmp/shots-i49s', { recursive: true });
    await page.screenshot({ path: '/tmp/shots-i49s/sales-book-1366.png' });
    await snapshot(page, 'sales-book');
    // The rates, the withholding and the IGTF are to the right of the table; the summary below it.
    await table.locator('xpath=ancestor::div[contains(@class, "ant-table-content")]').evaluate((element) => (element.scrollLeft = element.scrollWidth));
    await page.screenshot({ path: '/tmp/shots-i49s/sales-book-1366-right.png' });
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots-i49s/sales-book-1366-summary.png' });

    // The second half of the month asks the server for it.
    const asked = page.waitForRequest((request) => request.url().includes('/api/sales-book?') && request.url().includes('half=2'));
    await page.getByText('2ª quincena (16 al fin)').click();
    await asked;
    await page.context().close();

    const cashier = await newPage(browser(), baseUrl());
    await loginAs(cashier, 'cajero@recaudo.test');
    await cashier.goto('/sales-book');
    await cashier.waitForURL('**/dashboard');
    await cashier.context().close();
  });
});
