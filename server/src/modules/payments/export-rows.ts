import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { currentMonth } from '@recaudo/domain/months';
import type { PaymentRow, PaymentTicket } from '@recaudo/domain/payments';
import type { Executor } from '../../db/client';
import { monthsToPaySql } from '../addresses-payment/ledger-sql';
import { addressesPayments } from '../addresses-payment/tables';
import { banks } from '../banks/tables';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { economicActivities } from '../economic-activities/tables';
import { paymentMethods } from '../payment-methods/tables';
import { communities, parishes } from '../regional/tables';
import { ticketsDelivered, ticketsPayments } from '../tickets-payments/tables';
import { users } from '../users/tables';
import { clientAddressColumns } from './client-address-columns';
import { presentPayment, type PaymentDetail } from './presenter';
import { payments } from './tables';

/**
 * The rows of a payments export, a batch of ids at a time. A list page reads its rows with the
 * references as scalar subqueries (queries.ts `loadPayments`): nine lookups and JSON objects
 * per row, which PostgreSQL evaluates for each of an export's 100 000 rows. Here each batch
 * reads its payments with their client and address in one join, its delivered tickets in one
 * query, and the references (method, bank, series, creator, community, parish, activity) once
 * per export: a batch asks only for the ids no earlier batch brought.
 */

/** One reference table read by id, remembered for the rest of the export. */
function referenceCache<T>(db: Executor, table: PgTable, id: PgColumn, columns: Record<string, PgColumn>) {
  const known = new Map<number, T>();
  return {
    async fill(ids: (number | null)[]) {
      const missing = [...new Set(ids.filter((key): key is number => key !== null && !known.has(key)))];
      if (!missing.length) return;
      const rows = (await db.select(columns).from(table).where(inArray(id, missing))) as (T & { id: number })[];
      for (const row of rows) known.set(row.id, row);
    },
    get: (key: number | null) => (key === null ? null : (known.get(key) ?? null)),
  };
}

type Named = { id: number; name: string };

/**
 * The payment's columns as `p_<column>`, decoded by each column's own mapping as a Drizzle
 * select would, without its per-cell checks (a sixth of an export's CPU at 60 columns a row).
 */
const PAYMENT_FIELDS = Object.entries(getTableColumns(payments)).map(([key, column]) => ({ key, alias: `p_${column.name}`, column }));

/** What a batch reads beside the payment, by the alias it reads it as. */
const OTHER_FIELDS = {
  ...clientAddressColumns,
  community_id: addressesPayments.communityId,
  parish_id: addressesPayments.parishId,
  activity_id: addressesPayments.economicActivityId,
};

const batchColumns = (monthsToPay: SQL) =>
  sql.join(
    [
      ...PAYMENT_FIELDS.map(({ alias, column }) => sql`${column} as ${sql.identifier(alias)}`),
      ...Object.entries(OTHER_FIELDS).map(([alias, column]) => sql`${column} as ${sql.identifier(alias)}`),
      sql`${monthsToPay} as months_to_pay`,
    ],
    sql`, `,
  );

type BatchRow = Omit<PaymentDetail, 'community' | 'parish' | 'activity' | 'method' | 'bank' | 'serie' | 'causer' | 'tickets'> & {
  community_id: number | null;
  parish_id: number | null;
  activity_id: number | null;
};

function batchRow(raw: Record<string, unknown>): BatchRow {
  const payment: Record<string, unknown> = {};
  for (const { key, alias, column } of PAYMENT_FIELDS) {
    const value = raw[alias];
    payment[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  const row = { payment } as Record<string, unknown>;
  for (const [alias, column] of Object.entries(OTHER_FIELDS)) {
    const value = raw[alias];
    row[alias] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  row.months_to_pay = raw.months_to_pay;
  return row as unknown as BatchRow;
}

/** An export's loader: `load(ids)` gives the API rows of these payments in the ids' order. */
export function paymentBatchLoader(db: Executor, now = new Date()) {
  const monthsToPay = monthsToPaySql(currentMonth(now));
  const methods = referenceCache<PaymentDetail['method']>(db, paymentMethods, paymentMethods.id, {
    id: paymentMethods.id,
    name: paymentMethods.name,
    code: paymentMethods.code,
    type: paymentMethods.type,
    image: paymentMethods.image,
    description: paymentMethods.description,
    is_mobile_payment_use_api_bdv: paymentMethods.isMobilePaymentUseApiBdv,
  });
  const bankRows = referenceCache<Named & { code: string }>(db, banks, banks.id, { id: banks.id, name: banks.name, code: banks.code });
  const series = referenceCache<{ id: number; serie: string }>(db, correlatives, correlatives.id, { id: correlatives.id, serie: correlatives.serie });
  const causers = referenceCache<Named & { client_id: number | null }>(db, users, users.id, { id: users.id, name: users.name, client_id: users.clientId });
  const communityRows = referenceCache<Named & { fee: string }>(db, communities, communities.id, { id: communities.id, name: communities.name, fee: communities.fee });
  const parishRows = referenceCache<Named>(db, parishes, parishes.id, { id: parishes.id, name: parishes.name });
  const activities = referenceCache<Named & { fee: string }>(db, economicActivities, economicActivities.id, {
    id: economicActivities.id,
    name: economicActivities.name,
    fee: economicActivities.fee,
  });

  return async function load(ids: number[]): Promise<PaymentRow[]> {
    if (!ids.length) return [];
    const wanted = sql`${payments.id} = any(${`{${ids.join(',')}}`}::int[])`;
    const [rows, tickets] = await Promise.all([
      db.execute(sql`select ${batchColumns(monthsToPay)} from ${payments}
        join ${clients} on ${clients.id} = ${payments.clientId}
        join ${addressesPayments} on ${addressesPayments.id} = ${payments.addressPaymentId}
        where ${wanted}`) as unknown as Promise<{ rows: Record<string, unknown>[] }>,
      db
        .select({
          payment_id: ticketsDelivered.paymentId,
          id: ticketsDelivered.id,
          ticket_serial: ticketsDelivered.ticketSerial,
          tickets_payment_id: ticketsDelivered.ticketsPaymentId,
          tickets_payment: { id: ticketsPayments.id, name: ticketsPayments.name, color: ticketsPayments.color },
        })
        .from(ticketsDelivered)
        .innerJoin(ticketsPayments, eq(ticketsPayments.id, ticketsDelivered.ticketsPaymentId))
        .where(sql`${ticketsDelivered.paymentId} = any(${`{${ids.join(',')}}`}::int[])`)
        .orderBy(ticketsDelivered.id),
    ]);
    const details = rows.rows.map(batchRow);
    await Promise.all([
      methods.fill(details.map((row) => row.payment.paymentMethodId)),
      bankRows.fill(details.map((row) => row.payment.bankId)),
      series.fill(details.map((row) => row.payment.serieId)),
      causers.fill(details.map((row) => row.payment.createdBy)),
      communityRows.fill(details.map((row) => row.community_id)),
      parishRows.fill(details.map((row) => row.parish_id)),
      activities.fill(details.map((row) => row.activity_id)),
    ]);
    const ticketsOf = new Map<number, PaymentTicket[]>();
    for (const { payment_id, ...ticket } of tickets) {
      if (payment_id === null) continue;
      const list = ticketsOf.get(payment_id) ?? [];
      list.push(ticket);
      ticketsOf.set(payment_id, list);
    }
    const byId = new Map<number, PaymentRow>();
    for (const row of details) {
      const p = row.payment;
      const detail: PaymentDetail = {
        payment: p,
        client_name: row.client_name,
        client_identification_type: row.client_identification_type,
        client_identification: row.client_identification,
        client_type: row.client_type,
        client_email: row.client_email,
        client_phone: row.client_phone,
        address_type: row.address_type,
        address: row.address,
        address_is_custom_fee: row.address_is_custom_fee,
        address_fee: row.address_fee,
        months_to_pay: row.months_to_pay,
        community: communityRows.get(row.community_id),
        parish: parishRows.get(row.parish_id),
        activity: activities.get(row.activity_id),
        method: methods.get(p.paymentMethodId)!,
        bank: bankRows.get(p.bankId),
        serie: series.get(p.serieId)?.serie ?? null,
        causer: causers.get(p.createdBy),
        tickets: ticketsOf.get(p.id) ?? [],
      };
      byId.set(p.id, presentPayment(detail));
    }
    return ids.map((id) => byId.get(id)).filter((row): row is PaymentRow => row !== undefined);
  };
}
