import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  addressMessages,
  selectedMonthList,
  type AddressListQuery,
  type AddressRow,
  type ChangeMonthsInput,
  type CreateAddressInput,
  type UpdateAddressInput,
} from '@recaudo/domain/addresses';
import { calendarYears, currentMonth, lastPayableMonth, solventToDate, type Coverage, type Month } from '@recaudo/domain/months';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { fieldError, notFound } from '../../platform/errors';
import type { RowSource } from '../../platform/export';
import { idList, likePattern, sortOrder } from '../../platform/paging';
import { assertOwnClient, clientIdOf, clientScope } from '../../platform/scope';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { addressesPayments, addressMonths } from './tables';

type AddressRecord = typeof addressesPayments.$inferSelect;

/* ---------------- The month ledger in SQL ---------------- */

/**
 * The start month of each row, as domain `startMonth` decides it (DESIGN §5): the address's own
 * date, else the community's (residential) or the parish's (commercial), else the earliest
 * covered month, else the Caracas month it was created. Needs `communities` and `parishes`
 * joined on the address's own ids (every query of this module does).
 */
export const START_MONTH = sql<string>`coalesce(
  to_char("addresses_payments"."date_start", 'YYYY-MM'),
  case when "addresses_payments"."type" = 0 then to_char("communities"."date_start", 'YYYY-MM') else to_char("parishes"."date_start", 'YYYY-MM') end,
  (select min(am.month) from address_months am where am.address_payment_id = "addresses_payments"."id"),
  to_char("addresses_payments"."created_at" at time zone 'America/Caracas', 'YYYY-MM'))`;

const monthIndex = (month: SQL) => sql`(substr(${month}, 1, 4)::int * 12 + substr(${month}, 6, 2)::int)`;

/**
 * months_to_pay: the months from the start month through `current` minus the covered ones in
 * that range, counted on the (address, month) unique index. 0 while the start is in the future.
 */
export const monthsToPaySql = (current: Month) => {
  const now = sql`${current}::text`;
  return sql<number>`(greatest(0, ${monthIndex(now)} - ${monthIndex(START_MONTH)} + 1) - (select count(*)::int from address_months am
    where am.address_payment_id = "addresses_payments"."id" and am.month >= ${START_MONTH} and am.month <= ${now}))`;
};

const PENDING = sql<boolean>`exists (select 1 from address_months am where am.address_payment_id = "addresses_payments"."id" and am.pending)`;

const solventSql = (current: Month) => sql`(${monthsToPaySql(current)} = 0 and not ${PENDING})`;

/** The monthly fee in dollars: the custom one, else the activity's (commercial) or the community's (residential). */
const EFFECTIVE_FEE = sql<string | null>`(case
  when "addresses_payments"."is_custom_fee" then "addresses_payments"."fee"
  when "addresses_payments"."type" = 1 then "economic_activities"."fee"
  else "communities"."fee" end)`;

/** Complete location (spec 01 §5): residential with community and parish, commercial with an economic activity. */
const COMPLETE = sql`(("addresses_payments"."type" = 0 and "addresses_payments"."community_id" is not null and "addresses_payments"."parish_id" is not null)
  or ("addresses_payments"."type" = 1 and "addresses_payments"."economic_activity_id" is not null))`;
const INCOMPLETE = sql`(not ${COMPLETE} or "addresses_payments"."state_id" is null or "addresses_payments"."municipality_id" is null or "addresses_payments"."parish_id" is null)`;

const rowColumns = (current: Month) => ({
  id: addressesPayments.id,
  client_id: addressesPayments.clientId,
  type: addressesPayments.type,
  address: addressesPayments.address,
  state_id: addressesPayments.stateId,
  municipality_id: addressesPayments.municipalityId,
  parish_id: addressesPayments.parishId,
  community_id: addressesPayments.communityId,
  economic_activity_id: addressesPayments.economicActivityId,
  is_custom_fee: addressesPayments.isCustomFee,
  date_start: addressesPayments.dateStart,
  created_by: addressesPayments.createdBy,
  created_at: addressesPayments.createdAt,
  client_name: clients.name,
  client_identification_type: clients.identificationType,
  client_identification: clients.identification,
  state_name: states.name,
  municipality_name: municipalities.name,
  parish_name: parishes.name,
  parish_date_start: parishes.dateStart,
  community_name: communities.name,
  community_fee: communities.fee,
  community_date_start: communities.dateStart,
  activity_name: economicActivities.name,
  activity_fee: economicActivities.fee,
  group_id: activityGroups.id,
  group_name: activityGroups.name,
  fee: EFFECTIVE_FEE,
  start_month: START_MONTH,
  months_to_pay: monthsToPaySql(current),
  pending: PENDING,
});

type Joined = { [K in keyof ReturnType<typeof rowColumns>]: unknown } & {
  id: number;
  client_id: number;
  type: number;
  address: string;
  state_id: number | null;
  municipality_id: number | null;
  parish_id: number | null;
  community_id: number | null;
  economic_activity_id: number | null;
  is_custom_fee: boolean;
  date_start: string | null;
  created_by: number | null;
  created_at: Date | string;
  client_name: string;
  client_identification_type: string;
  client_identification: string;
  state_name: string | null;
  municipality_name: string | null;
  parish_name: string | null;
  parish_date_start: string | null;
  community_name: string | null;
  community_fee: string | null;
  community_date_start: string | null;
  activity_name: string | null;
  activity_fee: string | null;
  group_id: number | null;
  group_name: string | null;
  fee: string | null;
  start_month: string;
  months_to_pay: number | string;
  pending: boolean;
};

const money = (value: string | null) => (value === null ? null : Number(value).toFixed(2));
const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

function present(row: Joined, coverage: Coverage[], now: Date): AddressRow {
  const covered = new Set(coverage.map((entry) => entry.month));
  const monthsToPay = Number(row.months_to_pay);
  return {
    id: row.id,
    client_id: row.client_id,
    client: { id: row.client_id, name: row.client_name, identification_type: row.client_identification_type, identification: row.client_identification },
    type: row.type === 1 ? 1 : 0,
    address: row.address,
    state_id: row.state_id,
    state: ref(row.state_id, row.state_name),
    municipality_id: row.municipality_id,
    municipality: ref(row.municipality_id, row.municipality_name),
    parish_id: row.parish_id,
    parish: row.parish_id !== null && row.parish_name !== null ? { id: row.parish_id, name: row.parish_name, date_start: row.parish_date_start ?? '' } : null,
    community_id: row.community_id,
    community:
      row.community_id !== null && row.community_name !== null
        ? { id: row.community_id, name: row.community_name, fee: money(row.community_fee) ?? '0.00', date_start: row.community_date_start ?? '' }
        : null,
    economic_activity_id: row.economic_activity_id,
    economic_activity:
      row.economic_activity_id !== null && row.activity_name !== null
        ? { id: row.economic_activity_id, name: row.activity_name, fee: money(row.activity_fee) ?? '0.00', activity_group: ref(row.group_id, row.group_name) }
        : null,
    is_custom_fee: row.is_custom_fee,
    fee: money(row.fee),
    date_start: row.date_start,
    start_month: row.start_month,
    months_to_pay: monthsToPay,
    payments: calendarYears(row.start_month, coverage, now),
    solvent: monthsToPay === 0 && !row.pending,
    solvent_to_date: solventToDate(row.start_month, covered),
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The ledger rows of a page of addresses, in one query. */
async function coverageOf(db: Executor, ids: number[]): Promise<Map<number, Coverage[]>> {
  const byAddress = new Map<number, Coverage[]>();
  if (!ids.length) return byAddress;
  const rows = await db
    .select({ address: addressMonths.addressPaymentId, month: addressMonths.month, payment_id: addressMonths.paymentId, pending: addressMonths.pending })
    .from(addressMonths)
    .where(inArray(addressMonths.addressPaymentId, ids))
    .orderBy(asc(addressMonths.month));
  for (const row of rows) {
    const list = byAddress.get(row.address) ?? [];
    list.push({ month: row.month, payment_id: row.payment_id, pending: row.pending });
    byAddress.set(row.address, list);
  }
  return byAddress;
}

interface LoadOptions {
  where?: SQL;
  order?: (SQL | PgColumn)[];
  limit?: number | null;
  offset?: number;
  now?: Date;
}

async function loadAddresses(db: Executor, options: LoadOptions): Promise<AddressRow[]> {
  const now = options.now ?? new Date();
  const base = db
    .select(rowColumns(currentMonth(now)))
    .from(addressesPayments)
    .innerJoin(clients, eq(clients.id, addressesPayments.clientId))
    .leftJoin(states, eq(states.id, addressesPayments.stateId))
    .leftJoin(municipalities, eq(municipalities.id, addressesPayments.municipalityId))
    .leftJoin(parishes, eq(parishes.id, addressesPayments.parishId))
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(economicActivities, eq(economicActivities.id, addressesPayments.economicActivityId))
    .leftJoin(activityGroups, eq(activityGroups.id, economicActivities.activityGroupId))
    .where(options.where)
    .orderBy(...(options.order ?? [desc(addressesPayments.createdAt), asc(addressesPayments.id)]))
    .offset(options.offset ?? 0);
  const rows = (options.limit == null ? await base : await base.limit(options.limit)) as Joined[];
  const coverage = await coverageOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, coverage.get(row.id) ?? [], now));
}

/** Count and fee total of the filtered rows, with the same joins as the rows. */
async function aggregate(db: Executor, where: SQL | undefined) {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, fees: sql<string>`coalesce(sum(${EFFECTIVE_FEE}), 0)::numeric(18, 2)::text` })
    .from(addressesPayments)
    .innerJoin(clients, eq(clients.id, addressesPayments.clientId))
    .leftJoin(parishes, eq(parishes.id, addressesPayments.parishId))
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(economicActivities, eq(economicActivities.id, addressesPayments.economicActivityId))
    .where(where);
  return { total: Number(row?.total ?? 0), fees: Number(row?.fees ?? 0).toFixed(2) };
}

/* ---------------- Lists ---------------- */

const textList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value])
    .map((item) => (typeof item === 'object' && item !== null && 'value' in item ? (item as { value: unknown }).value : item))
    .filter((item): item is string => typeof item === 'string' && item.length > 0 && item.length <= 64);

const truthy = (value: unknown) => value === true || value === 'true' || value === '1' || value === 1;

const wholeList = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value])
    .map((item) => (typeof item === 'object' && item !== null && 'value' in item ? (item as { value: unknown }).value : item))
    .map(Number)
    .filter((item) => Number.isInteger(item) && item >= 0);

/**
 * `GET addresses-payment`. Search: address, client name, identification ("V-123" too).
 * Filters: type, client, identification_type, state, municipality, parish, community,
 * economic_activity, user (creator), verify (incomplete), client_solvent / client_not_solvent,
 * is_custom_fee, months_to_pay (exact counts). with_payments / without_payments are accepted and
 * ignored until payments exist.
 */
export function addressWhere(query: AddressListQuery, auth?: AuthContext, now = new Date()): SQL | undefined {
  const { filters } = query;
  const current = currentMonth(now);
  const type = query.type ?? (filters.type === 0 || filters.type === '0' ? 0 : filters.type === 1 || filters.type === '1' ? 1 : undefined);
  const pattern = likePattern(query.search);
  const ids = (name: string) => idList(filters[name]);
  const identificationTypes = textList(filters.identification_type);
  const monthsToPay = wholeList(filters.months_to_pay);
  const solvent = truthy(filters.client_solvent);
  const notSolvent = truthy(filters.client_not_solvent);
  const inIds = (column: Parameters<typeof inArray>[0], list: number[]) => (list.length ? inArray(column, list) : undefined);
  return and(
    auth ? clientScope(addressesPayments.clientId, auth) : undefined,
    type !== undefined ? eq(addressesPayments.type, type) : undefined,
    query.search
      ? or(
          ilike(addressesPayments.address, pattern),
          ilike(clients.name, pattern),
          ilike(clients.identification, pattern),
          ilike(sql`${clients.identificationType} || '-' || ${clients.identification}`, pattern),
        )
      : undefined,
    inIds(addressesPayments.clientId, ids('client')),
    identificationTypes.length ? inArray(clients.identificationType, identificationTypes) : undefined,
    inIds(addressesPayments.stateId, ids('state')),
    inIds(addressesPayments.municipalityId, ids('municipality')),
    inIds(addressesPayments.parishId, ids('parish')),
    inIds(addressesPayments.communityId, ids('community')),
    inIds(addressesPayments.economicActivityId, ids('economic_activity')),
    inIds(addressesPayments.createdBy, ids('user')),
    truthy(filters.verify) ? INCOMPLETE : undefined,
    truthy(filters.is_custom_fee) ? eq(addressesPayments.isCustomFee, true) : undefined,
    // Solventes and No Solventes are exclusive; both checked filter nothing.
    solvent && !notSolvent ? solventSql(current) : undefined,
    notSolvent && !solvent ? sql`not ${solventSql(current)}` : undefined,
    monthsToPay.length ? sql`${monthsToPaySql(current)} in (${sql.join(monthsToPay.map((count) => sql`${count}`), sql`, `)})` : undefined,
  );
}

export interface AddressSource extends RowSource<AddressRow> {
  totals(): Promise<{ total_fees: string; total_addresses: number }>;
}

export function addressSource(db: Executor, query: AddressListQuery, auth?: AuthContext): AddressSource {
  const now = new Date();
  const where = addressWhere(query, auth, now);
  const order = sortOrder(
    query.sorter,
    {
      id: addressesPayments.id,
      address: addressesPayments.address,
      type: addressesPayments.type,
      created_at: addressesPayments.createdAt,
      client: clients.name,
      fee: EFFECTIVE_FEE,
      months_to_pay: monthsToPaySql(currentMonth(now)),
    },
    desc(addressesPayments.createdAt),
    addressesPayments.id,
  );
  return {
    rows: (limit, offset) => loadAddresses(db, { where, order, limit, offset, now }),
    async count() {
      return (await aggregate(db, where)).total;
    },
    async totals() {
      const { total, fees } = await aggregate(db, where);
      return { total_fees: fees, total_addresses: total };
    },
  };
}

/** A client's addresses (detail tab, client portal); `completeOnly` for the pickers elsewhere. */
export async function clientAddresses(db: Executor, auth: AuthContext, clientId: number | null, options: { completeOnly?: boolean } = {}): Promise<AddressRow[]> {
  const id = clientId ?? clientIdOf(auth);
  if (id === null) throw notFound(addressMessages.clientNotFound);
  assertOwnClient(auth, id, addressMessages.clientNotFound);
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id));
  if (!client) throw notFound(addressMessages.clientNotFound);
  return loadAddresses(db, {
    where: and(eq(addressesPayments.clientId, id), options.completeOnly ? COMPLETE : undefined),
    order: [asc(addressesPayments.id)],
  });
}

export async function addressRow(db: Executor, id: number): Promise<AddressRow> {
  const [row] = await loadAddresses(db, { where: eq(addressesPayments.id, id) });
  if (!row) throw notFound(addressMessages.notFound);
  return row;
}

/* ---------------- Writes ---------------- */

type AddressInput = CreateAddressInput;

async function getAddress(executor: Executor, id: number, auth: AuthContext, lock = false): Promise<AddressRecord> {
  const base = executor.select().from(addressesPayments).where(eq(addressesPayments.id, id));
  const [address] = lock ? await base.for('update') : await base;
  if (!address) throw notFound(addressMessages.notFound);
  assertOwnClient(auth, address.clientId, addressMessages.notFound);
  return address;
}

/** Each level must exist and belong to the one above it (the panel filters each list by its parent). */
async function checkLocation(tx: Executor, input: AddressInput): Promise<void> {
  const [state] = await tx.select({ id: states.id }).from(states).where(eq(states.id, input.state_id));
  if (!state) throw fieldError('state_id', addressMessages.stateMissing);
  const [municipality] = await tx.select({ parent: municipalities.stateId }).from(municipalities).where(eq(municipalities.id, input.municipality_id));
  if (municipality?.parent !== input.state_id) throw fieldError('municipality_id', addressMessages.municipalityMismatch);
  const [parish] = await tx.select({ parent: parishes.municipalityId }).from(parishes).where(eq(parishes.id, input.parish_id));
  if (parish?.parent !== input.municipality_id) throw fieldError('parish_id', addressMessages.parishMismatch);
  if (input.community_id !== null) {
    const [community] = await tx.select({ parent: communities.parishId }).from(communities).where(eq(communities.id, input.community_id));
    if (community?.parent !== input.parish_id) throw fieldError('community_id', addressMessages.communityMismatch);
  }
  if (input.economic_activity_id !== null) {
    const [activity] = await tx.select({ id: economicActivities.id }).from(economicActivities).where(eq(economicActivities.id, input.economic_activity_id));
    if (!activity) throw fieldError('economic_activity_id', addressMessages.economicActivityMissing);
  }
}

async function checkClient(tx: Executor, auth: AuthContext, clientId: number): Promise<void> {
  assertOwnClient(auth, clientId, addressMessages.clientNotFound);
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw fieldError('client_id', addressMessages.clientNotFound);
}

/**
 * The stored values. Economic activity, custom fee and own start date are staff-only: a client
 * user's values for them are ignored (a new address gets none, an edited one keeps the staff's).
 */
function storedValues(auth: AuthContext, input: AddressInput, previous?: AddressRecord) {
  const isClient = clientIdOf(auth) !== null;
  const keep = isClient && previous && previous.type === input.type;
  const staffOnly = isClient
    ? {
        economic_activity_id: keep ? previous.economicActivityId : null,
        is_custom_fee: keep ? previous.isCustomFee : false,
        fee: keep ? previous.fee : null,
        date_start: previous ? previous.dateStart : null,
      }
    : { economic_activity_id: input.economic_activity_id, is_custom_fee: input.is_custom_fee, fee: input.fee, date_start: input.date_start };
  return {
    client_id: input.client_id,
    type: input.type,
    address: input.address,
    state_id: input.state_id,
    municipality_id: input.municipality_id,
    parish_id: input.parish_id,
    community_id: input.community_id,
    ...staffOnly,
  };
}

type Stored = ReturnType<typeof storedValues>;

const columnsOf = (values: Stored) => ({
  clientId: values.client_id,
  type: values.type,
  address: values.address,
  stateId: values.state_id,
  municipalityId: values.municipality_id,
  parishId: values.parish_id,
  communityId: values.community_id,
  economicActivityId: values.economic_activity_id,
  isCustomFee: values.is_custom_fee,
  fee: values.fee,
  dateStart: values.date_start,
});

const recordValues = (address: AddressRecord): Stored => ({
  client_id: address.clientId,
  type: address.type === 1 ? 1 : 0,
  address: address.address,
  state_id: address.stateId ?? 0,
  municipality_id: address.municipalityId ?? 0,
  parish_id: address.parishId ?? 0,
  community_id: address.communityId,
  economic_activity_id: address.economicActivityId,
  is_custom_fee: address.isCustomFee,
  fee: address.fee,
  date_start: address.dateStart,
});

function assertStaffRules(auth: AuthContext, values: Stored): void {
  if (clientIdOf(auth) === null && values.type === 1 && values.economic_activity_id === null) {
    throw fieldError('economic_activity_id', addressMessages.economicActivityRequired);
  }
}

/** Staff need add_address_payment and add_client or edit_client; client users add their own. */
export async function createAddress(db: Database, auth: AuthContext, input: CreateAddressInput): Promise<number> {
  return db.transaction(async (tx) => {
    await checkClient(tx, auth, input.client_id);
    await checkLocation(tx, input);
    const values = storedValues(auth, input);
    assertStaffRules(auth, values);
    const [address] = await tx
      .insert(addressesPayments)
      .values({ ...columnsOf(values), createdBy: auth.user.id })
      .returning({ id: addressesPayments.id });
    if (!address) throw new Error('address insert returned nothing');
    await recordAudit(tx, { module: 'addresses_payments', event: 'created', causerId: auth.user.id, subjectId: address.id, attributes: { ...values } });
    return address.id;
  });
}

/** Staff need edit_address_payment and edit_client; client users edit their own. */
export async function updateAddress(db: Database, auth: AuthContext, input: UpdateAddressInput): Promise<void> {
  await db.transaction(async (tx) => {
    const address = await getAddress(tx, input.id, auth, true);
    await checkClient(tx, auth, input.client_id);
    await checkLocation(tx, input);
    const values = storedValues(auth, input, address);
    assertStaffRules(auth, values);
    const diff = changedFields(recordValues(address), values);
    if (!diff.changed) return;
    await tx
      .update(addressesPayments)
      .set({ ...columnsOf(values), updatedAt: new Date() })
      .where(eq(addressesPayments.id, address.id));
    await recordAudit(tx, { module: 'addresses_payments', event: 'updated', causerId: auth.user.id, subjectId: address.id, old: diff.old, attributes: diff.attributes });
  });
}

/** Its covered months go with it (the ledger cascades). */
export async function deleteAddress(db: Database, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const address = await getAddress(tx, id, auth, true);
    const months = await tx.select({ month: addressMonths.month, payment_id: addressMonths.paymentId }).from(addressMonths).where(eq(addressMonths.addressPaymentId, id));
    await tx.delete(addressesPayments).where(eq(addressesPayments.id, id));
    await recordAudit(tx, {
      module: 'addresses_payments',
      event: 'deleted',
      causerId: auth.user.id,
      subjectId: id,
      old: { ...recordValues(address), covered_months: months.map((entry) => entry.month) },
    });
  });
}

/**
 * The calendar's merged list (DESIGN §5): every month that should end up covered. In one
 * transaction, holding the address row, manual marks are added for new months and removed for
 * months missing from the list; a month held by a payment can't be unmarked; nothing after
 * December of the current year. Sending the same list twice changes nothing the second time.
 */
export async function changeMonths(db: Database, auth: AuthContext, input: ChangeMonthsInput, now = new Date()) {
  const desired = selectedMonthList(input.selected_months);
  const limit = lastPayableMonth(now);
  const beyond = desired.find((month) => month > limit);
  if (beyond) throw fieldError('selected_months', addressMessages.monthBeyondLimit(beyond, limit));
  await db.transaction(async (tx) => {
    const address = await getAddress(tx, input.address_id, auth, true);
    if (address.clientId !== input.client_id) throw notFound(addressMessages.notFound);
    const existing = await tx
      .select({ id: addressMonths.id, month: addressMonths.month, payment_id: addressMonths.paymentId })
      .from(addressMonths)
      .where(eq(addressMonths.addressPaymentId, address.id))
      .orderBy(asc(addressMonths.month));
    const wanted = new Set(desired);
    const held = existing.find((entry) => entry.payment_id !== null && !wanted.has(entry.month));
    if (held) throw fieldError('selected_months', addressMessages.monthHeldByPayment(held.month, held.payment_id!));
    const have = new Set(existing.map((entry) => entry.month));
    const added = desired.filter((month) => !have.has(month));
    const removed = existing.filter((entry) => entry.payment_id === null && !wanted.has(entry.month));
    if (added.length) {
      await tx
        .insert(addressMonths)
        .values(added.map((month) => ({ addressPaymentId: address.id, month })))
        .onConflictDoNothing({ target: [addressMonths.addressPaymentId, addressMonths.month] });
    }
    if (removed.length) {
      await tx.delete(addressMonths).where(
        and(
          inArray(
            addressMonths.id,
            removed.map((entry) => entry.id),
          ),
          sql`${addressMonths.paymentId} is null`,
        ),
      );
    }
    if (added.length || removed.length) {
      await recordAudit(tx, {
        module: 'payment months',
        event: 'updated',
        causerId: auth.user.id,
        subjectType: 'addresses_payments',
        subjectId: address.id,
        old: { unmarked: removed.map((entry) => entry.month) },
        attributes: { marked: added },
      });
    }
  });
  const row = await addressRow(db, input.address_id);
  return { payments: row.payments, months_to_pay: row.months_to_pay };
}
