import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { caracasDay } from '@recaudo/domain/dates';
import type { AddressRow } from '@recaudo/domain/addresses';
import type { AddressExportRow } from './presenter';
import { calendarYears, type Coverage, type Month } from '@recaudo/domain/months';
import type { DeliveredTicket } from '@recaudo/domain/tickets';
import { iso, moneyOrNull } from '../../platform/envelope';
import { clients } from '../clients/tables';
import { activityGroups, economicActivities } from '../economic-activities/tables';
import { communities, municipalities, parishes, states } from '../regional/tables';
import { EFFECTIVE_FEE, monthsToPaySql, PENDING, solventSql, solventToDateSql, START_MONTH } from './ledger-sql';
import { addressBalanceMovements, addressesPayments } from './tables';
import { agingBucket } from '@recaudo/domain/statement';
import { calendarMoney } from '@recaudo/domain/balance';
import type { FeeChange } from '@recaudo/domain/tariffs';
import { lateFeeSettingsOfRow } from '../fees/late-fee-columns';
import type { AgreementHolds } from '../payment-agreements/holds';

// One address row as the lists and the export answer it: its columns (the ledger's figures and the
// credit balance beside the record) and their presentation. queries.ts loads and filters them.

/** The credit balance (issue 50): the sum of the address's movements, read through their address index. */
const BALANCE_USD = sql<string>`(select coalesce(sum(${addressBalanceMovements.amountUsd}), 0) from ${addressBalanceMovements}
  where ${addressBalanceMovements.addressPaymentId} = "addresses_payments"."id")`;

/**
 * Reading payment addresses: the list with its filters and totals, and one address as the API
 * answers it. Start month, months to pay and solvency come from the ledger summary (ledger-sql.ts).
 */

/** Complete location (spec 01 §5): residential with community and parish, commercial with an economic activity. */
/** The late-payment surcharge settings of the address's fee source (issue 50): its activity when commercial, else its community. */
const lateFeeOfSource = <T>(activity: PgColumn, community: PgColumn) => sql<T>`(case when ${addressesPayments.type} = 1 then ${activity} else ${community} end)`;
export const LATE_FEE_OF_ADDRESS = {
  late_fee_percent: lateFeeOfSource<string | null>(economicActivities.lateFeePercent, communities.lateFeePercent),
  late_fee_grace_days: lateFeeOfSource<number | null>(economicActivities.lateFeeGraceDays, communities.lateFeeGraceDays),
  late_fee_cap_months: lateFeeOfSource<number | null>(economicActivities.lateFeeCapMonths, communities.lateFeeCapMonths),
  late_fee_cap_percent: lateFeeOfSource<string | null>(economicActivities.lateFeeCapPercent, communities.lateFeeCapPercent),
};

export const COMPLETE = sql`(("addresses_payments"."type" = 0 and "addresses_payments"."community_id" is not null and "addresses_payments"."parish_id" is not null)
  or ("addresses_payments"."type" = 1 and "addresses_payments"."economic_activity_id" is not null))`;
export const INCOMPLETE = sql`(not ${COMPLETE} or "addresses_payments"."state_id" is null or "addresses_payments"."municipality_id" is null or "addresses_payments"."parish_id" is null)`;

export const rowColumns = (current: Month) => ({
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
  opening_paid_through: addressesPayments.openingPaidThrough,
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
  ...LATE_FEE_OF_ADDRESS,
  group_id: activityGroups.id,
  group_name: activityGroups.name,
  fee: EFFECTIVE_FEE,
  start_month: START_MONTH,
  months_to_pay: monthsToPaySql(current),
  pending: PENDING,
  solvent: solventSql(current),
  solvent_to_date: solventToDateSql(current),
  balance_usd: BALANCE_USD,
});

export type Joined = { [K in keyof ReturnType<typeof rowColumns>]: unknown } & {
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
  opening_paid_through: string | null;
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
  late_fee_percent: string | null;
  late_fee_grace_days: number | null;
  late_fee_cap_months: number | null;
  late_fee_cap_percent: string | null;
  group_id: number | null;
  group_name: string | null;
  fee: string | null;
  start_month: string;
  months_to_pay: number | string;
  pending: boolean;
  solvent: boolean;
  solvent_to_date: string | null;
  balance_usd: string;
};

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

/** A row as the list shows it, but its ledger's months and delivered tickets: what an export reads. */
export function presentListed(row: Joined): AddressExportRow {
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
        ? { id: row.community_id, name: row.community_name, fee: moneyOrNull(row.community_fee) ?? '0.00', date_start: row.community_date_start ?? '' }
        : null,
    economic_activity_id: row.economic_activity_id,
    economic_activity:
      row.economic_activity_id !== null && row.activity_name !== null
        ? { id: row.economic_activity_id, name: row.activity_name, fee: moneyOrNull(row.activity_fee) ?? '0.00', activity_group: ref(row.group_id, row.group_name) }
        : null,
    is_custom_fee: row.is_custom_fee,
    fee: moneyOrNull(row.fee),
    date_start: row.date_start,
    opening_paid_through: row.opening_paid_through,
    start_month: row.start_month,
    months_to_pay: monthsToPay,
    aging: agingBucket(monthsToPay),
    solvent: row.solvent,
    solvent_to_date: row.solvent_to_date,
    balance_usd: moneyOrNull(row.balance_usd) ?? '0.00',
    created_by: row.created_by,
    created_at: iso(row.created_at),
  };
}

/**
 * The list row: the export row and the ledger's months and tickets, added by `Object.assign`.
 * Node 20 builds an object spread into a literal with more fields slowly (about 9 µs for a row of
 * this size against 0.3 µs, micro-benchmark): 0.7 % of the server's profile under load, about
 * 30 µs a page.
 */
export function present(row: Joined, coverage: Coverage[], now: Date, tickets: DeliveredTicket[], feeChanges: FeeChange[] = [], holds?: AgreementHolds): AddressRow {
  const lateFee = row.late_fee_percent === null ? null : lateFeeSettingsOfRow({ ...row, late_fee_grace_days: row.late_fee_grace_days ?? 0 });
  const listed = Object.assign(presentListed(row), { fee_changes: feeChanges, late_fee: lateFee });
  const money = calendarMoney(listed, caracasDay(now), holds);
  return Object.assign(listed, { payments: calendarYears(row.start_month, coverage, now, row.opening_paid_through, money), tickets_delivered: tickets });
}
