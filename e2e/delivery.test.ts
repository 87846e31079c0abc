import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, DEMO_PASSWORD, loginAs, newPage, useBrowser } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

const { browser, baseUrl } = useBrowser();

/** Chrome DevTools' "Fast 4G" preset: 9 Mbit/s down, 1.5 Mbit/s up, 165 ms added to each request. */
const FAST_4G = { offline: false, latency: 60 * 2.75, downloadThroughput: (9_000_000 / 8) * 0.9, uploadThroughput: (1_500_000 / 8) * 0.9 };

/**
 * Counts what crosses the (throttled) network: requests, bytes as transferred (compressed, with
 * headers), and the build's assets that were asked of the server rather than taken from the cache.
 */
async function throttledNetwork(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_4G);
  let requests = 0;
  let bytes = 0;
  let assetsFromServer: string[] = [];
  let apiCalls: string[] = [];
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    requests++;
    const url = new URL(request.url);
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method} ${url.pathname}`);
  });
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  const fromMemory = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromMemory.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (new URL(response.url).pathname.startsWith('/assets/') && !response.fromDiskCache && !fromMemory.has(requestId)) assetsFromServer.push(response.url);
  });
  return {
    sent: () => ({ requests, bytes, assetsFromServer, apiCalls }),
    reset: () => {
      requests = 0;
      bytes = 0;
      assetsFromServer = [];
      apiCalls = [];
    },
  };
}

/**
 * Records, in the page, when the first row of a table is painted: a mutation observer notes the
 * row's arrival and the frame after it. Measured from outside, the time included Playwright's
 * polling, which backs off to 500 ms: a reload whose rows were painted at 0.72 s read 1.15 s.
 */
async function watchFirstRow(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { firstRowPaintedAt?: number };
    const observer = new MutationObserver(() => {
      if (!document.querySelector('table tbody tr.ant-table-row')) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => (state.firstRowPaintedAt = performance.now())));
    });
    observer.observe(document, { subtree: true, childList: true });
  });
}

/** Milliseconds from the navigation's start (the click on reload, the typed address) until the Pagos table's first row is painted. */
async function timeToRows(page: Page, go: () => Promise<unknown>): Promise<number> {
  await go();
  await page.getByRole('table', { name: 'Pagos' }).locator('tbody tr.ant-table-row').first().waitFor();
  return page.waitForFunction(() => (window as unknown as { firstRowPaintedAt?: number }).firstRowPaintedAt).then((handle) => handle.jsonValue() as Promise<number>);
}

describe.skipIf(!chromiumPath)(`delivery on a phone connection in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  // The weight and the cache are checked; the times are printed (README "Delivery"), not asserted:
  // on a shared CI machine they measure the machine as much as the app.
  it('a cold Pagos on fast 4G stays within its weight, and a reload takes every script and style from the cache', async () => {
    const login = await newPage(browser(), baseUrl());
    await loginAs(login, 'cajero@recaudo.test');
    const session = await login.context().storageState();
    await login.context().close();

    // A new browser context: the cache is empty, the session is the cashier's.
    const page = await newPage(browser(), baseUrl(), { storageState: session });
    await watchFirstRow(page);
    const network = await throttledNetwork(page);
    const cold = await timeToRows(page, () => page.goto('/payments'));
    await page.waitForLoadState('networkidle');
    const coldSent = network.sent();

    network.reset();
    const reload = await timeToRows(page, () => page.reload());
    await page.waitForLoadState('networkidle');
    const reloadSent = network.sent();
    console.info(
      `Pagos en Fast 4G: en frío ${Math.round(cold)} ms, ${coldSent.requests} peticiones, ${(coldSent.bytes / 1024).toFixed(0)} KB; ` +
        `al recargar ${Math.round(reload)} ms, ${reloadSent.requests} peticiones, ${(reloadSent.bytes / 1024).toFixed(0)} KB`,
    );
    // 1.9 MB before compression and 137 requests (issue 34); 545 KB and 40 requests with few
    // chunks (vite.config.ts, CHUNK_GROUPS) and antd's trimmed stylesheet. Issue 34's goal is 600 KB.
    expect(coldSent.bytes).toBeLessThan(600 * 1024);
    expect(coldSent.requests).toBeLessThan(50);
    expect(coldSent.assetsFromServer.length).toBeGreaterThan(5);
    // A reload asks the server for the page, its API calls and the socket only; the list, asked
    // for before the page rendered (RoutePrefetch), is asked for once.
    expect(reloadSent.assetsFromServer).toEqual([]);
    expect(coldSent.apiCalls.filter((call) => call === 'GET /api/payments')).toHaveLength(1);
    expect(reloadSent.apiCalls.filter((call) => call === 'GET /api/payments')).toHaveLength(1);
    expect(reloadSent.bytes).toBeLessThan(60 * 1024);
    await page.context().close();
  }, 60_000);

  it("a cold login on fast 4G is one small page and its script; the web app's files, fetched as the user types, come from the cache after the login", async () => {
    const page = await newPage(browser(), baseUrl());
    await page.setViewportSize({ width: 390, height: 844 });
    const network = await throttledNetwork(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.waitForLoadState('networkidle');
    const cold = network.sent();
    console.info(`Login en Fast 4G: ${cold.requests} peticiones, ${(cold.bytes / 1024).toFixed(1)} KB`);
    // The page, its one script and the browser's favicon: no React, no antd, no stylesheet.
    expect(cold.assetsFromServer).toHaveLength(1);
    expect(cold.assetsFromServer[0]).toMatch(/\/assets\/login-[\w-]+\.js$/);
    expect(cold.requests).toBeLessThanOrEqual(3);
    expect(cold.bytes).toBeLessThan(15 * 1024);

    network.reset();
    await page.getByLabel('Correo').fill('cajero@recaudo.test');
    await expect.poll(() => network.sent().assetsFromServer.length, { timeout: 15_000 }).toBeGreaterThan(3);
    await page.waitForLoadState('networkidle');
    const prefetched = network.sent().assetsFromServer;
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    network.reset();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Bienvenido, Carlos Cajero').waitFor();
    // What index.html names was already here; only the dashboard's own chunks are new.
    expect(network.sent().assetsFromServer.filter((url) => prefetched.includes(url))).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('shows Recaudo loading while the scripts are slow to arrive, then the page in its place', async () => {
    const page = await newPage(browser(), baseUrl());
    await page.setViewportSize({ width: 390, height: 844 });
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/forgot-password', { waitUntil: 'commit' });
    const loading = page.getByRole('status');
    await expect.poll(async () => (await loading.innerText()).replace(/\s+/g, ' '), { timeout: 10_000 }).toBe('Recaudo Cargando…');
    // It fades in after a second (a load from the cache draws the app before that).
    await expect.poll(() => loading.evaluate((element) => getComputedStyle(element).opacity), { timeout: 5_000 }).toBe('1');
    release();
    await page.getByRole('button', { name: 'Enviar enlace de reinicio' }).waitFor();
    expect(await page.getByText('Cargando…').count()).toBe(0);
    await page.context().close();
  });

  it("serves the page's scripts and styles compressed and cached for a year, and the page itself revalidated", async () => {
    const document = await fetch(`${baseUrl()}/payments`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(document.headers.get('cache-control')).toBe('no-cache');
    const html = await document.text();
    // The page, like every file, is compressed from 1 KB up (with few chunks it lists few scripts).
    expect(document.headers.get('content-encoding')).toBe(new TextEncoder().encode(html).byteLength >= 1024 ? 'br' : null);
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const plain = await fetch(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': 'identity' } });
      // Files under 1 KB have no compressed copy: it would save less than its headers cost.
      const compressed = (await plain.arrayBuffer()).byteLength >= 1024;
      for (const encoding of ['br', 'gzip'] as const) {
        const answer = await fetch(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': encoding } });
        expect(answer.status, asset).toBe(200);
        expect(answer.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
        expect(answer.headers.get('content-encoding'), asset).toBe(compressed ? encoding : null);
        expect(answer.headers.get('vary'), asset).toMatch(/accept-encoding/i);
        await answer.arrayBuffer();
      }
    }
    expect(assets.filter((asset) => asset.endsWith('.js')).length).toBeGreaterThan(3);
  });
});
