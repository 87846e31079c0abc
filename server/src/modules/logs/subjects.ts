import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LOG_EVENT_LABELS, LOG_MODULE_LABELS } from '@recaudo/domain/logs';
import type { Executor } from '../../db/client';
import { likePattern } from '../../platform/paging';
import { executeSql } from '../../platform/render';
import { banks } from '../banks/tables';
import { addressesPayments } from '../addresses-payment/tables';
import { clients } from '../clients/tables';
import { configurations } from '../configurations/tables';
import { correlatives } from '../correlatives/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { paymentMethods } from '../payment-methods/tables';
import { payments } from '../payments/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { roles } from '../roles/tables';
import { ticketsDelivered, ticketsPayments } from '../tickets-payments/tables';
import { users } from '../users/tables';
import { auditLogs } from './tables';

interface Subject {
  table: PgTable;
  id: PgColumn;
  /** Columns never shown as "current data" (secrets). */
  hidden?: string[];
  /**
   * The texts a user knows the record by, which the Bitácoras search matches: on the large
   * tables only texts with a trigram index (clients 0005/0015, addresses 0005, payments 0007).
   */
  names?: (PgColumn | SQL)[];
}

/**
 * The records a log entry can be about, by subject_type, with the columns that may be shown
 * as "current data" (secrets never). Later areas add their tables here.
 */
export const SUBJECTS: Record<string, Subject> = {
  states: { table: states, id: states.id, names: [states.name] },
  municipalities: { table: municipalities, id: municipalities.id, names: [municipalities.name] },
  parishes: { table: parishes, id: parishes.id, names: [parishes.name] },
  communities: { table: communities, id: communities.id, names: [communities.name] },
  activity_groups: { table: activityGroups, id: activityGroups.id, names: [activityGroups.name] },
  economic_activities: { table: economicActivities, id: economicActivities.id, names: [economicActivities.name] },
  banks: { table: banks, id: banks.id, names: [banks.name] },
  correlatives: { table: correlatives, id: correlatives.id },
  payment_methods: { table: paymentMethods, id: paymentMethods.id, names: [paymentMethods.name] },
  configurations: { table: configurations, id: configurations.id },
  roles: { table: roles, id: roles.id, names: [roles.name] },
  // Secrets never show as current data (issue 46): the password hash and the TOTP secret and replay step.
  users: { table: users, id: users.id, hidden: ['password_hash', 'totp_secret', 'totp_last_step'], names: [users.name, users.email] },
  clients: {
    table: clients,
    id: clients.id,
    // The identification as clients_identification_trgm_idx writes it ("V-12345678").
    names: [clients.name, clients.email, sql`(${clients.identificationType} || '-' || ${clients.identification})`],
  },
  addresses_payments: { table: addressesPayments, id: addressesPayments.id, names: [addressesPayments.address] },
  tickets_payments: { table: ticketsPayments, id: ticketsPayments.id, names: [ticketsPayments.name] },
  tickets_delivered: { table: ticketsDelivered, id: ticketsDelivered.id },
  payments: { table: payments, id: payments.id, hidden: ['hash'], names: [payments.reference, payments.number] },
};

/** `column = any($1)` with the ids as one array parameter, whatever their number. */
const anyOf = (column: PgColumn, ids: number[]) => sql`${column} = any(${sql.param(ids)}::int[])`;

/**
 * The Bitácoras search: the entry's module, event or old and new values (audit_log_search_text,
 * its trigram index), the Spanish names of its module and event as the screen shows them, its causer's name, or the current name of the record it is about. The
 * matching causers and records are read first, in one statement, so the list's statement holds
 * their ids as values: the planner then knows how many entries each arm names (an `any` of a
 * subquery it guesses, and a guess of "most of the log" sent it down the newest-first index
 * filtering every entry), drops the arms that match nothing, and ORs the index scans of the rest.
 */
/** Lower case without accents, as a person types a label she read. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** The keys whose Spanish names, as Bitácoras shows them, hold the search ("Respaldos" → backups). */
const keysLabelled = (labels: Record<string, string>, search: string) =>
  Object.entries(labels)
    .filter(([, label]) => folded(label).includes(folded(search.trim())))
    .map(([key]) => key);

export async function logSearch(db: Executor, search: string): Promise<SQL> {
  const pattern = likePattern(search);
  const modules = keysLabelled(LOG_MODULE_LABELS, search);
  const events = keysLabelled(LOG_EVENT_LABELS, search);
  const named = Object.entries(SUBJECTS).flatMap(([type, subject]) => (subject.names ? [{ type, ...subject, names: subject.names }] : []));
  const lookups = [{ table: users as PgTable, id: users.id, names: [users.name] as (PgColumn | SQL)[] }, ...named];
  const columns = lookups.map(
    ({ table, id, names }, index) =>
      sql`array(${db
        .select({ id })
        .from(table)
        .where(or(...names.map((name) => ilike(name, pattern))))}) as ${sql.identifier(`ids${index}`)}`,
  );
  const [found] = await executeSql<Record<string, number[]>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  const idsOf = (index: number) => found?.[`ids${index}`] ?? [];
  const causers = idsOf(0);
  return or(
    sql`audit_log_search_text(${auditLogs.logName}, ${auditLogs.description}, ${auditLogs.properties}) ilike ${pattern}`,
    modules.length ? inArray(auditLogs.logName, modules) : undefined,
    events.length ? inArray(auditLogs.description, events) : undefined,
    causers.length ? anyOf(auditLogs.causerId, causers) : undefined,
    ...named.map(({ type }, index) => {
      const ids = idsOf(index + 1);
      return ids.length ? and(eq(auditLogs.subjectType, type), anyOf(auditLogs.subjectId, ids)) : undefined;
    }),
  )!;
}
