import { sql } from 'drizzle-orm';
import { currentMonth, type Month } from '@recaudo/domain/months';
import type { Executor } from '../../db/client';
import { solventSql } from '../addresses-payment/ledger-sql';
import type { RegionalLevel } from '../payments/counts';

/**
 * The client counters of the regional units (spec 03 §3 State … Community), for the units of one
 * page, from their payment addresses (each address names its state, municipality, parish and,
 * when residential, community):
 * - `count_clients`: distinct clients with at least one payment address in the unit;
 * - `count_clients_solvents_residential` / `_comercial`: distinct clients with residential
 *   (type 0) / commercial (type 1) addresses in the unit, every one of which is solvent. A client
 *   with a solvent and an owing address of that type in the unit is not solvent there: the unit
 *   still has a debt of theirs to collect. A client may count in both.
 *
 * Solvent is the addresses list's Solventes (DESIGN §5): nothing owed through the current Caracas
 * month and no covered month waiting on a payment Procesando, read from the ledger summary columns
 * of migration 0005 (ledger-sql.ts), so nothing walks the month ledger. One grouped query per page
 * reads the addresses of the page's units through the unit's index on `addresses_payments`.
 */
export interface UnitClientCounts {
  count_clients: number;
  count_clients_solvents_residential: number;
  count_clients_solvents_comercial: number;
}

export const emptyClientCounts = (): UnitClientCounts => ({ count_clients: 0, count_clients_solvents_residential: 0, count_clients_solvents_comercial: 0 });

const UNIT_COLUMN: Record<RegionalLevel, string> = {
  state: 'state_id',
  municipality: 'municipality_id',
  parish: 'parish_id',
  community: 'community_id',
};

export async function regionalClientCounts(
  db: Executor,
  level: RegionalLevel,
  ids: number[],
  current: Month = currentMonth(),
): Promise<Map<number, UnitClientCounts>> {
  const byUnit = new Map<number, UnitClientCounts>();
  if (!ids.length) return byUnit;
  // solventSql names the table "addresses_payments": no alias here.
  const unit = sql.raw(`"addresses_payments"."${UNIT_COLUMN[level]}"`);
  const solvent = solventSql(current);
  const result = (await db.execute(sql`
    select g.unit, count(*)::int as clients,
           count(*) filter (where g.residential_solvent)::int as solvents_residential,
           count(*) filter (where g.comercial_solvent)::int as solvents_comercial
    from (
      select ${unit} as unit, "addresses_payments"."client_id",
             bool_and(${solvent}) filter (where "addresses_payments"."type" = 0) as residential_solvent,
             bool_and(${solvent}) filter (where "addresses_payments"."type" = 1) as comercial_solvent
      from "addresses_payments"
      where ${unit} in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )})
      group by 1, 2
    ) as g
    group by g.unit`)) as unknown as { rows: { unit: number; clients: number; solvents_residential: number; solvents_comercial: number }[] };
  for (const row of result.rows)
    byUnit.set(Number(row.unit), {
      count_clients: Number(row.clients),
      count_clients_solvents_residential: Number(row.solvents_residential),
      count_clients_solvents_comercial: Number(row.solvents_comercial),
    });
  return byUnit;
}

/** Replaces the zero client counters of a page of regional rows (lists and exports alike: the exports carry Clientes). */
export async function withClientCounts<T extends { id: number } & UnitClientCounts>(db: Executor, level: RegionalLevel, rows: T[]): Promise<T[]> {
  if (!rows.length) return rows;
  const counts = await regionalClientCounts(
    db,
    level,
    rows.map((row) => row.id),
  );
  return rows.map((row) => Object.assign(row, counts.get(row.id) ?? emptyClientCounts()));
}
