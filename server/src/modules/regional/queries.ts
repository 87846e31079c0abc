import { and, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PaymentSummary, RegionalListQuery, RegionalUnit } from '@recaudo/domain/regional';
import type { Executor } from '../../db/client';
import { iso } from '../../platform/envelope';
import type { RowSource } from '../../platform/export';
import { idList, likePattern, sortOrder } from '../../platform/paging';
import { withPaymentSummaries, type RegionalLevel, type UnitSummaries } from '../payments/counts';
import { withClientCounts, type UnitClientCounts } from './client-counts';
import { lateFeeSelect } from '../fees/late-fee-columns';
import { communities, municipalities, parishes, states } from './tables';
import { MAX_PAGE_SIZE } from '@recaudo/domain/paging';

/**
 * The lists of regional units. The payment cards of a page come from payments/counts.ts (the
 * approved payments of the `dates` range, today by default), the client counters from
 * client-counts.ts; both with one grouped query over the page's ids.
 */
const EMPTY_SUMMARY: PaymentSummary = { count_payments: 0, amount_bill: '0.00', amount_payment: '0.00', dollar_amount_bill: '0.00', dollar_amount_payment: '0.00' };
const emptyCounts = () => ({
  count_clients: 0,
  payments_residential: { ...EMPTY_SUMMARY },
  payments_comercial: { ...EMPTY_SUMMARY },
  count_clients_solvents_residential: 0,
  count_clients_solvents_comercial: 0,
});

/** A page of rows with its payment cards and client counters. */
async function withFigures<T extends { id: number } & UnitSummaries & UnitClientCounts>(
  db: Executor,
  level: RegionalLevel,
  rows: T[],
  query: RegionalListQuery,
): Promise<T[]> {
  return withClientCounts(db, level, await withPaymentSummaries(db, level, rows, query));
}

/** A filter given either as `filters[x]` or at the top level of the query (as the spec sends parent ids). */
function ids(query: RegionalListQuery, key: 'state_id' | 'municipality_id' | 'parish_id'): number[] {
  const top = query[key];
  return [...idList(query.filters[key]), ...(top ? [top] : [])];
}

function activeFilter(value: unknown, column: PgColumn): SQL | undefined {
  if (value === '1' || value === 'true' || value === 1 || value === true) return eq(column, true);
  if (value === '0' || value === 'false' || value === 0 || value === false) return eq(column, false);
  return undefined;
}

const stateColumns = { id: states.id, name: states.name, active: states.active, created_at: states.createdAt };

export function stateSource(db: Executor, query: RegionalListQuery): RowSource<ReturnType<typeof presentState>> {
  const where = and(query.search ? ilike(states.name, likePattern(query.search)) : undefined, activeFilter(query.filters.active, states.active));
  const order = sortOrder(query.sorter, { id: states.id, name: states.name, active: states.active }, states.name, states.id);
  return {
    async rows(limit, offset) {
      const base = db.select(stateColumns).from(states).where(where).orderBy(...order).offset(offset);
      return withFigures(db, 'state', (limit === null ? await base : await base.limit(limit)).map(presentState), query);
    },
    async count() {
      return (await db.select({ total: count() }).from(states).where(where))[0]?.total ?? 0;
    },
  };
}
export const presentState = (row: { id: number; name: string; active: boolean; created_at: Date | string }) => ({
  ...row,
  created_at: iso(row.created_at),
  ...emptyCounts(),
});

const municipalityColumns = {
  id: municipalities.id,
  name: municipalities.name,
  active: municipalities.active,
  created_at: municipalities.createdAt,
  state_id: municipalities.stateId,
  state_name: states.name,
};

export function municipalitySource(db: Executor, query: RegionalListQuery): RowSource<ReturnType<typeof presentMunicipality>> {
  const stateIds = ids(query, 'state_id');
  const where = and(
    query.search ? ilike(municipalities.name, likePattern(query.search)) : undefined,
    stateIds.length ? inArray(municipalities.stateId, stateIds) : undefined,
    activeFilter(query.filters.active, municipalities.active),
  );
  const order = sortOrder(query.sorter, { id: municipalities.id, name: municipalities.name, active: municipalities.active }, municipalities.name, municipalities.id);
  return {
    async rows(limit, offset) {
      const base = db
        .select(municipalityColumns)
        .from(municipalities)
        .innerJoin(states, eq(states.id, municipalities.stateId))
        .where(where)
        .orderBy(...order)
        .offset(offset);
      return withFigures(db, 'municipality', (limit === null ? await base : await base.limit(limit)).map(presentMunicipality), query);
    },
    async count() {
      return (await db.select({ total: count() }).from(municipalities).where(where))[0]?.total ?? 0;
    },
  };
}
export const presentMunicipality = ({ state_name, ...row }: { id: number; name: string; active: boolean; created_at: Date | string; state_id: number; state_name: string }) => ({
  ...row,
  created_at: iso(row.created_at),
  state: { id: row.state_id, name: state_name },
  ...emptyCounts(),
});

const parishColumns = {
  id: parishes.id,
  name: parishes.name,
  active: parishes.active,
  date_start: parishes.dateStart,
  created_at: parishes.createdAt,
  municipality_id: parishes.municipalityId,
  municipality_name: municipalities.name,
  state_id: municipalities.stateId,
  state_name: states.name,
};

export function parishSource(db: Executor, query: RegionalListQuery): RowSource<ReturnType<typeof presentParish>> {
  const stateIds = ids(query, 'state_id');
  const municipalityIds = ids(query, 'municipality_id');
  const where = and(
    query.search ? ilike(parishes.name, likePattern(query.search)) : undefined,
    municipalityIds.length ? inArray(parishes.municipalityId, municipalityIds) : undefined,
    stateIds.length ? inArray(municipalities.stateId, stateIds) : undefined,
    activeFilter(query.filters.active, parishes.active),
  );
  const order = sortOrder(
    query.sorter,
    { id: parishes.id, name: parishes.name, active: parishes.active, date_start: parishes.dateStart },
    parishes.name,
    parishes.id,
  );
  const joined = () =>
    db
      .select(parishColumns)
      .from(parishes)
      .innerJoin(municipalities, eq(municipalities.id, parishes.municipalityId))
      .innerJoin(states, eq(states.id, municipalities.stateId));
  return {
    async rows(limit, offset) {
      const base = joined().where(where).orderBy(...order).offset(offset);
      return withFigures(db, 'parish', (limit === null ? await base : await base.limit(limit)).map(presentParish), query);
    },
    async count() {
      const rows = await db
        .select({ total: count() })
        .from(parishes)
        .innerJoin(municipalities, eq(municipalities.id, parishes.municipalityId))
        .where(where);
      return rows[0]?.total ?? 0;
    },
  };
}
type ParishJoined = {
  id: number;
  name: string;
  active: boolean;
  date_start: string;
  created_at: Date | string;
  municipality_id: number;
  municipality_name: string;
  state_id: number;
  state_name: string;
};
export const presentParish = ({ municipality_name, state_name, ...row }: ParishJoined) => ({
  ...row,
  created_at: iso(row.created_at),
  municipality: { id: row.municipality_id, name: municipality_name, state_id: row.state_id },
  state: { id: row.state_id, name: state_name },
  ...emptyCounts(),
});

const communityColumns = {
  id: communities.id,
  name: communities.name,
  active: communities.active,
  number_houses: communities.numberHouses,
  responsible_name: communities.responsibleName,
  responsible_phone: communities.responsiblePhone,
  fee: communities.fee,
  date_start: communities.dateStart,
  ...lateFeeSelect(communities),
  created_at: communities.createdAt,
  parish_id: communities.parishId,
  parish_name: parishes.name,
  municipality_id: parishes.municipalityId,
  municipality_name: municipalities.name,
  state_id: municipalities.stateId,
  state_name: states.name,
};

export function communitySource(db: Executor, query: RegionalListQuery): RowSource<ReturnType<typeof presentCommunity>> {
  const stateIds = ids(query, 'state_id');
  const municipalityIds = ids(query, 'municipality_id');
  const parishIds = ids(query, 'parish_id');
  const where = and(
    query.search ? ilike(communities.name, likePattern(query.search)) : undefined,
    parishIds.length ? inArray(communities.parishId, parishIds) : undefined,
    municipalityIds.length ? inArray(parishes.municipalityId, municipalityIds) : undefined,
    stateIds.length ? inArray(municipalities.stateId, stateIds) : undefined,
    activeFilter(query.filters.active, communities.active),
  );
  const order = sortOrder(
    query.sorter,
    {
      id: communities.id,
      name: communities.name,
      active: communities.active,
      fee: communities.fee,
      number_houses: communities.numberHouses,
      date_start: communities.dateStart,
    },
    communities.name,
    communities.id,
  );
  return {
    async rows(limit, offset) {
      const base = db
        .select(communityColumns)
        .from(communities)
        .innerJoin(parishes, eq(parishes.id, communities.parishId))
        .innerJoin(municipalities, eq(municipalities.id, parishes.municipalityId))
        .innerJoin(states, eq(states.id, municipalities.stateId))
        .where(where)
        .orderBy(...order)
        .offset(offset);
      return withFigures(db, 'community', (limit === null ? await base : await base.limit(limit)).map(presentCommunity), query);
    },
    async count() {
      const rows = await db
        .select({ total: count() })
        .from(communities)
        .innerJoin(parishes, eq(parishes.id, communities.parishId))
        .innerJoin(municipalities, eq(municipalities.id, parishes.municipalityId))
        .where(where);
      return rows[0]?.total ?? 0;
    },
  };
}
type CommunityJoined = {
  id: number;
  name: string;
  active: boolean;
  number_houses: number;
  responsible_name: string | null;
  responsible_phone: string | null;
  fee: string;
  date_start: string;
  late_fee_percent: string | null;
  late_fee_grace_days: number;
  late_fee_cap_months: number | null;
  late_fee_cap_percent: string | null;
  created_at: Date | string;
  parish_id: number;
  parish_name: string;
  municipality_id: number;
  municipality_name: string;
  state_id: number;
  state_name: string;
};
export const presentCommunity = ({ parish_name, municipality_name, state_name, ...row }: CommunityJoined) => ({
  ...row,
  created_at: iso(row.created_at),
  parish: { id: row.parish_id, name: parish_name, municipality_id: row.municipality_id },
  municipality: { id: row.municipality_id, name: municipality_name, state_id: row.state_id },
  state: { id: row.state_id, name: state_name },
  ...emptyCounts(),
});

export interface UnitParents {
  state_id?: number[];
  municipality_id?: number[];
  parish_id?: number[];
}

/**
 * Active units of one level for selects and `data-regional`: id, name and the direct parent.
 * `ids` asks for given units by id whatever their status: it names a filter already chosen (the
 * clients list opened from "Ver clientes" of an inactive community still says which one).
 */
export async function activeUnits(db: Executor, unit: RegionalUnit, search = '', parents: UnitParents = {}, ids: number[] = []) {
  const named = (column: PgColumn) => (search ? ilike(column, likePattern(search)) : undefined);
  const within = (column: PgColumn, list?: number[]) => (list?.length ? inArray(column, list) : undefined);
  const offered = (active: PgColumn, id: PgColumn) => (ids.length ? inArray(id, ids) : eq(active, true));
  switch (unit) {
    case 'states':
      return db.select({ id: states.id, name: states.name }).from(states).where(and(offered(states.active, states.id), named(states.name), within(states.id, parents.state_id))).orderBy(states.name).limit(MAX_PAGE_SIZE);
    case 'municipalities':
      return db
        .select({ id: municipalities.id, name: municipalities.name, state_id: municipalities.stateId })
        .from(municipalities)
        .where(and(offered(municipalities.active, municipalities.id), named(municipalities.name), within(municipalities.stateId, parents.state_id)))
        .orderBy(municipalities.name).limit(MAX_PAGE_SIZE);
    case 'parishes':
      return db
        .select({ id: parishes.id, name: parishes.name, municipality_id: parishes.municipalityId, date_start: parishes.dateStart })
        .from(parishes)
        .where(and(offered(parishes.active, parishes.id), named(parishes.name), within(parishes.municipalityId, parents.municipality_id)))
        .orderBy(parishes.name).limit(MAX_PAGE_SIZE);
    case 'communities':
      return db
        .select({ id: communities.id, name: communities.name, parish_id: communities.parishId, fee: communities.fee, date_start: communities.dateStart })
        .from(communities)
        .where(and(offered(communities.active, communities.id), named(communities.name), within(communities.parishId, parents.parish_id)))
        .orderBy(communities.name).limit(MAX_PAGE_SIZE);
  }
}

