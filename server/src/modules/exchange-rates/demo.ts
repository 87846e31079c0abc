import { caracas } from '@recaudo/domain/dates';
import type { Executor } from '../../db/client';
import { businessDays, publishedValueDate, simulatedRates } from '../../providers/bcv/simulator-walk';
import { exchangeRates } from './tables';

/** Days of BCV history the demo starts with: enough for the chart and the rule of the rate in force. */
export const DEMO_RATE_DAYS = 90;

/**
 * The demo's BCV history: every business day's value date from 90 days back to the one the BCV
 * (simulated) shows now, with the simulator's own rates, so the in-process simulator and the
 * history agree and the read at start finds it already stored.
 */
export async function seedDemoRates(db: Executor): Promise<void> {
  const now = caracas();
  const last = publishedValueDate(now.format('YYYY-MM-DD'), now.hour());
  const days = businessDays(now.subtract(DEMO_RATE_DAYS, 'day').format('YYYY-MM-DD'), last);
  await db.insert(exchangeRates).values(
    days.flatMap((valueDate) => {
      const rates = simulatedRates(valueDate);
      return [
        { currency: 'USD', rate: rates.USD, valueDate, source: 'bcv' },
        { currency: 'EUR', rate: rates.EUR, valueDate, source: 'bcv' },
      ];
    }),
  );
}
