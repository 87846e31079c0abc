import { clientDebts } from '@recaudo/domain/statement';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { ageOn, clientMessages, type ClientAddressSummary, type ClientListQuery, type ClientOption, type ClientRow, type ClientType } from '@recaudo/domain/clients';
import { todayInCaracas } from '@recaudo/domain/dates';
import { hasPermission } from '@recaudo/domain/permissions';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { inKeyOrder, selectIds, type RowSource } from '../../platform/export';
import { COUNT_CAP, listTotal, SEARCH_COUNT_CAP } from '../../platform/count';
import { caracasDayRange, idList, likePattern, prefixPattern, sortOrder, textList } from '../../platform/paging';
import { inIdsPlaceholder, preparedStatement } from '../../platform/prepared';
import { assertOwnClient, clientScope } from '../../platform/scope';
import type { AuthContext } from '../auth/service';
import { exchangeRates } from '../configurations/service';
import { clientLatestPayment, clientPaymentCount, presentLatestPayment, type LatestPaymentJson } from '../payments/counts';
import type { ClientExportRow } from './presenter';
import { clients } from './tables';
import { iso } from '../../platform/envelope';
import { statementOf } from '../statements/queries';

/** Reading clients: the list with its filters, the detail, and the pickers' options. */

/** The first user of the client, written out: Drizzle leaves columns unqualified in single-table selects. */
const clientUserJson = sql<{ id: number; name: string; email: string; created_at: string } | null>`(
  select json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'created_at', u.created_at)
  from users u where u.client_id = clients.id order by u.id limit 1)`;

/** The client's payment addresses as the list row names them; the expansion loads them in full. */
const addressSummariesJson = sql<ClientAddressSummary[]>`coalesce((
  select json_agg(json_build_object('id', ap.id, 'type', ap.type, 'address', ap.address) order by ap.id)
  from addresses_payments ap where ap.client_id = clients.id), '[]'::json)`;

/** Location filters reach a client through any of its payment addresses (columns of `ap`). */
const ADDRESS_FILTERS = {
  state: sql.raw('ap.state_id'),
  municipality: sql.raw('ap.municipality_id'),
  parish: sql.raw('ap.parish_id'),
  community: sql.raw('ap.community_id'),
  economic_activity: sql.raw('ap.economic_activity_id'),
} as const;

function addressFilter(filters: Record<string, unknown>) {
  const conditions = Object.entries(ADDRESS_FILTERS).flatMap(([name, column]) => {
    const ids = idList(filters[name]);
    return ids.length ? [sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`] : [];
  });
  if (!conditions.length) return undefined;
  return sql`exists (select 1 from addresses_payments ap where ap.client_id = clients.id and ${sql.join(conditions, sql` and `)})`;
}

/** What the export's columns read: the list row without its subqueries (user, addresses, payments). */
const exportColumns = {
  id: clients.id,
  type: clients.type,
  name: clients.name,
  email: clients.email,
  phone: clients.phone,
  gender: clients.gender,
  birth_date: clients.birthDate,
  identification: clients.identification,
  identification_type: clients.identificationType,
  address: clients.address,
  active: clients.active,
  created_at: clients.createdAt,
};

const clientColumns = {
  ...exportColumns,
  photo: clients.photo,
  user: clientUserJson,
  addresses_payments: addressSummariesJson,
  count_payments: clientPaymentCount,
  latest_payment: clientLatestPayment,
};

/** A selected export row: the API's row but for what `presentExportRow` narrows or formats. */
type ExportSelect = Omit<ClientExportRow, 'type' | 'gender' | 'created_at'> & { type: number; gender: string | null; created_at: Date | string };

/** A selected list row: the API's row but for what `presentClient` still narrows, derives or formats. */
type ClientSelect = { [K in keyof typeof clientColumns]: unknown } & ExportSelect &
  Omit<ClientRow, keyof ClientExportRow | 'age' | 'count_payments' | 'latest_payment'> & {
    count_payments: number | string;
    latest_payment: LatestPaymentJson | null;
  };

const clientType = (type: number): ClientRow['type'] => (type === 1 ? 1 : 0);
const clientGender = (gender: string | null): ClientRow['gender'] => (gender === 'M' || gender === 'F' ? gender : null);

function presentExportRow(row: ExportSelect): ClientExportRow {
  return {
    id: row.id,
    type: clientType(row.type),
    name: row.name,
    email: row.email,
    phone: row.phone,
    gender: clientGender(row.gender),
    birth_date: row.birth_date,
    identification: row.identification,
    identification_type: row.identification_type,
    address: row.address,
    active: row.active,
    created_at: iso(row.created_at),
  };
}

/**
 * The list row: the export row's fields and the list's own. Added to the export row by
 * `Object.assign`: Node 20 builds an object spread into a literal with more fields slowly
 * (built and serialized, 11 µs a row against 2, micro-benchmark).
 */
function presentClient(row: ClientSelect, today = todayInCaracas()): ClientRow {
  return Object.assign(presentExportRow(row), {
    age: ageOn(row.birth_date, today),
    photo: row.photo,
    count_payments: Number(row.count_payments),
    addresses_payments: row.addresses_payments,
    user: row.user ? { ...row.user, created_at: iso(row.user.created_at) } : null,
    latest_payment: presentLatestPayment(row.latest_payment),
  });
}

/**
 * Clients by id (a page's, an export batch's) in the ids' order, by a named prepared statement:
 * the page is chosen on `clients` alone, and building the list row's select with its four
 * subqueries was a tenth of the list's CPU (Drizzle), parsing and planning it PostgreSQL's on
 * every request.
 */
function clientsByIds<R extends { id: number }>(name: string, columns: SelectedFields) {
  const statement = preparedStatement(name, (db, statementName) => db.select(columns).from(clients).where(inIdsPlaceholder(clients.id)).prepare(statementName));
  return async (db: Executor, ids: number[]): Promise<R[]> => {
    if (!ids.length) return [];
    return inKeyOrder(ids, (await statement(db).execute({ ids })) as R[], (row) => row.id);
  };
}

const listRows = clientsByIds<ClientSelect>('clients_page_rows', clientColumns);
/** An export batch reads only what its columns show: the list row's subqueries were most of a 200 000-client export's time. */
const exportRows = clientsByIds<ExportSelect>('clients_export_rows', exportColumns);

async function loadClients(db: Executor, ids: number[]): Promise<ClientRow[]> {
  const today = todayInCaracas();
  return (await listRows(db, ids)).map((row) => presentClient(row, today));
}

const loadExportRows = async (db: Executor, ids: number[]): Promise<ClientExportRow[]> => (await exportRows(db, ids)).map(presentExportRow);

/**
 * The clients list. Search: name, e-mail, identification (also as "V-123"). Type selector
 * 0/1. Filters: client, identification_type, identification (prefix), gender, status (1/0),
 * user (creator), dates (creation, Caracas days) and, through the client's payment addresses,
 * state, municipality, parish, community and economic_activity.
 */
export function clientSource(db: Executor, query: ClientListQuery, auth?: AuthContext): RowSource<ClientRow, ClientExportRow> {
  const { filters } = query;
  const pattern = likePattern(query.search);
  const ids = idList(filters.client);
  const identificationTypes = textList(filters.identification_type);
  const identification = textList(filters.identification)[0];
  const genders = textList(filters.gender);
  const creators = idList(filters.user);
  const status = filters.status ?? filters.active;
  const range = caracasDayRange(filters.dates);
  const where = and(
    auth ? clientScope(clients.id, auth) : undefined,
    query.type !== undefined ? eq(clients.type, query.type) : undefined,
    query.search
      ? or(
          ilike(clients.name, pattern),
          ilike(clients.email, pattern),
          // "V-12345678" holds every substring of the bare number too: one indexed test for both.
          ilike(sql`${clients.identificationType} || '-' || ${clients.identification}`, pattern),
        )
      : undefined,
    ids.length ? inArray(clients.id, ids) : undefined,
    identificationTypes.length ? inArray(clients.identificationType, identificationTypes) : undefined,
    identification ? ilike(clients.identification, prefixPattern(identification)) : undefined,
    genders.length ? inArray(clients.gender, genders) : undefined,
    creators.length ? inArray(clients.createdBy, creators) : undefined,
    status === '1' || status === 'true' || status === true ? eq(clients.active, true) : undefined,
    status === '0' || status === 'false' || status === false ? eq(clients.active, false) : undefined,
    range ? and(gte(clients.createdAt, range[0]), lt(clients.createdAt, range[1])) : undefined,
    addressFilter(filters),
  );
  const order = sortOrder(
    query.sorter,
    { name: clients.name, email: clients.email, identification: clients.identification, created_at: clients.createdAt, type: clients.type, active: clients.active, id: clients.id },
    desc(clients.createdAt),
    clients.id,
  );
  const keys = (limit: number | null, offset: number) => ({ columns: sql`${clients.id} as id`, from: clients, where, order, limit, offset });
  return {
    rows: async (limit, offset) => loadClients(db, await selectIds(db, keys(limit, offset))),
    walk: {
      keys: () => selectIds(db, keys(null, 0)),
      load: (ids) => loadExportRows(db, ids),
    },
    // Exact up to 10 000 clients (2 000 for a search), the planner's estimate beyond: counting 200 000 clients cost more than the page.
    count: () => listTotal(db, clients, where, query.search ? SEARCH_COUNT_CAP : COUNT_CAP),
  };
}

export const optionColumns = {
  id: clients.id,
  name: clients.name,
  identification_type: clients.identificationType,
  identification: clients.identification,
  type: clients.type,
  email: clients.email,
  phone: clients.phone,
};

/** A picker answers this many clients at most: the search narrows them. */
export const PICKER_LIMIT = 50;

/**
 * Who sees a picked client's e-mail and phones: the Clientes screen and the payment panel, which
 * asks for the missing contact before a payment (spec 02 §2). Everyone else gets the name alone.
 */
const CONTACT_PERMISSIONS = ['clients', 'add_payment', 'edit_payment'] as const;

const pickerColumns = {
  id: clients.id,
  name: clients.name,
  identification_type: clients.identificationType,
  identification: clients.identification,
  type: clients.type,
};

/** Client pickers: at most PICKER_LIMIT matching clients; a client user only ever sees their own client. */
export async function clientOptions(
  db: Executor,
  auth: AuthContext,
  options: { search?: string; type?: ClientType; activeOnly?: boolean },
): Promise<(Omit<ClientOption, 'email' | 'phone'> & Partial<Pick<ClientOption, 'email' | 'phone'>>)[]> {
  const pattern = likePattern(options.search ?? '');
  const where = and(
    clientScope(clients.id, auth),
    options.activeOnly ? eq(clients.active, true) : undefined,
    options.type !== undefined ? eq(clients.type, options.type) : undefined,
    options.search
      ? or(ilike(clients.name, pattern), ilike(clients.identification, pattern), ilike(sql`${clients.identificationType} || '-' || ${clients.identification}`, pattern))
      : undefined,
  );
  const seesContacts = auth.user.clientId !== null || hasPermission([...auth.permissions], CONTACT_PERMISSIONS);
  return db
    .select(seesContacts ? optionColumns : pickerColumns)
    .from(clients)
    .where(where)
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(PICKER_LIMIT);
}

/** `GET clients/{id}`: the client with the dates and rates of the detail's cards. */
export async function clientDetail(db: Database, auth: AuthContext, id: number) {
  assertOwnClient(auth, id, clientMessages.notFound);
  const [row] = (await db
    .select({ ...clientColumns, remindersOptOut: clients.remindersOptOut })
    .from(clients)
    .where(eq(clients.id, id))) as (ClientSelect & { remindersOptOut: boolean })[];
  if (!row) throw notFound(clientMessages.notFound);
  const [rates, statement] = await Promise.all([exchangeRates(db), statementOf(db, auth, { clientId: id })]);
  const client = presentClient(row);
  return { client, date_start: client.created_at.slice(0, 10), date_now: todayInCaracas(), reminders_opt_out: row.remindersOptOut, ...rates, debts: clientDebts(statement) };
}

