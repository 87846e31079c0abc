import { eq, inArray, sql } from 'drizzle-orm';
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
      db
        .select({
          payment: payments,
          client_name: clients.name,
          client_identification_type: clients.identificationType,
          client_identification: clients.identification,
          client_type: clients.type,
          client_email: clients.email,
          client_phone: clients.phone,
          address_type: addressesPayments.type,
          address: addressesPayments.address,
          address_is_custom_fee: addressesPayments.isCustomFee,
          address_fee: addressesPayments.fee,
          community_id: addressesPayments.communityId,
          parish_id: addressesPayments.parishId,
          activity_id: addressesPayments.economicActivityId,
          months_to_pay: monthsToPay,
        })
        .from(payments)
        .innerJoin(clients, eq(clients.id, payments.clientId))
        .innerJoin(addressesPayments, eq(addressesPayments.id, payments.addressPaymentId))
        .where(wanted),
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
    await Promise.all([
      methods.fill(rows.map((row) => row.payment.paymentMethodId)),
      bankRows.fill(rows.map((row) => row.payment.bankId)),
      series.fill(rows.map((row) => row.payment.serieId)),
      causers.fill(rows.map((row) => row.payment.createdBy)),
      communityRows.fill(rows.map((row) => row.community_id)),
      parishRows.fill(rows.map((row) => row.parish_id)),
      activities.fill(rows.map((row) => row.activity_id)),
    ]);
    const ticketsOf = new Map<number, PaymentTicket[]>();
    for (const { payment_id, ...ticket } of tickets) {
      if (payment_id === null) continue;
      const list = ticketsOf.get(payment_id) ?? [];
      list.push(ticket);
      ticketsOf.set(payment_id, list);
    }
    const byId = new Map(
      rows.map(({ community_id, parish_id, activity_id, ...row }) => {
        const detail: PaymentDetail = {
          ...row,
          community: communityRows.get(community_id),
          parish: parishRows.get(parish_id),
          activity: activities.get(activity_id),
          method: methods.get(row.payment.paymentMethodId)!,
          bank: bankRows.get(row.payment.bankId),
          serie: series.get(row.payment.serieId)?.serie ?? null,
          causer: causers.get(row.payment.createdBy),
          tickets: ticketsOf.get(row.payment.id) ?? [],
        };
        return [row.payment.id, presentPayment(detail)];
      }),
    );
    return ids.map((id) => byId.get(id)).filter((row): row is PaymentRow => row !== undefined);
  };
}
