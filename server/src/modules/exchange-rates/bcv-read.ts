import Decimal from 'decimal.js';
import { RATE_CURRENCIES } from '@recaudo/domain/exchange-rates';
import type { Executor } from '../../db/client';
import { BcvUnavailableError } from '../../providers/bcv/client';
import { readBcvPage } from '../../providers/bcv/page';
import { raiseBcvAlert } from './alerts';
import { previousRates, storeBcvRates } from './service';

export interface BcvReadOptions {
  /** Answers the page's HTML or throws BcvUnavailableError (providers/bcv/client.ts). */
  fetchPage: () => Promise<string>;
  /** The largest change from the previous value date's rate, in percent (BCV_MAX_DAILY_CHANGE). */
  maxDailyChange: number;
  log: (message: string) => void;
}

export type BcvReadResult =
  | { outcome: 'stored'; valueDate: string; currencies: string[] }
  | { outcome: 'unchanged'; valueDate: string }
  | { outcome: 'refused'; cause: 'page_changed' | 'invalid_rate' | 'jump' }
  | { outcome: 'unavailable'; reason: string };

/**
 * One read of the BCV: the page, its sanity (both blocks and the value date, rates above zero,
 * no jump beyond `maxDailyChange` from the previous value date's), then the rates stored once.
 * Whatever fails stores nothing, keeps the last rate and says why in the log; a suspicious read
 * also raises the Administrador's alert.
 */
export async function readBcvRates(db: Executor, options: BcvReadOptions): Promise<BcvReadResult> {
  let html: string;
  try {
    html = await options.fetchPage();
  } catch (error) {
    if (!(error instanceof BcvUnavailableError)) throw error;
    options.log(`Tasa BCV: no se pudo leer la página (${error.message}); se mantiene la última tasa`);
    return { outcome: 'unavailable', reason: error.message };
  }
  const parsed = readBcvPage(html);
  if (!parsed.ok) {
    options.log(`Tasa BCV: ${parsed.problem.detail}; no se guardó nada`);
    await raiseBcvAlert(db, 'page_changed', parsed.problem.detail, parsed.problem.read);
    return { outcome: 'refused', cause: 'page_changed' };
  }
  const { valueDate, rates } = parsed.page;
  const read = { value_date: valueDate, usd: rates.USD, eur: rates.EUR };
  const notPositive = RATE_CURRENCIES.filter((currency) => !new Decimal(rates[currency]).greaterThan(0));
  if (notPositive.length) {
    const detail = `El BCV publicó una tasa de ${notPositive.join(' y ')} menor o igual a cero para el ${valueDate}`;
    options.log(`Tasa BCV: ${detail}; no se guardó nada`);
    await raiseBcvAlert(db, 'invalid_rate', detail, read);
    return { outcome: 'refused', cause: 'invalid_rate' };
  }
  const previous = await previousRates(db, valueDate);
  const jumps = RATE_CURRENCIES.flatMap((currency) => {
    const before = previous[currency];
    if (!before) return [];
    const change = new Decimal(rates[currency]).dividedBy(before).minus(1).abs().times(100);
    return change.greaterThan(options.maxDailyChange) ? [`${currency} ${change.toFixed(1)} %`] : [];
  });
  if (jumps.length) {
    const detail = `La tasa del ${valueDate} cambia más de ${options.maxDailyChange} % desde la anterior (${jumps.join(', ')})`;
    options.log(`Tasa BCV: ${detail}; no se guardó nada`);
    await raiseBcvAlert(db, 'jump', detail, read);
    return { outcome: 'refused', cause: 'jump' };
  }
  const stored = await storeBcvRates(db, valueDate, rates);
  if (!stored.length) return { outcome: 'unchanged', valueDate };
  options.log(`Tasa BCV del ${valueDate} guardada: dólar ${rates.USD}, euro ${rates.EUR}`);
  return { outcome: 'stored', valueDate, currencies: stored };
}
