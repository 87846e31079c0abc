import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiAs, chromiumPath, DEMO_PASSWORD } from './support/browser';
import { CHROMIUM_MISSING } from './support/chromium';

/**
 * Categories that do not depend on how busy the machine is: each must score 95 or more. SEO
 * counts on the pages a search engine can reach; behind the login it has nothing to index.
 * Performance is not run here: it measures the CI machine as much as the app (README has figures).
 */
const PUBLIC_CHECKED = ['accessibility', 'best-practices', 'seo'] as const;
const STAFF_CHECKED = ['accessibility', 'best-practices'] as const;
const FORM_FACTORS = ['desktop', 'mobile'] as const;
const DEBUGGING_PORT = 9000 + Math.floor(Math.random() * 900);

let context: BrowserContext;
let profile: string;
const baseUrl = () => inject('baseUrl');

/** Lighthouse on `url` in the shared Chromium (its session, if logged in, included); the scores by category, 0–100. */
async function audit(url: string, formFactor: (typeof FORM_FACTORS)[number]): Promise<Record<string, number>> {
  // Without the performance category each run skips the trace's analysis: CI time is short.
  const flags: Flags = { port: DEBUGGING_PORT, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: [...PUBLIC_CHECKED] };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
  const failing = Object.values(result.lhr.categories)
    .filter((category) => (category.score ?? 0) < 0.95)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${category.id}/${ref.id}`));
  const scores = Object.fromEntries(Object.values(result.lhr.categories).map((category) => [category.id, Math.round((category.score ?? 0) * 100)]));
  console.info(`Lighthouse ${formFactor} ${new URL(url).pathname}: ${JSON.stringify(scores)}${failing.length ? ` (bajo 95: ${failing.join(', ')})` : ''}`);
  return scores;
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

  it('the login and the public verification page score 95 or more in accessibility, best practices and SEO, on desktop and mobile', async () => {
    const api = await apiAs(baseUrl());
    const [payment] = (await api<{ data: { hash: string | null }[] }>('payments?per_page=20')).data.filter((row) => row.hash);
    if (!payment?.hash) throw new Error('La semilla de demostración no tiene un pago con su enlace de verificación.');
    for (const pathname of ['/login', `/verify-payment/${payment.hash}`]) {
      for (const formFactor of FORM_FACTORS) {
        const scores = await audit(`${baseUrl()}${pathname}`, formFactor);
        for (const category of PUBLIC_CHECKED) expect(scores[category], `${formFactor} ${pathname} ${category}`).toBeGreaterThanOrEqual(95);
      }
    }
  }, 300_000);

  it('the dashboard and Pagos, logged in, score 95 or more in accessibility and best practices, on desktop and mobile', async () => {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Correo').fill('admin@recaudo.test');
    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/dashboard');
    await page.close();
    for (const pathname of ['/dashboard', '/payments']) {
      for (const formFactor of FORM_FACTORS) {
        const scores = await audit(`${baseUrl()}${pathname}`, formFactor);
        for (const category of STAFF_CHECKED) expect(scores[category], `${formFactor} ${pathname} ${category}`).toBeGreaterThanOrEqual(95);
      }
    }
  }, 300_000);
});
