import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import {
  ageOn,
  clientMessages,
  clientTypeIssues,
  type ClientAddressSummary,
  type ClientListQuery,
  type ClientRow,
  type ClientType,
  type CreateClientInput,
  type UpdateClientInput,
} from '@recaudo/domain/clients';
import { todayInCaracas } from '@recaudo/domain/dates';
import type { Database, Executor } from '../../db/client';
import { changedFields, recordAudit } from '../../platform/audit';
import { AppError, fieldError, notFound } from '../../platform/errors';
import { inKeyOrder, type RowSource } from '../../platform/export';
import { listTotal } from '../../platform/count';
import { caracasDayRange, idList, likePattern, prefixPattern, sortOrder, textList } from '../../platform/paging';
import { assertOwnClient, clientIdOf, clientScope } from '../../platform/scope';
import type { AuthContext } from '../auth/service';
import { exchangeRates } from '../configurations/service';
import { clientLatestPayment, clientPaymentCount, presentLatestPayment, type LatestPaymentJson } from '../payments/counts';
import { users } from '../users/tables';
import { clientNotes, clients } from './tables';

type ClientRecord = typeof clients.$inferSelect;

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

const clientColumns = {
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
  photo: clients.photo,
  active: clients.active,
  created_at: clients.createdAt,
  user: clientUserJson,
  addresses_payments: addressSummariesJson,
  count_payments: clientPaymentCount,
  latest_payment: clientLatestPayment,
};

type ClientSelect = { [K in keyof typeof clientColumns]: unknown } & {
  id: number;
  type: number;
  name: string;
  email: string | null;
  phone: string[];
  gender: string | null;
  birth_date: string | null;
  identification: string;
  identification_type: string;
  address: string | null;
  photo: string | null;
  active: boolean;
  created_at: Date | string;
  user: { id: number; name: string; email: string; created_at: string } | null;
  addresses_payments: ClientAddressSummary[];
  count_payments: number | string;
  latest_payment: LatestPaymentJson | null;
};

function presentClient(row: ClientSelect, today = todayInCaracas()): ClientRow {
  return {
    id: row.id,
    type: row.type === 1 ? 1 : 0,
    name: row.name,
    email: row.email,
    phone: row.phone,
    gender: row.gender === 'M' || row.gender === 'F' ? row.gender : null,
    age: ageOn(row.birth_date, today),
    birth_date: row.birth_date,
    identification: row.identification,
    identification_type: row.identification_type,
    address: row.address,
    photo: row.photo,
    active: row.active,
    count_payments: Number(row.count_payments),
    addresses_payments: row.addresses_payments,
    user: row.user ? { ...row.user, created_at: new Date(row.user.created_at).toISOString() } : null,
    latest_payment: presentLatestPayment(row.latest_payment),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * The clients list. Search: name, e-mail, identification (also as "V-123"). Type selector
 * 0/1. Filters: client, identification_type, identification (prefix), gender, status (1/0),
 * user (creator), dates (creation, Caracas days) and, through the client's payment addresses,
 * state, municipality, parish, community and economic_activity.
 */
export function clientSource(db: Executor, query: ClientListQuery, auth?: AuthContext): RowSource<ClientRow> {
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
  return {
    async rows(limit, offset) {
      const base = db.select(clientColumns).from(clients).where(where).orderBy(...order).offset(offset);
      const rows = (limit === null ? await base : await base.limit(limit)) as ClientSelect[];
      const today = todayInCaracas();
      return rows.map((row) => presentClient(row, today));
    },
    walk: {
      async keys() {
        const rows = await db.select({ id: clients.id }).from(clients).where(where).orderBy(...order);
        return rows.map((row) => row.id);
      },
      async load(ids) {
        const rows = (await db.select(clientColumns).from(clients).where(inArray(clients.id, ids))) as ClientSelect[];
        const today = todayInCaracas();
        return inKeyOrder(ids, rows, (row) => row.id).map((row) => presentClient(row, today));
      },
    },
    // Exact up to 10 000 clients, the planner's estimate beyond: counting 200 000 clients cost more than the page.
    count: () => listTotal(db, clients, where),
  };
}

export interface ClientOption {
  id: number;
  name: string;
  identification_type: string;
  identification: string;
  type: number;
  email: string | null;
  phone: string[];
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

/** Client pickers: a client user only ever sees their own client. */
export async function clientOptions(db: Executor, auth: AuthContext, options: { search?: string; type?: ClientType; limit?: number; activeOnly?: boolean }): Promise<ClientOption[]> {
  const pattern = likePattern(options.search ?? '');
  const where = and(
    clientScope(clients.id, auth),
    options.activeOnly ? eq(clients.active, true) : undefined,
    options.type !== undefined ? eq(clients.type, options.type) : undefined,
    options.search
      ? or(ilike(clients.name, pattern), ilike(clients.identification, pattern), ilike(sql`${clients.identificationType} || '-' || ${clients.identification}`, pattern))
      : undefined,
  );
  const base = db.select(optionColumns).from(clients).where(where).orderBy(asc(clients.name), asc(clients.id));
  return options.limit ? base.limit(options.limit) : base;
}

export async function getClient(executor: Executor, id: number, lock = false): Promise<ClientRecord> {
  const base = executor.select().from(clients).where(eq(clients.id, id));
  const [client] = lock ? await base.for('update') : await base;
  if (!client) throw notFound(clientMessages.notFound);
  return client;
}

/** `GET clients/{id}`: the client with the dates and rates of the detail's cards. */
export async function clientDetail(db: Database, auth: AuthContext, id: number) {
  assertOwnClient(auth, id, clientMessages.notFound);
  const [row] = (await db.select(clientColumns).from(clients).where(eq(clients.id, id))) as ClientSelect[];
  if (!row) throw notFound(clientMessages.notFound);
  const rates = await exchangeRates(db);
  const client = presentClient(row);
  return { client, date_start: client.created_at.slice(0, 10), date_now: todayInCaracas(), ...rates };
}

async function assertIdentificationFree(executor: Executor, identificationType: string, identification: string, exceptId?: number) {
  const [clash] = await executor
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.identificationType, identificationType), eq(clients.identification, identification), exceptId ? ne(clients.id, exceptId) : undefined));
  if (clash) throw fieldError('identification', clientMessages.duplicateIdentification(identificationType, identification));
}

export interface NewClient {
  type: ClientType;
  name: string;
  identification_type: string;
  identification: string;
  email: string | null;
  phone: string[];
  gender: 'M' | 'F' | null;
  birth_date: string | null;
  address: string | null;
}

/** Inserts a client in the caller's transaction (staff form or self-registration) with its audit entry. */
export async function insertClient(tx: Executor, values: NewClient, causerId: number | null): Promise<number> {
  await assertIdentificationFree(tx, values.identification_type, values.identification);
  const [client] = await tx
    .insert(clients)
    .values({
      type: values.type,
      name: values.name,
      identificationType: values.identification_type,
      identification: values.identification,
      email: values.email,
      phone: values.phone,
      gender: values.gender,
      birthDate: values.birth_date,
      address: values.address,
      createdBy: causerId,
    })
    .returning({ id: clients.id });
  if (!client) throw new Error('client insert returned nothing');
  await recordAudit(tx, { module: 'clients', event: 'created', causerId, subjectId: client.id, attributes: { ...values } });
  return client.id;
}

export async function createClient(db: Database, auth: AuthContext, input: CreateClientInput): Promise<number> {
  return db.transaction(async (tx) => {
    const { notes, ...values } = input;
    const id = await insertClient(tx, values, auth.user.id);
    if (notes) {
      const [note] = await tx.insert(clientNotes).values({ clientId: id, note: notes, userId: auth.user.id }).returning({ id: clientNotes.id });
      await recordAudit(tx, { module: 'notes', event: 'created', causerId: auth.user.id, subjectType: 'clients', subjectId: id, attributes: { note_id: note?.id, note: notes } });
    }
    return id;
  });
}

const editable = (client: ClientRecord) => ({
  name: client.name,
  identification_type: client.identificationType,
  identification: client.identification,
  email: client.email,
  phone: client.phone,
  gender: client.gender,
  birth_date: client.birthDate,
  address: client.address,
});

/** The type is fixed at creation; the identification type must fit it, and only a person keeps gender and birth date. */
export async function updateClient(db: Database, auth: AuthContext, input: UpdateClientInput): Promise<void> {
  await db.transaction(async (tx) => {
    const client = await getClient(tx, input.id, true);
    const type: ClientType = client.type === 1 ? 1 : 0;
    if (input.type !== undefined && input.type !== type) throw fieldError('type', clientMessages.typeNotChangeable);
    const issues = clientTypeIssues(type, input);
    if (issues) throw new AppError('validation', issues.identification_type![0]!, issues);
    await assertIdentificationFree(tx, input.identification_type, input.identification, client.id);
    const after = {
      name: input.name,
      identification_type: input.identification_type,
      identification: input.identification,
      email: input.email,
      phone: input.phone,
      gender: type === 0 ? input.gender : null,
      birth_date: type === 0 ? input.birth_date : null,
      address: input.address,
    };
    const diff = changedFields(editable(client), after);
    if (!diff.changed) return;
    await tx
      .update(clients)
      .set({
        name: after.name,
        identificationType: after.identification_type,
        identification: after.identification,
        email: after.email,
        phone: after.phone,
        gender: after.gender,
        birthDate: after.birth_date,
        address: after.address,
        updatedAt: new Date(),
      })
      .where(eq(clients.id, client.id));
    await recordAudit(tx, { module: 'clients', event: 'updated', causerId: auth.user.id, subjectId: client.id, old: diff.old, attributes: diff.attributes });
  });
}

/** Staff name the client (`id`); a client user always updates their own. */
export async function updateContactInfo(db: Database, auth: AuthContext, input: { id?: number; email: string; phone: string[] }): Promise<void> {
  const own = clientIdOf(auth);
  if (own !== null && input.id !== undefined) assertOwnClient(auth, input.id, clientMessages.notFound);
  const id = own ?? input.id;
  if (id === undefined) throw fieldError('id', 'El campo id es obligatorio.');
  await db.transaction(async (tx) => {
    const client = await getClient(tx, id, true);
    const diff = changedFields({ email: client.email, phone: client.phone }, { email: input.email, phone: input.phone });
    if (!diff.changed) return;
    await tx.update(clients).set({ email: input.email, phone: input.phone, updatedAt: new Date() }).where(eq(clients.id, client.id));
    await recordAudit(tx, { module: 'clients', event: 'updated', causerId: auth.user.id, subjectId: client.id, old: diff.old, attributes: diff.attributes });
  });
}

export async function changeClientStatus(db: Database, auth: AuthContext, input: { id: number; active: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    const client = await getClient(tx, input.id, true);
    if (client.active === input.active) return;
    await tx.update(clients).set({ active: input.active, updatedAt: new Date() }).where(eq(clients.id, client.id));
    await recordAudit(tx, { module: 'clients', event: 'updated', causerId: auth.user.id, subjectId: client.id, old: { active: client.active }, attributes: { active: input.active } });
  });
}

/** Deleting a client removes its notes and its users (their sessions end with them). */
export async function deleteClient(db: Database, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const client = await getClient(tx, id, true);
    const clientUsers = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.clientId, client.id));
    await tx.delete(clients).where(eq(clients.id, client.id));
    await recordAudit(tx, { module: 'clients', event: 'deleted', causerId: auth.user.id, subjectId: client.id, old: { ...editable(client), type: client.type, active: client.active } });
    for (const user of clientUsers) {
      await recordAudit(tx, { module: 'users', event: 'deleted', causerId: auth.user.id, subjectId: user.id, old: { email: user.email, client_id: client.id } });
    }
  });
}
