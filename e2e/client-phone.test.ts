import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiAs, chromiumPath, loginAs, selectOption, snapshot, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';
import { caracasDate } from './support/dates';

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

/** A finger's size (WCAG 2.5.5, Apple's and Android's guidelines): every touch target of the portal is at least this tall and wide. */
const TOUCH = 44;

/**
 * The visible interactive elements of the page smaller than TOUCH in either direction, named so a
 * failure says which. An input counts by the box a finger hits: its antd wrapper (the select,
 * the number or date field, the affixed input), a checkbox or radio by its label. Exceptions:
 * a link inside running text (a sentence's words, WCAG 2.5.8's "inline" exception) and the
 * antd inputs' inner elements, which the wrapper measured stands for. Only what is inside `scope`
 * (a CSS selector) counts: an open drawer or menu, not the page it covers.
 */
function undersizedTargets(page: Page, scope: string): Promise<{ measured: number; small: string[] }> {
  return page.evaluate(
    ([size, within]) => {
      const selector = [
        'a[href]',
        'button',
        'input:not([type=hidden])',
        'select',
        'textarea',
        '[role=button]',
        '[role=switch]',
        '[role=tab]',
        '[role=checkbox]',
        '[role=radio]',
        '[role=menuitem]',
        '.ant-pagination-item',
      ].join(',');
      const wrapperOf = (element: Element) =>
        element.closest(
          '.ant-select, .ant-picker, .ant-input-number, .ant-input-affix-wrapper, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-segmented-item, .ant-input-group-wrapper, .ant-tabs-tab, .ant-upload',
        ) ?? element;
      const inRunningText = (element: Element) =>
        element.tagName === 'A' &&
        !!element.closest('p, .ant-typography:not(a), .ant-alert-description, .ant-form-item-extra') &&
        (element.parentElement?.textContent?.trim() ?? '') !== (element.textContent?.trim() ?? '');
      const seen = new Set<Element>();
      const small: string[] = [];
      for (const found of Array.from(document.querySelectorAll(within)).flatMap((root) => Array.from(root.querySelectorAll(selector)))) {
        const target = wrapperOf(found);
        if (seen.has(target) || inRunningText(found)) continue;
        seen.add(target);
        const box = target.getBoundingClientRect();
        const style = getComputedStyle(target);
        if (
          !box.width ||
          !box.height ||
          style.visibility === 'hidden' ||
          target.closest('[aria-hidden=true], .ant-select-dropdown-hidden, .ant-dropdown-hidden, .ant-tooltip')
        )
          continue;
        if (box.height >= size - 0.5 && box.width >= size - 0.5) continue;
        const name = target.getAttribute('aria-label') ?? found.getAttribute('aria-label') ?? (target as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
        small.push(
          `${target.tagName.toLowerCase()}.${Array.from(target.classList).slice(0, 2).join('.')} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
      return { measured: seen.size, small };
    },
    [TOUCH, scope] as const,
  );
}

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
      await page.getByRole('heading', { level: 1 }).first().waitFor();
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

  it('every touch target of every client screen is at least 44 px tall and wide, and no screen is wider than the phone', async () => {
    const { page, errors } = await phonePage();
    // Every screen is checked before the test fails, so a failure lists them all.
    const found: string[] = [];
    const check = async (screen: string, scope = 'body') => {
      await page.waitForLoadState('networkidle');
      const width = await pageWidth(page);
      if (width > PHONE.width) found.push(`${screen}: ${width} px de ancho`);
      const { measured, small } = await undersizedTargets(page, scope);
      // A scope that matched nothing would pass without looking.
      if (measured < 2) found.push(`${screen}: ${measured} controles medidos`);
      found.push(...small.map((target) => `${screen}: ${target}`));
      await snapshot(page, `touch-${screen.replace(/\W+/g, '-')}`);
    };
    for (const path of ['/login', '/register', '/forgot-password']) {
      await page.goto(path);
      await page.getByRole('heading').first().waitFor();
      await check(path);
    }
    await loginAs(page, 'cliente@recaudo.test');
    await page.getByText('Lo que debo').waitFor();
    for (const path of CLIENT_SCREENS) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(path);
    }
    // The menu open, and Editar Perfil.
    await page.getByRole('button', { name: 'Mostrar menú' }).click();
    await page.getByRole('menu').first().waitFor();
    await check('menú', '.ant-layout-sider');
    // The open menu covers the page; choosing an entry closes it.
    await page.getByRole('menuitem', { name: 'Inicio' }).click();
    await page.getByRole('button', { name: 'Mostrar menú' }).waitFor();
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await check('menú de usuario', '.ant-dropdown:not(.ant-dropdown-hidden)');
    await page.getByRole('menuitem', { name: 'Editar Perfil' }).click();
    await page.getByRole('dialog').getByLabel('Correo').waitFor();
    await check('Editar Perfil', '.ant-drawer-open');
    await page.keyboard.press('Escape');
    // The payment form and the statement, from the home.
    await page.goto('/dashboard');
    await page
      .getByRole('button', { name: /^Pagar/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: 'Nuevo pago' })
      .getByText(/^Pagar deuda total/)
      .waitFor();
    await check('Nuevo pago', '.ant-drawer-open');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^Estado de cuenta de / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Estado de cuenta' }).getByText('Antigüedad de la deuda').waitFor();
    await check('Estado de cuenta', '.ant-modal-wrap');
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('the client pays what she owes by Pago Móvil against the bank simulator, holds the receipt at once, and the payment is approved and numbered', async () => {
    const api = await apiAs(baseUrl());
    const [client] = await api<{ id: number; email: string; phone: string[] }[]>('clients/selects/data?search=12345678');
    const { page, errors } = await phonePage();
    await loginAs(page, 'cliente@recaudo.test');
    await page.getByText('Lo que debo').waitFor();
    await page
      .getByRole('button', { name: /^Pagar/ })
      .first()
      .click();
    const panel = page.getByRole('dialog', { name: 'Nuevo pago' });
    await panel.getByText(/^Pagar deuda total/).waitFor();
    await selectOption(page, panel, 'Método de pago', 'Pago móvil');
    // What the form asks her to pay (her whole debt at today's rate) is what she sends from her bank's app.
    const due = await panel.getByLabel('Monto pagado').getAttribute('aria-valuenow');
    expect(Number(due)).toBeGreaterThan(0);

    // Her Pago Móvil reaches the bank: from Banesco, from the phone Recaudo has on file, today.
    const { day, month, year } = caracasDate();
    const reference = String(Date.now()).slice(-8);
    const phone = `0${client!.phone[0]}`;
    const { url, trainerKey } = inject('bankSimulator');
    const credit = await fetch(`${url}/simulador/creditos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trainer-key': trainerKey },
      body: JSON.stringify({
        referencia: reference,
        fechaPago: `${year}-${month}-${day}`,
        importe: Number(due).toFixed(2),
        bancoOrigen: '0134',
        telefonoPagador: phone,
      }),
    });
    expect(((await credit.json()) as { code: string }).code).toBe('1000');

    await panel.getByLabel('Referencia').fill(reference);
    await selectOption(page, panel, 'Banco de origen', '0134 - Banesco', { search: '0134', exact: false });
    const date = panel.getByLabel('Fecha de pago');
    await date.click();
    await date.fill(`${day}-${month}-${year}`);
    // Tab, not Enter: Enter in a field of the form submits it, and she has not validated yet.
    await date.press('Tab');
    await panel.getByRole('button', { name: /Validar pago con BDV/ }).click();
    const modal = page.getByRole('dialog', { name: 'Validar pago móvil con BDV' });
    await modal.getByRole('radio').first().check();
    await modal.getByRole('button', { name: 'Validar pago' }).click();

    await page.getByText('Pago aprobado').waitFor({ timeout: 30_000 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await snapshot(page, 'client-pago-movil-approved-390');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar recibo' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    // Done: the panel offers no second Guardar, only Cerrar.
    const footer = page.locator('.ant-drawer-footer');
    expect(await footer.getByRole('button', { name: 'Guardar' }).count()).toBe(0);
    await footer.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByText('Pago aprobado').waitFor({ state: 'hidden' });

    // Approved and numbered without staff, once, with the bank's reference.
    const stored = await api<{ data: { reference: string; status: number; bdv_verified: boolean; number_correlative: string | null }[] }>(
      `payments?search=${reference}&per_page=10`,
    );
    const paid = stored.data.filter((row) => row.reference.endsWith(reference));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 1, bdv_verified: true });
    expect(paid[0]!.number_correlative).not.toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);
});
