import Decimal from 'decimal.js';
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Currency } from '@recaudo/domain/tenders';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PaymentRow, PaymentTenderRow } from '@recaudo/domain/payment-rows';
import type { Executor } from '../../db/client';
import { addressesPayments } from '../addresses-payment/tables';
import { banks } from '../banks/tables';
import { clients } from '../clients/tables';
import { correlatives } from '../correlatives/tables';
import { economicActivities } from '../economic-activities/tables';
import { paymentMethods } from '../payment-methods/tables';
import { communities, parishes } from '../regional/tables';
import { users } from '../users/tables';
import { iso, money } from '../../platform/envelope';
import { changeOf, paymentStatus } from './presenter';
import { payments, paymentTenders } from './tables';

/**
 * The rows of a payments export, a batch of ids at a time: only what the export's columns show
 * (presenter.ts `paymentExportColumns`), not the list's whole row. Reading and presenting the
 * list's 80 fields and nine references per payment took four fifths of a CSV export's CPU.
 * Each batch reads its payments with their client and address in one statement, and the references
 * (method, bank, series, creator, community, parish, activity) once per export: a batch asks
 * only for the ids no earlier batch brought.
 */

/** A payment as its export reads it: the list row's fields the export's columns show. */
export type PaymentExportRow = Pick<
  PaymentRow,
  | 'id'
  | 'created_at'
  | 'reference'
  | 'date_payment'
  | 'date_bill'
  | 'months_payment'
  | 'amount_payment'
  | 'amount_bill'
  | 'dollar_amount_payment'
  | 'dollar_amount_bill'
  | 'exchange_rate'
  | 'exchange_rate_id'
  | 'number_correlative'
  | 'number'
  | 'status'
  | 'igtf_amount'
  | 'change'
> & {
  tenders: Pick<PaymentTenderRow, 'currency' | 'amount' | 'payment_method'>[];
  client: Pick<PaymentRow['client'], 'name' | 'identification_type' | 'identification'>;
  address_payment: Pick<PaymentRow['address_payment'], 'type' | 'address' | 'community' | 'parish' | 'economic_activity'>;
  payment_method: Pick<PaymentRow['payment_method'], 'name'>;
  bank: Pick<NonNullable<PaymentRow['bank']>, 'name'> | null;
  serie: Pick<NonNullable<PaymentRow['serie']>, 'serie'> | null;
  causer: Pick<NonNullable<PaymentRow['causer']>, 'name'> | null;
};

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

const PAYMENT_COLUMNS = getTableColumns(payments);

/** The columns a batch reads, by the alias it reads them as; each decoded by its column's own mapping. */
const FIELDS = {
  id: PAYMENT_COLUMNS.id,
  created_at: PAYMENT_COLUMNS.createdAt,
  reference: PAYMENT_COLUMNS.reference,
  date_payment: PAYMENT_COLUMNS.datePayment,
  date_bill: PAYMENT_COLUMNS.dateBill,
  months_payment: PAYMENT_COLUMNS.monthsPayment,
  amount_payment: PAYMENT_COLUMNS.amountPayment,
  amount_bill: PAYMENT_COLUMNS.amountBill,
  dollar_amount_payment: PAYMENT_COLUMNS.dollarAmountPayment,
  dollar_amount_bill: PAYMENT_COLUMNS.dollarAmountBill,
  exchange_rate: PAYMENT_COLUMNS.exchangeRate,
  exchange_rate_id: PAYMENT_COLUMNS.exchangeRateId,
  number_correlative: PAYMENT_COLUMNS.numberCorrelative,
  number: PAYMENT_COLUMNS.number,
  status: PAYMENT_COLUMNS.status,
  igtf_amount: PAYMENT_COLUMNS.igtfAmount,
  change_currency: PAYMENT_COLUMNS.changeCurrency,
  change_amount: PAYMENT_COLUMNS.changeAmount,
  change_amount_ves: PAYMENT_COLUMNS.changeAmountVes,
  payment_method_id: PAYMENT_COLUMNS.paymentMethodId,
  bank_id: PAYMENT_COLUMNS.bankId,
  serie_id: PAYMENT_COLUMNS.serieId,
  created_by: PAYMENT_COLUMNS.createdBy,
  client_name: clients.name,
  client_identification_type: clients.identificationType,
  client_identification: clients.identification,
  address_type: addressesPayments.type,
  address: addressesPayments.address,
  community_id: addressesPayments.communityId,
  parish_id: addressesPayments.parishId,
  activity_id: addressesPayments.economicActivityId,
} satisfies Record<string, PgColumn>;

/**
 * The fields whose driver value is not yet what their column holds: a timestamp's text (the
 * column holds a Date) and JSON. The others are integers, numerics, text and dates kept as text,
 * which the driver gives as their column holds them (a test compares a batch with the list's rows
 * field by field). Mapping all 27 fields of every row was 6 % of a CSV export's CPU.
 */
const DRIVER_NATIVE = new Set(['number', 'string', 'boolean']);
const MAPPED_FIELDS = Object.entries(FIELDS).filter(([, column]) => !DRIVER_NATIVE.has(column.dataType));

/**
 * A batch's client and address, each read by its primary key from a lateral subquery named as
 * its table (so FIELDS reads them unchanged). As plain joins, PostgreSQL hashed every address
 * (a parallel sequential scan of 250 000 rows on three processes, 32–54 ms a batch) to find a
 * thousand; by key, one process answers in 15 ms, leaving the other core to the export.
 */
const CLIENT_FIELDS = sql.join([clients.name, clients.identificationType, clients.identification], sql`, `);
const ADDRESS_FIELDS = sql.join(
  [addressesPayments.type, addressesPayments.address, addressesPayments.communityId, addressesPayments.parishId, addressesPayments.economicActivityId],
  sql`, `,
);
const selectedFields = sql.join(
  Object.entries(FIELDS).map(([alias, column]) => sql`${column} as ${sql.identifier(alias)}`),
  sql`, `,
);

/** A batch row as a Drizzle select of FIELDS gives it. */
type BatchRow = { [K in keyof typeof FIELDS]: (typeof FIELDS)[K]['_']['data'] | ((typeof FIELDS)[K]['_']['notNull'] extends true ? never : null) };

/** Decodes a batch row in place, as a Drizzle select would, without its per-cell checks. */
function decoded(raw: Record<string, unknown>): BatchRow {
  for (const [alias, column] of MAPPED_FIELDS) {
    const value = raw[alias];
    if (value !== null) raw[alias] = column.mapFromDriverValue(value);
  }
  return raw as BatchRow;
}

/** The lines of an export row; a one-method payment is its method for what it brought (presenter `tendersOf`). */
function exportedTenders(
  lines: { methodId: number; currency: Currency; amount: string }[] | undefined,
  row: { amount_payment: string; change_amount_ves: string; exchange_rate: string; payment_method_id: number },
  method: (id: number) => { id: number; name: string },
  methodCurrency: Currency,
): PaymentExportRow['tenders'] {
  if (lines?.length) return lines.map((line) => ({ currency: line.currency, amount: money(line.amount), payment_method: method(line.methodId) }));
  const tendered = new Decimal(row.amount_payment).plus(row.change_amount_ves);
  const amount = methodCurrency === 'VES' ? tendered : tendered.dividedBy(row.exchange_rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return [{ currency: methodCurrency, amount: amount.toFixed(2), payment_method: method(row.payment_method_id) }];
}

/** An export's loader: `load(ids)` gives the export rows of these payments in the ids' order. */
export function paymentBatchLoader(db: Executor) {
  const methods = referenceCache<Named>(db, paymentMethods, paymentMethods.id, { id: paymentMethods.id, name: paymentMethods.name });
  const bankRows = referenceCache<Named>(db, banks, banks.id, { id: banks.id, name: banks.name });
  const series = referenceCache<{ id: number; serie: string }>(db, correlatives, correlatives.id, { id: correlatives.id, serie: correlatives.serie });
  const causers = referenceCache<Named>(db, users, users.id, { id: users.id, name: users.name });
  const communityRows = referenceCache<Named>(db, communities, communities.id, { id: communities.id, name: communities.name });
  const parishRows = referenceCache<Named>(db, parishes, parishes.id, { id: parishes.id, name: parishes.name });
  const activities = referenceCache<Named>(db, economicActivities, economicActivities.id, { id: economicActivities.id, name: economicActivities.name });
  const methodCurrencies = referenceCache<{ id: number; currency: string }>(db, paymentMethods, paymentMethods.id, { id: paymentMethods.id, currency: paymentMethods.currency });

  return async function load(ids: number[]): Promise<PaymentExportRow[]> {
    if (!ids.length) return [];
    const result = (await db.execute(sql`select ${selectedFields} from ${payments}
      cross join lateral (select ${CLIENT_FIELDS} from ${clients} where ${clients.id} = ${payments.clientId} limit 1) as ${clients}
      cross join lateral (select ${ADDRESS_FIELDS} from ${addressesPayments} where ${addressesPayments.id} = ${payments.addressPaymentId} limit 1) as ${addressesPayments}
      where ${payments.id} = any(${`{${ids.join(',')}}`}::int[])`)) as unknown as { rows: Record<string, unknown>[] };
    const rows = result.rows.map(decoded);
    // The few payments paid in lines: one indexed read of their lines per batch.
    const lines = (await db
      .select({ paymentId: paymentTenders.paymentId, methodId: paymentTenders.paymentMethodId, currency: paymentTenders.currency, amount: paymentTenders.amount })
      .from(paymentTenders)
      .where(inArray(paymentTenders.paymentId, ids))
      .orderBy(paymentTenders.paymentId, paymentTenders.position)) as { paymentId: number; methodId: number; currency: Currency; amount: string }[];
    const linesOf = new Map<number, typeof lines>();
    for (const line of lines) linesOf.set(line.paymentId, [...(linesOf.get(line.paymentId) ?? []), line]);
    await Promise.all([
      methods.fill(lines.map((line) => line.methodId)),
      methodCurrencies.fill(rows.map((row) => row.payment_method_id)),
      methods.fill(rows.map((row) => row.payment_method_id)),
      bankRows.fill(rows.map((row) => row.bank_id)),
      series.fill(rows.map((row) => row.serie_id)),
      causers.fill(rows.map((row) => row.created_by)),
      communityRows.fill(rows.map((row) => row.community_id)),
      parishRows.fill(rows.map((row) => row.parish_id)),
      activities.fill(rows.map((row) => row.activity_id)),
    ]);
    const byId = new Map<number, PaymentExportRow>();
    for (const row of rows) {
      const [bank, serie, causer] = [bankRows.get(row.bank_id), series.get(row.serie_id), causers.get(row.created_by)];
      byId.set(row.id, {
        id: row.id,
        created_at: iso(row.created_at),
        reference: row.reference,
        date_payment: row.date_payment,
        date_bill: row.date_bill,
        months_payment: row.months_payment as PaymentRow['months_payment'],
        amount_payment: money(row.amount_payment),
        amount_bill: money(row.amount_bill),
        dollar_amount_payment: money(row.dollar_amount_payment),
        dollar_amount_bill: money(row.dollar_amount_bill),
        exchange_rate: money(row.exchange_rate),
        exchange_rate_id: row.exchange_rate_id,
        number_correlative: row.number_correlative,
        number: row.number,
        status: paymentStatus(row.status),
        igtf_amount: money(row.igtf_amount),
        change: changeOf({ changeCurrency: row.change_currency, changeAmount: row.change_amount, changeAmountVes: row.change_amount_ves }),
        tenders: exportedTenders(
          linesOf.get(row.id),
          row,
          (id) => ({ id, name: methods.get(id)?.name ?? '' }),
          (methodCurrencies.get(row.payment_method_id)?.currency ?? 'VES') as Currency,
        ),
        client: { name: row.client_name, identification_type: row.client_identification_type, identification: row.client_identification },
        address_payment: {
          type: row.address_type === 1 ? 1 : 0,
          address: row.address,
          community: communityRows.get(row.community_id),
          parish: parishRows.get(row.parish_id),
          economic_activity: activities.get(row.activity_id),
        },
        payment_method: { name: methods.get(row.payment_method_id)?.name ?? '' },
        bank: bank ? { name: bank.name } : null,
        serie: serie ? { serie: serie.serie } : null,
        causer: causer ? { name: causer.name } : null,
      });
    }
    return ids.map((id) => byId.get(id)).filter((row): row is PaymentExportRow => row !== undefined);
  };
}
