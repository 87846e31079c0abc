import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, loginAs, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

const PHONE = { width: 390, height: 844 };
const CLIENT_SCREENS = ['/dashboard', '/address-payments', '/payments', '/payments-receipt', '/solvencies'];

/** A phone's browser (issue 33): 390 × 844, touch, Caracas time; any console error or CSP violation fails the test. */
async function phonePage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'es-VE',
    timezoneId: 'America/Caracas',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** How wide the page is laid out: wider than the viewport means it scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

describe.skipIf(!chromiumPath)(`the client portal on a phone in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  it('the registration page fits 390 px with the identification field in view', async () => {
    const { page, errors } = await phonePage();
    await page.goto('/register');
    const field = page.getByLabel('Número de identificación');
    await field.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const box = await field.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await snapshot(page, 'register-390');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the client sees what she owes on her home, opens her statement and downloads it; no client screen is wider than the phone', async () => {
    const { page, errors } = await phonePage();
    await loginAs(page, 'cliente@recaudo.test');
    await page.getByText('Lo que debo').waitFor();
    // The brand in the header, and no full-screen toggle on a phone.
    await page.getByRole('banner').getByText('Recaudo', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Pantalla completa' }).count()).toBe(0);
    const menu = page.getByRole('button', { name: /Mostrar menú|Ocultar menú/ });
    const menuBox = await menu.boundingBox();
    expect(Math.min(menuBox!.width, menuBox!.height)).toBeGreaterThanOrEqual(44);
    // Each address says what it owes, or that it is up to date.
    await expect.poll(() => page.getByText(/^Debes \d+ mes(es)? desde |^Estás al día$/).count()).toBeGreaterThan(0);
    await page.getByText('Datos Personales').waitFor();
    await snapshot(page, 'client-home-390');

    const statementButton = page.getByRole('button', { name: /^Estado de cuenta de / }).first();
    await statementButton.click();
    const dialog = page.getByRole('dialog', { name: 'Estado de cuenta' });
    await dialog.getByText('Antigüedad de la deuda').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descargar PDF' }).click();
    expect((await download).suggestedFilename()).toBe('Estado de cuenta.pdf');
    await snapshot(page, 'client-statement-390');
    await page.keyboard.press('Escape');

    for (const path of CLIENT_SCREENS) {
      await page.goto(path);
      await page.getByRole('heading', { level: 3 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
      // Lists are cards on a phone, not tables scrolling sideways.
      expect(await page.locator('.ant-table').count(), path).toBe(0);
    }
    await page.goto('/payments');
    const payment = page.getByRole('list', { name: 'Pagos' }).getByRole('listitem').first();
    await payment.getByText(/^Meses: /).waitFor();
    await snapshot(page, 'client-payments-390');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
