import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@recaudo/domain/paging';
import type { Month } from '@recaudo/domain/months';
import { REVOCATION_REASONS, SOLVENCY_HASH_PATTERN, type SolvencyRevocation, type SolvencyRow } from '@recaudo/domain/solvencies';
import type { Executor } from '../../db/client';
import { isoTimestamp } from '../../platform/envelope';
import { walkByIds, type RowSource } from '../../platform/export';
import { caracasDayRange, idList, likePattern, textList } from '../../platform/paging';
import { clientScope, creatorScope } from '../../platform/scope';
import { addressesPayments } from '../addresses-payment/tables';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { economicActivities } from '../economic-activities/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { solvencies } from './tables';

/**
 * The solvency list (spec 02 §7 `GET solvencies`): newest first, within the caller's reach (a
 * client user their client's certificates, staff their data scope by creator), with the spec's
 * filters: client / client_id, user (creator), type, addresses_payment_id and dates (created, a
 * DD-MM-YYYY pair of Caracas days). The search matches the client's name, identification or
 * e-mail (their trigram indexes) or the address.
 */

/** Whatever a caller may reach: the `where` every read of certificates starts from. */
export const solvencyScope = (auth: AuthContext): SQL | undefined => and(clientScope(solvencies.clientId, auth), creatorScope(solvencies.createdBy, auth));

function listWhere(query: ListQuery, auth: AuthContext): SQL | undefined {
  const { filters } = query;
  const clientIds = [...idList(filters.client), ...idList(filters.client_id)];
  const userIds = idList(filters.user);
  const addressIds = idList(filters.addresses_payment_id);
  const types = textList(filters.type).filter((value) => value === '0' || value === '1').map(Number);
  const range = caracasDayRange(filters.dates);
  const pattern = likePattern(query.search);
  const search = query.search
    ? or(
        inArray(
          solvencies.clientId,
          sql`(select ${clients.id} from ${clients} where ${or(
            ilike(clients.name, pattern),
            ilike(clients.email, pattern),
            ilike(sql`${clients.identificationType} || '-' || ${clients.identification}`, pattern),
          )})`,
        ),
        inArray(solvencies.addressesPaymentId, sql`(select ${addressesPayments.id} from ${addressesPayments} where ${ilike(addressesPayments.address, pattern)})`),
      )
    : undefined;
  return and(
    solvencyScope(auth),
    clientIds.length ? inArray(solvencies.clientId, clientIds) : undefined,
    userIds.length ? inArray(solvencies.createdBy, userIds) : undefined,
    addressIds.length ? inArray(solvencies.addressesPaymentId, addressIds) : undefined,
    types.length === 1 ? eq(solvencies.type, types[0]!) : undefined,
    range ? sql`${solvencies.createdAt} >= ${range[0].toISOString()} and ${solvencies.createdAt} < ${range[1].toISOString()}` : undefined,
    search,
  );
}

const columns = {
  id: solvencies.id,
  client_id: solvencies.clientId,
  addresses_payment_id: solvencies.addressesPaymentId,
  type: solvencies.type,
  solvent_to_date: solvencies.solventToDate,
  is_valid: solvencies.isValid,
  revoked_at: solvencies.revokedAt,
  revoked_reason: solvencies.revokedReason,
  hash: solvencies.hash,
  created_at: solvencies.createdAt,
  created_by: solvencies.createdBy,
  client_name: clients.name,
  client_email: clients.email,
  client_identification_type: clients.identificationType,
  client_identification: clients.identification,
  address: addressesPayments.address,
  state: states.name,
  municipality: municipalities.name,
  parish: parishes.name,
  community: communities.name,
  economic_activity: economicActivities.name,
};

type Joined = {
  [K in keyof typeof columns]: unknown;
} & {
  id: number;
  client_id: number;
  addresses_payment_id: number;
  type: number;
  solvent_to_date: string;
  is_valid: boolean;
  revoked_at: Date | null;
  revoked_reason: string | null;
  hash: string;
  created_at: Date;
  created_by: number | null;
  client_name: string;
  client_email: string | null;
  client_identification_type: string;
  client_identification: string;
  address: string;
  state: string | null;
  municipality: string | null;
  parish: string | null;
  community: string | null;
  economic_activity: string | null;
};

function present(row: Joined): SolvencyRow {
  return {
    id: row.id,
    client_id: row.client_id,
    addresses_payment_id: row.addresses_payment_id,
    type: row.type === 1 ? 1 : 0,
    solvent_to_date: row.solvent_to_date as Month,
    is_valid: row.is_valid,
    revoked_at: isoTimestamp(row.revoked_at),
    revoked_reason: row.revoked_reason ? (REVOCATION_REASONS[row.revoked_reason as SolvencyRevocation] ?? row.revoked_reason) : null,
    hash: row.hash,
    created_at: isoTimestamp(row.created_at) ?? '',
    created_by: row.created_by,
    client: { id: row.client_id, name: row.client_name, email: row.client_email, identification_type: row.client_identification_type, identification: row.client_identification },
    address_payment: {
      id: row.addresses_payment_id,
      address: row.address,
      state: row.state,
      municipality: row.municipality,
      parish: row.parish,
      community: row.community,
      economic_activity: row.economic_activity,
    },
  };
}

/** The certificates with these ids (or this `where`), joined to their client and address. */
async function loadRows(db: Executor, where: SQL | undefined, limit: number | null, offset: number): Promise<SolvencyRow[]> {
  const base = db
    .select(columns)
    .from(solvencies)
    .innerJoin(clients, eq(clients.id, solvencies.clientId))
    .innerJoin(addressesPayments, eq(addressesPayments.id, solvencies.addressesPaymentId))
    .leftJoin(states, eq(states.id, addressesPayments.stateId))
    .leftJoin(municipalities, eq(municipalities.id, addressesPayments.municipalityId))
    .leftJoin(parishes, eq(parishes.id, addressesPayments.parishId))
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(economicActivities, eq(economicActivities.id, addressesPayments.economicActivityId))
    .where(where)
    .orderBy(desc(solvencies.createdAt), desc(solvencies.id))
    .offset(offset);
  const rows = (limit === null ? await base : await base.limit(limit)) as Joined[];
  return rows.map(present);
}

export function solvencySource(db: Executor, query: ListQuery, auth: AuthContext): RowSource<SolvencyRow> {
  const where = listWhere(query, auth);
  return {
    rows: (limit, offset) => loadRows(db, where, limit, offset),
    walk: walkByIds(
      db,
      () => db.select({ id: solvencies.id }).from(solvencies).where(where).orderBy(desc(solvencies.createdAt), desc(solvencies.id)).getSQL(),
      (ids) => loadRows(db, inArray(solvencies.id, ids), null, 0),
    ),
    async count() {
      return (await db.select({ total: count() }).from(solvencies).where(where))[0]?.total ?? 0;
    },
  };
}

/** The certificate with this hash; with `auth`, only within the caller's reach (else null, a 404). */
export async function solvencyByHash(db: Executor, hash: string, auth?: AuthContext): Promise<SolvencyRow | null> {
  if (!SOLVENCY_HASH_PATTERN.test(hash)) return null;
  const [row] = await loadRows(db, and(eq(solvencies.hash, hash.toLowerCase()), auth ? solvencyScope(auth) : undefined), 1, 0);
  return row ?? null;
}

/** The location line of an address: community or activity, parish, municipality, state. */
export const locationOf = (address: SolvencyRow['address_payment']) =>
  [address.community ?? address.economic_activity, address.parish, address.municipality, address.state].filter((part): part is string => !!part).join(', ');
