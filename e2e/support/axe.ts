import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's own bundle, evaluated in the page through the DevTools protocol: the page's CSP refuses an inline script tag. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What the browser tests do not accept (issue 51): moderate and minor findings are left to review. */
const BLOCKING = ['serious', 'critical'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** The first elements found, as CSS selectors with axe's summary of what is wrong. */
  nodes: string[];
}

/** The serious and critical WCAG A/AA violations of the page as it is now. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (blocking) => {
    type Axe = {
      run: (
        context: Document,
        options: object,
      ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Cheap enough for every screen: no fetch of the style sheets (preload, for one rare rule), no
    // frames (the app has none), no selectors nor ancestry beyond the failing nodes' own.
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
      preload: false,
      iframes: false,
    });
    const findings = result.violations
      .filter((violation) => violation.impact !== null && blocking.includes(violation.impact))
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact!,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`),
      }));
    // antd names its icons in English ("close-circle", "left"), which axe accepts as a name.
    const english = Array.from(document.querySelectorAll('.anticon[role="img"][aria-label]:not([aria-hidden="true"])'))
      .map((icon) => icon.getAttribute('aria-label')!)
      .filter((label) => /^[a-z]+(-[a-z]+)*$/.test(label));
    if (english.length) findings.push({ rule: 'english-icon-name', impact: 'serious', help: 'Un ícono se nombra en inglés ante el lector de pantalla', nodes: [...new Set(english)].slice(0, 5) });
    return findings;
  }, BLOCKING);
}

/** The findings as a test failure reads them, one rule a line with its first elements. */
export function describeFindings(screen: string, findings: AxeFinding[]): string {
  return findings.map((finding) => `${screen}: axe ${finding.impact} ${finding.rule} (${finding.help})\n    ${finding.nodes.join('\n    ')}`).join('\n');
}

/**
 * The key of a screen for "once per screen": its path with numbers as `:id`, the theme and the
 * width; a screen already checked in this file with that key is not checked again.
 */
export async function screenKey(page: Page): Promise<string> {
  const { pathname } = new URL(page.url());
  // The app's root carries its theme (web/src/app/providers.tsx); pages outside it follow the system.
  const dark = await page.evaluate(() => (document.querySelector('[data-theme]')?.getAttribute('data-theme') ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')) === 'dark');
  // An open dialog or drawer is a screen of its own ("Nuevo pago" over Pagos).
  const dialog = await page.evaluate(() => {
    const open = Array.from(document.querySelectorAll('[role="dialog"]')).filter((element) => (element as HTMLElement).offsetParent !== null || element.getClientRects().length > 0);
    const top = open.at(-1);
    if (!top) return '';
    const labelledBy = top.getAttribute('aria-labelledby');
    return top.getAttribute('aria-label') ?? (labelledBy ? (document.getElementById(labelledBy)?.textContent ?? '') : 'diálogo');
  });
  return `${pathname.replace(/\/\d+(?=\/|$)/g, '/:id')}${dialog ? ` [${dialog}]` : ''} ${dark ? 'oscuro' : 'claro'} ${page.viewportSize()?.width ?? 0}px`;
}
