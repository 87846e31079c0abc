import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Executor } from '../src/db/client';
import { exchangeRates } from '../src/modules/exchange-rates/tables';

/**
 * Makes the given rates the only ones known, as manual rates of today (Caracas) unless told a
 * source and value date: the rate in force on any date from then on (and, stale, before). A
 * rate of zero (or none) leaves that currency without a rate.
 */
export async function setRates(
  db: Executor,
  rates: { usd?: string; eur?: string },
  { source = 'manual', valueDate }: { source?: 'bcv' | 'manual'; valueDate?: string } = {},
): Promise<void> {
  await db.delete(exchangeRates);
  const rows = (['usd', 'eur'] as const)
    .filter((key) => rates[key] !== undefined && new Decimal(rates[key]!).greaterThan(0))
    .map((key) => ({
      currency: key.toUpperCase(),
      rate: rates[key]!,
      valueDate: valueDate ?? sql`(now() at time zone 'America/Caracas')::date`,
      source,
      reason: source === 'manual' ? 'Prueba' : null,
    }));
  if (rows.length) await db.insert(exchangeRates).values(rows);
}
