import { and, asc, eq, ilike } from 'drizzle-orm';
import { CONFIGURATION_LABELS, DOLLAR_RATE, EURO_RATE, configurationMessages, type ExchangeRates } from '@recaudo/domain/configurations';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Database, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { likePattern } from '../../platform/paging';
import type { AuthContext } from '../auth/service';
import { configurations } from './tables';

const present = (row: typeof configurations.$inferSelect) => ({
  id: row.id,
  name: row.name,
  label: CONFIGURATION_LABELS[row.name] ?? row.name,
  value: row.value,
  updated_at: row.updatedAt.toISOString(),
});
export type ConfigurationRow = ReturnType<typeof present>;

/** The settings table: a handful of rows, loaded whole. */
export function configurationSource(db: Executor, query: ListQuery): RowSource<ConfigurationRow> {
  const where = and(query.search ? ilike(configurations.name, likePattern(query.search)) : undefined);
  return {
    async rows(limit, offset) {
      const base = db.select().from(configurations).where(where).orderBy(asc(configurations.id)).offset(offset);
      return (limit === null ? await base : await base.limit(limit)).map(present);
    },
    async count() {
      return (await db.select().from(configurations).where(where)).length;
    },
  };
}

/** The current dollar and euro rates in bolivars ("0.00" when a row is missing). */
export async function exchangeRates(db: Executor): Promise<ExchangeRates> {
  const rows = await db.select({ name: configurations.name, value: configurations.value }).from(configurations);
  const value = (name: string) => rows.find((row) => row.name === name)?.value ?? '0.00';
  return { dollar_rate: value(DOLLAR_RATE), euro_rate: value(EURO_RATE) };
}

export async function updateConfiguration(db: Database, auth: AuthContext, input: { id: number; value: string }) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(configurations).where(eq(configurations.id, input.id)).for('update');
    if (!row) throw notFound(configurationMessages.notFound);
    if (row.value === input.value) return;
    await tx.update(configurations).set({ value: input.value, updatedAt: new Date() }).where(eq(configurations.id, row.id));
    await recordAudit(tx, {
      module: 'configurations',
      event: 'updated',
      causerId: auth.user.id,
      subjectId: row.id,
      old: { name: row.name, value: row.value },
      attributes: { name: row.name, value: input.value },
    });
  });
}
