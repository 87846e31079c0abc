import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, chromiumPath, expectAccessible, loginAs, newPage, scrollThrough, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

/** Waits until the screen's data is drawn: every part brought into view, no table or card still loading. */
async function settled(page: Page): Promise<void> {
  await scrollThrough(page);
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count()).toBe(0);
}

/** Opens `path`, waits for `ready` and checks the screen with axe; the time it took is kept. */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<unknown>, walk: Walk): Promise<void> {
  if (path) await page.goto(path);
  await ready(page);
  await settled(page);
  const start = Date.now();
  // Every screen of the walk is checked before the test fails: one run tells all that is wrong.
  await expectAccessible(page).catch((error: Error) => walk.failures.push(error.message));
  walk.times.push(`${path || 'diálogo'} ${Date.now() - start} ms`);
}

interface Walk {
  times: string[];
  failures: string[];
}

/**
 * axe-core finds no serious nor critical violation on the screens people use every day (issue 51):
 * the client's at 390 px and staff's at 1366 × 768, in the light and the dark theme. The other
 * browser tests check the screens they visit too (support/browser.ts); this walk covers the list.
 */
describe.skipIf(!chromiumPath)(`accessibility with axe-core in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the client's screens at 390 px, ${colorScheme === 'light' ? 'claro' : 'oscuro'}: no serious violation, and no VACIO anywhere`, async () => {
      const walk: Walk = { times: [], failures: [] };
      const page = await newPage(browser(), baseUrl(), { colorScheme });
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs(page, 'cliente@recaudo.test');
      const noEmptyMarker = async () => expect(await page.locator('body').innerText()).not.toContain('VACIO');

      await visit(page, '/dashboard', (screen) => screen.getByRole('heading', { level: 1 }).waitFor(), walk);
      await noEmptyMarker();
      await visit(page, '', (screen) => screen.getByRole('button', { name: 'Estado de cuenta completo' }).click(), walk);
      const statement = page.getByRole('dialog', { name: 'Estado de cuenta' });
      await statement.waitFor();
      await settled(page);
      await noEmptyMarker();
      await statement.getByRole('button', { name: 'Cerrar' }).first().click();
      await statement.waitFor({ state: 'hidden' });

      await visit(page, '/address-payments', (screen) => screen.getByRole('heading', { level: 1 }).waitFor(), walk);
      await noEmptyMarker();
      await visit(page, '/payments', (screen) => screen.getByRole('heading', { level: 1 }).waitFor(), walk);
      await noEmptyMarker();
      await page.getByRole('button', { name: 'Nuevo pago' }).click();
      await visit(page, '', (screen) => screen.getByRole('dialog', { name: 'Nuevo pago' }).waitFor(), walk);
      await page.keyboard.press('Escape');
      await visit(page, '/solvencies', (screen) => screen.getByRole('heading', { level: 1 }).waitFor(), walk);
      await noEmptyMarker();
      console.info(`axe (cliente, ${colorScheme}): ${walk.times.join(' · ')}`);
      expect(walk.failures).toEqual([]);
      await page.context().close();
    });

    it(`staff's screens at 1366 × 768, ${colorScheme === 'light' ? 'claro' : 'oscuro'}: no serious violation`, async () => {
      const walk: Walk = { times: [], failures: [] };
      const api = await apiAs(baseUrl());
      const [client] = (await api<{ data: { id: number }[] }>('clients?per_page=1')).data;
      const page = await newPage(browser(), baseUrl(), { colorScheme });
      await page.setViewportSize({ width: 1366, height: 768 });
      await loginAs(page, 'admin@recaudo.test');
      const table = (name: string | RegExp) => (screen: Page) => screen.getByRole('table', { name }).waitFor();
      await visit(page, '/dashboard', (screen) => screen.getByRole('heading', { level: 1 }).waitFor(), walk);
      await visit(page, '/clients', table('Clientes'), walk);
      await visit(page, `/client-detail/${client!.id}`, (screen) => screen.getByRole('heading', { level: 1 }).waitFor(), walk);
      await visit(page, '/payments', table('Pagos'), walk);
      // antd's own controls named in Spanish: the pagination's arrows and the search's clear button.
      await page.getByRole('button', { name: 'Página siguiente' }).waitFor();
      await page.getByLabel('Buscar', { exact: true }).fill('zz');
      await page.getByRole('button', { name: 'Limpiar' }).click();
      await expect.poll(() => page.getByLabel('Buscar', { exact: true }).inputValue()).toBe('');
      await visit(page, '/closed-boxs', table('Cierres de Caja'), walk);
      await visit(page, '/logs', (screen) => screen.getByRole('table').first().waitFor(), walk);
      await visit(page, '/roles', (screen) => screen.getByRole('table').first().waitFor(), walk);
      console.info(`axe (personal, ${colorScheme}): ${walk.times.join(' · ')}`);
      expect(walk.failures).toEqual([]);
      await page.context().close();
    });
  }
});
