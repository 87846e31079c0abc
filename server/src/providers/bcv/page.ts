import Decimal from 'decimal.js';
import type { RateCurrency } from '@recaudo/domain/exchange-rates';

/** What a BCV page said: its value date and both rates as decimal text ("245.67140000"). */
export interface BcvPageRates {
  valueDate: string;
  rates: Record<RateCurrency, string>;
}

/** What a page that could not be read showed, for the alert and the log. */
export interface BcvPageProblem {
  detail: string;
  read: { value_date: string | null; usd: string | null; eur: string | null };
}

const BLOCK_IDS: Record<RateCurrency, string> = { USD: 'dolar', EUR: 'euro' };
/** The BCV writes "245,67140000" (comma decimal, optional dot thousands); a dot decimal is a different page. */
const COMMA_NUMBER = /^\d{1,3}(\.\d{3})*,\d+$|^\d+,\d+$/;

/** The text of the first `<strong>` inside the block `id="…"`, trimmed; null without that block. */
function strongOf(html: string, id: string): string | null {
  const start = html.search(new RegExp(`<div[^>]*\\bid\\s*=\\s*["']${id}["']`, 'i'));
  if (start < 0) return null;
  const strong = /<strong[^>]*>([\s\S]*?)<\/strong>/i.exec(html.slice(start));
  return strong ? strong[1]!.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() : null;
}

/** The ISO date of `<span class="date-display-single" content="2026-12-02T00:00:00-04:00">`, attributes in any order. */
function valueDateOf(html: string): string | null {
  const tags = html.match(/<span[^>]*date-display-single[^>]*>/gi) ?? [];
  for (const tag of tags) {
    const content = /\bcontent\s*=\s*["'](\d{4}-\d{2}-\d{2})/i.exec(tag);
    if (content) return content[1]!;
  }
  return null;
}

/** "1.245,67140000" → "1245.67140000"; null when not written the BCV's way. */
function decimalOf(text: string | null): string | null {
  if (text === null || !COMMA_NUMBER.test(text)) return null;
  return new Decimal(text.replace(/\./g, '').replace(',', '.')).toFixed(8);
}

/**
 * Reads the BCV page (providers.md §6): the dollar and euro blocks, each with its rate in a
 * `<strong>` with comma decimals, and the value date. Anything missing or written otherwise (a
 * changed page, one currency only, a dot decimal) is a problem, never a guess.
 */
export function readBcvPage(html: string): { ok: true; page: BcvPageRates } | { ok: false; problem: BcvPageProblem } {
  const usdText = strongOf(html, BLOCK_IDS.USD);
  const eurText = strongOf(html, BLOCK_IDS.EUR);
  const valueDate = valueDateOf(html);
  const usd = decimalOf(usdText);
  const eur = decimalOf(eurText);
  const read = { value_date: valueDate, usd: usd ?? usdText, eur: eur ?? eurText };
  const missing = [
    usdText === null ? 'el bloque del dólar (id="dolar")' : null,
    eurText === null ? 'el bloque del euro (id="euro")' : null,
    valueDate === null ? 'la fecha valor (date-display-single)' : null,
  ].filter((item): item is string => item !== null);
  if (missing.length) return { ok: false, problem: { detail: `La página del BCV no trae ${missing.join(', ')}`, read } };
  const unreadable = [usd === null ? `dólar "${usdText}"` : null, eur === null ? `euro "${eurText}"` : null].filter((item): item is string => item !== null);
  if (unreadable.length) return { ok: false, problem: { detail: `La página del BCV escribe la tasa de otra forma: ${unreadable.join(', ')}`, read } };
  return { ok: true, page: { valueDate: valueDate!, rates: { USD: usd!, EUR: eur! } } };
}
