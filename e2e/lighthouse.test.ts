import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, chromiumPath, loginAs } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

/**
 * Categories that do not depend on how busy the machine is: each must score 95 or more, on the
 * public pages and behind the login alike (issue 34 asks it of /dashboard and /payments too).
 */
const CHECKED = ['accessibility', 'best-practices', 'seo'] as const;
/**
 * Performance scales the machine's CPU time (four times over on the mobile preset), so on a
 * shared CI machine it scores the machine too. The public pages are pages of their own, light
 * enough to score 95 on both presets whatever the machine: the verification pages run no script,
 * the login one of 4 KB (login.html). The signed-in pages are printed (README), not asserted.
 */
const FORM_FACTORS = ['desktop', 'mobile'] as const;
const DEBUGGING_PORT = 9000 + Math.floor(Math.random() * 900);

let context: BrowserContext;
let profile: string;
const baseUrl = () => inject('baseUrl');

/** The elements an audit found at fault, as Lighthouse quotes them: what a failure needs to be fixed. */
function culprits(audit: { details?: unknown } | undefined): string {
  const items = (audit?.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
  const snippets = items.flatMap((item) => (item.node?.snippet ? [item.node.snippet] : []));
  return snippets.length ? ` [${snippets.slice(0, 5).join(' ')}]` : '';
}

/**
 * Lighthouse on `url` in the shared Chromium (its session, if logged in, included): the scores by
 * category, 0–100, and the audits that failed outside performance (`accessibility/color-contrast`).
 */
async function audit(url: string, formFactor: (typeof FORM_FACTORS)[number], { withPerformance = false } = {}): Promise<{ scores: Record<string, number>; failing: string[] }> {
  // A public page is measured as a first visit (storage and cache cleared); a staff page keeps the
  // profile's session. Without the performance category a run skips the trace's analysis.
  const categories = withPerformance ? [...CHECKED, 'performance'] : [...CHECKED];
  const flags: Flags = { port: DEBUGGING_PORT, output: 'json', logLevel: 'error', disableStorageReset: !withPerformance, onlyCategories: categories };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
  const failing = Object.values(result.lhr.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${category.id}/${ref.id}`));
  const scores = Object.fromEntries(Object.values(result.lhr.categories).map((category) => [category.id, Math.round((category.score ?? 0) * 100)]));
  const timings = withPerformance
    ? ` ${['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map((id) => `${id} ${result.lhr.audits[id]?.displayValue}`).join(', ')}`
    : '';
  const quoted = failing.map((id) => `${id}${culprits(result.lhr.audits[id.split('/')[1]!])}`);
  console.info(`Lighthouse ${formFactor} ${new URL(url).pathname}: ${JSON.stringify(scores)}${timings}${quoted.length ? ` (fallan: ${quoted.join(', ')})` : ''}`);
  return { scores, failing };
}

/** Logs the shared profile in as the Administrador, once: Lighthouse's tabs then open the signed-in pages. */
async function signInAsAdministrator(): Promise<void> {
  const page = await context.newPage();
  // A file of the origin, where the profile's storage can be read without an app that navigates.
  await page.goto('/robots.txt');
  if (!(await page.evaluate(() => localStorage.getItem('recaudo.token')))) await loginAs(page, 'admin@recaudo.test');
  await page.close();
}

describe.skipIf(!chromiumPath)(`Lighthouse in Chromium${chromiumPath ? '' : ` (${CHROMIUM_MISSING})`}`, () => {
  beforeAll(async () => {
    // One persistent profile: a login in it is the session Lighthouse's tabs see.
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'recaudo-lighthouse-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath ?? undefined,
      baseURL: baseUrl(),
      args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${DEBUGGING_PORT}`],
    });
  });
  afterAll(async () => {
    await context?.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('the login and the public verification page score 95 or more in performance, accessibility, best practices and SEO on desktop and mobile', async () => {
    const api = await apiAs(baseUrl());
    const [payment] = (await api<{ data: { hash: string | null }[] }>('payments?per_page=20')).data.filter((row) => row.hash);
    if (!payment?.hash) throw new Error('La semilla de demostración no tiene un pago con su enlace de verificación.');
    for (const pathname of ['/login', `/verify-payment/${payment.hash}`]) {
      for (const formFactor of FORM_FACTORS) {
        const { scores } = await audit(`${baseUrl()}${pathname}`, formFactor, { withPerformance: true });
        for (const category of [...CHECKED, 'performance'] as const) expect(scores[category], `${formFactor} ${pathname} ${category}`).toBeGreaterThanOrEqual(95);
      }
    }
  }, 300_000);

  // Above 95 the category can hide a text under 4.5:1, which a cashier reads all day: asserted on its own.
  it('the dashboard and Pagos, logged in, score 95 or more in accessibility, best practices and SEO, on desktop and mobile, with every text at 4.5:1', async () => {
    await signInAsAdministrator();
    for (const pathname of ['/dashboard', '/payments']) {
      for (const formFactor of FORM_FACTORS) {
        const { scores, failing } = await audit(`${baseUrl()}${pathname}`, formFactor);
        for (const category of CHECKED) expect(scores[category], `${formFactor} ${pathname} ${category}`).toBeGreaterThanOrEqual(95);
        expect(failing, `${formFactor} ${pathname}`).not.toContain('accessibility/color-contrast');
      }
    }
  }, 300_000);

  it('the dashboard and Pagos score 95 or more in the dark theme too, with every text at 4.5:1', async () => {
    await signInAsAdministrator();
    const api = await apiAs(baseUrl());
    // The theme is the user's, sent with the session: the app opens in it on its next load.
    const setTheme = (theme: 'light' | 'dark') =>
      fetch(`${baseUrl()}/api/auth/theme`, { method: 'PUT', headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ theme }) });
    expect((await setTheme('dark')).status).toBe(200);
    try {
      for (const pathname of ['/dashboard', '/payments']) {
        const { scores, failing } = await audit(`${baseUrl()}${pathname}`, 'desktop');
        for (const category of CHECKED) expect(scores[category], `dark ${pathname} ${category}`).toBeGreaterThanOrEqual(95);
        expect(failing, `dark ${pathname}`).not.toContain('accessibility/color-contrast');
      }
    } finally {
      // The other browser tests expect the demo administrator in the light theme.
      await setTheme('light');
    }
  }, 300_000);
});
