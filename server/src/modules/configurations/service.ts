import { and, asc, eq, ilike } from 'drizzle-orm';
import { CONFIGURATION_LABELS, DOLLAR_RATE, EURO_RATE, configurationMessages, type ExchangeRates } from '@recaudo/domain/configurations';
import type { CurrentRates, RateCurrency } from '@recaudo/domain/exchange-rates';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { likePattern } from '../../platform/paging';
import type { AuthContext } from '../auth/service';
import { datedRatesInForce, ratesInForce, storeManualRate } from '../exchange-rates/service';
import { configurations } from './tables';

/** The settings row of each currency: the spec's screen edits the rates by these rows' ids. */
const CURRENCY_OF: Record<string, RateCurrency> = { [DOLLAR_RATE]: 'USD', [EURO_RATE]: 'EUR' };
const inForceOf = (rates: CurrentRates, name: string) => (CURRENCY_OF[name] === 'EUR' ? rates.eur : rates.usd);

const present = (row: typeof configurations.$inferSelect, rates: CurrentRates) => {
  const rate = inForceOf(rates, row.name);
  return {
    id: row.id,
    name: row.name,
    label: CONFIGURATION_LABELS[row.name] ?? row.name,
    value: rate?.rate ?? '0.00',
    value_date: rate?.value_date ?? null,
    source: rate?.source ?? null,
    stale: rate?.stale ?? true,
    updated_at: row.updatedAt.toISOString(),
  };
};
export type ConfigurationRow = ReturnType<typeof present>;

/** The settings table: a handful of rows, loaded whole, each with the rate in force today. */
export function configurationSource(db: Executor, query: ListQuery): RowSource<ConfigurationRow> {
  const where = and(query.search ? ilike(configurations.name, likePattern(query.search)) : undefined);
  return {
    async rows(limit, offset) {
      const base = db.select().from(configurations).where(where).orderBy(asc(configurations.id)).offset(offset);
      const [rows, rates] = await Promise.all([limit === null ? base : base.limit(limit), ratesInForce(db)]);
      return rows.map((row) => present(row, rates));
    },
    async count() {
      return (await db.select().from(configurations).where(where)).length;
    },
  };
}

/**
 * Today's dollar and euro rates in bolívares as payments use them (to the cent), from the rate
 * in force (issue 47); "0.00" while no rate was ever stored.
 */
export async function exchangeRates(db: Executor): Promise<ExchangeRates> {
  const { usd, eur } = await datedRatesInForce(db);
  return { dollar_rate: usd.rate, euro_rate: eur.rate };
}

/** A rate typed on Tasas de Cambio: a `manual` rate of today in the history, with its reason, audited as before. */
export async function updateConfiguration(db: Database, auth: AuthContext, input: { id: number; value: string; reason: string }) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(configurations).where(eq(configurations.id, input.id)).for('update');
    if (!row) throw notFound(configurationMessages.notFound);
    const currency = CURRENCY_OF[row.name];
    if (!currency) throw notFound(configurationMessages.notFound);
    const before = inForceOf(await ratesInForce(tx), row.name);
    await storeManualRate(tx, { currency, rate: input.value, reason: input.reason, userId: auth.user.id });
    await tx.update(configurations).set({ updatedAt: new Date() }).where(eq(configurations.id, row.id));
    await recordAudit(tx, {
      module: 'configurations',
      event: 'updated',
      causerId: auth.user.id,
      subjectId: row.id,
      old: { name: row.name, value: before?.rate ?? '0.00' },
      attributes: { name: row.name, value: input.value, reason: input.reason },
    });
  });
}
