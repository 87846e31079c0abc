import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { axeFindings, describeFindings, screenKey } from './axe';
import { findChromium } from './chromium';

export const DEMO_PASSWORD = 'Recaudo2026!';
export const chromiumPath = findChromium();

/**
 * The API as a demo user (the Administrador by default), to pick demo data and check stored
 * effects: `await api<T>(path)` answers the envelope's `data`; `api.token` is the session's token.
 */
export async function apiAs(baseUrl: string, email = 'admin@recaudo.test') {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const api = async <T>(path: string): Promise<T> => {
    const answer = await fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { data: T }).data;
  };
  return Object.assign(api, { token });
}

/**
 * What went wrong in the pages of the running test: console errors (a failed call, a refused
 * resource), uncaught exceptions and content-security-policy violations. Any of them fails the
 * test after it ran, unless the test said it provokes that one (`expectFailedCall`).
 */
const problems: string[] = [];
const expected: { page: Page; pattern: RegExp; seen: boolean }[] = [];

/**
 * Declares that the test provokes, on `page`, a failed call to `apiPath` (a path's start, such as
 * `/api/auth/login`): an HTTP status (a 401 to a wrong password) or a network error
 * (`ERR_CONNECTION_RESET`). Chromium logs it as a console error; this one is then required, not
 * just allowed.
 */
export function expectFailedCall(page: Page, apiPath: string, failure: number | `ERR_${string}`): void {
  const how = typeof failure === 'number' ? `the server responded with a status of ${failure} ` : `net::${failure} `;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expected.push({ page, pattern: new RegExp(`^console error: Failed to load resource: ${escape(how)}.*\\(https?://[^/]+${escape(apiPath)}`), seen: false });
}

function report(page: Page, problem: string): void {
  const match = expected.find((entry) => entry.page === page && entry.pattern.test(problem));
  if (match) match.seen = true;
  else problems.push(`${page.url()}: ${problem}`);
}

/** Listens for every kind of problem in the context's pages, its frames included. */
async function watchForProblems(context: BrowserContext): Promise<void> {
  // Chromium logs a violation as a console error too, but not a report-only one nor, with the
  // document's URL, one inside a frame: the event tells both.
  await context.exposeBinding('__reportViolation', ({ page }, text: string) => report(page, text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation?: (text: string) => void }).__reportViolation;
      const source = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '';
      report?.(`CSP violation: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${source} (${event.disposition})`);
    });
  });
  context.on('console', (message) => {
    const page = message.page();
    if (message.type() === 'error' && page) report(page, `console error: ${message.text()} (${message.location().url})`);
  });
  context.on('weberror', (error) => {
    const page = error.page();
    if (page) report(page, `uncaught: ${error.error().message}`);
  });
}

/**
 * Accessibility (issue 51): axe-core checks each distinct screen a test shows (its path, theme
 * and width: screenKey) once per file, when the test leaves it open at its end or closes its
 * browser context; a serious or critical violation fails the test like a console error.
 */
const checkedScreens = new Set<string>();
const openPages = new Set<Page>();
/** What axe cost this file, printed after it (issue 51 asks that it stay cheap). */
let axeMilliseconds = 0;

/** The serious and critical axe violations of the screen on `page` ('' when none or already checked). */
async function accessibilityProblems(page: Page): Promise<string> {
  if (page.isClosed()) return '';
  try {
    // A PDF or a downloaded file shown by Chromium is not one of the app's screens.
    if (!(await page.evaluate(() => document.contentType === 'text/html' && document.body !== null))) return '';
    const key = await screenKey(page);
    if (checkedScreens.has(key)) return '';
    checkedScreens.add(key);
    const start = performance.now();
    const findings = await axeFindings(page);
    axeMilliseconds += performance.now() - start;
    return describeFindings(key, findings);
  } catch (error) {
    // A page leaving for another one has no screen to check; the next one is checked in its turn.
    if (/context was destroyed|Target .*closed|navigation/i.test(String(error))) return '';
    throw error;
  }
}

/** Checks the screen now, for a test that walks screens: fails at once on a serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const found = await accessibilityProblems(page);
  if (found) throw new Error(`axe encontró violaciones graves:\n${found}`);
}

async function checkOpenScreens(pages: Iterable<Page>): Promise<void> {
  for (const page of [...pages]) {
    const found = await accessibilityProblems(page);
    if (found) problems.push(found);
  }
}

/**
 * The run's one headless Debian Chromium (started by global-setup), connected for this test file and
 * disconnected after it, which closes the file's contexts; each test fails on its pages' problems.
 */
export function useBrowser(): { browser: () => Browser; baseUrl: () => string } {
  let browser: Browser | undefined;
  afterEach(async () => {
    await checkOpenScreens(openPages);
    const found = problems.splice(0);
    const missing = expected.splice(0).filter((entry) => !entry.seen);
    if (found.length) throw new Error(`La página registró errores:\n${found.join('\n')}`);
    if (missing.length) throw new Error(`No apareció el error esperado: ${missing.map((entry) => entry.pattern).join(', ')}`);
  });
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
  });
  afterAll(async () => {
    if (checkedScreens.size) console.info(`axe: ${checkedScreens.size} pantallas en ${Math.round(axeMilliseconds)} ms`);
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    baseUrl: () => inject('baseUrl'),
  };
}

/**
 * A person's browser with the system's "reduce motion" on: menus and dialogs open without
 * animation. With animation, a click on a menu item that is still sliding in is retried by
 * Playwright with a forced scroll, the page moves under the sticky header, and the popup is
 * realigned between mouse down and up: the click is lost (the Salir flake of shell.test.ts).
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  { storageState, colorScheme = 'light' }: { storageState?: BrowserContextOptions['storageState']; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  // The office's browsers keep Caracas time. On a UTC machine, from 00:00 to 04:00 UTC the browser's
  // "Hoy" is already the next Caracas day, which the date pickers (Caracas days) refuse.
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 860 }, locale: 'es-VE', timezoneId: 'America/Caracas', reducedMotion: 'reduce', colorScheme, storageState });
  await watchForProblems(context);
  context.on('page', (page) => {
    openPages.add(page);
    page.on('close', () => openPages.delete(page));
  });
  // A test that closes its context has left its last screens: they are checked first.
  const close = context.close.bind(context);
  context.close = async (options) => {
    await checkOpenScreens(context.pages());
    return close(options);
  };
  return context.newPage();
}

/** Logs in through the login screen as a person would and waits for the dashboard. */
/**
 * Waits until the login page (login.html) is on screen. The web app reaches /login by changing the
 * address and then loading it from the server: the address alone matches before that load, and a
 * `goto` started then was cancelled by it.
 */
export async function waitForLoginPage(page: Page): Promise<void> {
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
}

export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * Scrolls the page down a screen at a time to its end, as a person reading it does, waiting at
 * each screen for the parts drawn as they come into view (web's WhenVisible: a busy status in
 * their place) to be drawn; then back to the top.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const waitingInView = () =>
    page.locator('[role="status"][aria-busy="true"]').evaluateAll(
      (places) =>
        places.filter((place) => {
          const box = place.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight;
        }).length,
    );
  for (let screen = 0; screen < 30; screen++) {
    await expect.poll(waitingInView).toBe(0);
    const atEnd = await page.evaluate(() => {
      const before = scrollY;
      scrollBy(0, innerHeight);
      return scrollY === before;
    });
    if (atEnd) break;
  }
  await page.evaluate(() => scrollTo(0, 0));
}

/**
 * Where a download landed on this machine: the run's Chromium is shared (connected to, not
 * launched by the file), and Playwright hands a remote browser's download only as a copy.
 */
export async function downloaded(download: Download): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** Saves a screenshot of the viewport under e2e/screenshots for a person to look at. */
export async function snapshot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/**
 * Clicks and waits for the toast the click brings. Waiting starts before the click, so on a
 * busy machine a three-second toast can't come and go while the click is still returning. An
 * error toast or a form field message that appears instead fails at once with its text rather
 * than a bare timeout.
 */
export async function clickAndExpectToast(page: Page, target: Locator, text: string): Promise<void> {
  // An error toast, or a field message of the form (client-side validation sends nothing).
  const errors = page.locator('.ant-message-error, .ant-form-item-explain-error');
  const shown = await errors.count();
  const expected = page.getByText(text).first().waitFor();
  // A locator, not waitForFunction: Playwright evaluates that one with eval, which the page's
  // content security policy refuses (a violation the watch would report).
  const failure = errors
    .nth(shown)
    .waitFor({ state: 'attached', timeout: 0 })
    .then(async () => {
      throw new Error(`Se esperaba el aviso "${text}" y apareció el error "${await errors.last().innerText()}"`);
    });
  failure.catch(() => undefined);
  await target.click();
  await Promise.race([expected, failure]);
}

/**
 * Clicks the option titled `option` in the open select dropdown: never a table cell with the same
 * title behind the panel, which a bare getByTitle can find first.
 */
export async function clickOption(page: Page, option: string, { exact = true }: { exact?: boolean } = {}): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').and(page.getByTitle(option, { exact })).click();
}

/**
 * Picks `option` in the select labelled `label` within `scope` (typing `search` first when
 * given) and waits until the select shows it. On a loaded machine a click can land while the
 * dropdown is still opening and select nothing, so the pick is tried again, up to three times.
 */
export async function selectOption(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
  { search, exact = true }: { search?: string; exact?: boolean } = {},
): Promise<void> {
  const field = scope.getByLabel(label);
  const select = field.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt++) {
    await field.click();
    if (search !== undefined) await field.fill(search);
    await clickOption(page, option, { exact });
    try {
      await select.filter({ hasText: option }).waitFor({ timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Turns off "Enviar factura digital" in a new payment's panel, to type a control number: the
 * office's printer turns it on once its settings arrive (issue 51), so that is waited for first.
 */
export async function withoutDigitalInvoice(panel: Locator): Promise<void> {
  const toggle = panel.getByRole('switch', { name: 'Enviar factura digital' });
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
  await toggle.click();
  await expect.poll(() => panel.getByLabel('Nº de control').isEnabled()).toBe(true);
}

/** The open "Más" menu of a row (antd keeps closed ones in the page, hidden). */
const openRowMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menu');

/** Runs a row action as a person would: its labeled button, or the entry of the row's "Más" menu. */
export async function chooseRowAction(page: Page, row: Locator, label: string): Promise<void> {
  // A link action ("Ver clientes") is an anchor styled as a button.
  const button = row.getByRole('button', { name: label, exact: true }).or(row.getByRole('link', { name: label, exact: true }));
  if (await button.count()) {
    await button.click();
    return;
  }
  await row.getByRole('button', { name: /^Más acciones/ }).click();
  await openRowMenu(page).getByRole('menuitem', { name: label, exact: true }).click();
}

/** The entries of a row's "Más" menu, in order; the menu is closed again. */
export async function rowMenuEntries(page: Page, row: Locator): Promise<string[]> {
  await row.getByRole('button', { name: /^Más acciones/ }).click();
  const menu = openRowMenu(page);
  await menu.waitFor();
  const entries = await menu.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return entries;
}
