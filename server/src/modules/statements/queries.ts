import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { addressMessages } from '@recaudo/domain/addresses';
import type { DatedRate } from '@recaudo/domain/exchange-rates';
import { currentMonth, type Month } from '@recaudo/domain/months';
import { addressStatement, sumDebts, sumSurcharges, type AddressStatement, type AddressStatementInput, type Statement, type StatementPayment, type SurchargeWaiver } from '@recaudo/domain/statement';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { assertOwnClient, clientScope } from '../../platform/scope';
import { balanceMovementsOf } from '../addresses-payment/balance';
import { LATE_FEE_OF_ADDRESS } from '../addresses-payment/address-rows';
import { statementAgreementsOf } from '../payment-agreements/queries';
import { EFFECTIVE_FEE, START_MONTH } from '../addresses-payment/ledger-sql';
import { addressesPayments, addressMonths } from '../addresses-payment/tables';
import type { AuthContext } from '../auth/service';
import { clients } from '../clients/tables';
import { datedRatesInForce } from '../exchange-rates/service';
import { correlatives } from '../correlatives/tables';
import { economicActivities } from '../economic-activities/tables';
import { lateFeeSettingsOfRow } from '../fees/late-fee-columns';
import { feeChangesFromJson, TARIFFS_JSON } from '../fees/service';
import { holdsFromJson, HOLDS_JSON } from '../payment-agreements/holds';
import { payments } from '../payments/tables';
import { communities } from '../regional/tables';

/**
 * Reading a statement of account (issue 33): a client's addresses (or one of them) with their fee
 * and start month from the ledger summary, their ledger rows with the payment holding each month,
 * and today's dollar rate; the months, the owed figures and the aging are worked out in domain
 * `statement`. Client users reach only their own client: another's is not found.
 */

export type StatementScope = { clientId: number } | { addressId: number };

/**
 * An address as its statement starts, with its fee changes and agreement holds read in the same
 * statement (JSON columns, as the address list reads them): two round trips fewer a statement.
 */
type AddressHead = Omit<AddressStatementInput, 'coverage' | 'surcharge_waivers'> & { client_id: number };

async function addressHeads(db: Executor, where: SQL | undefined): Promise<AddressHead[]> {
  const rows = await db
    .select({
      address_payment_id: addressesPayments.id,
      client_id: addressesPayments.clientId,
      address: addressesPayments.address,
      type: addressesPayments.type,
      fee: EFFECTIVE_FEE,
      start_month: START_MONTH,
      opening_paid_through: addressesPayments.openingPaidThrough,
      ...LATE_FEE_OF_ADDRESS,
      tariffs_json: TARIFFS_JSON,
      holds_json: HOLDS_JSON,
    })
    .from(addressesPayments)
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(economicActivities, eq(economicActivities.id, addressesPayments.economicActivityId))
    .where(where)
    .orderBy(asc(addressesPayments.id));
  return rows.map(({ late_fee_percent, late_fee_grace_days, late_fee_cap_months, late_fee_cap_percent, tariffs_json, holds_json, ...row }) => ({
    ...row,
    fee_changes: feeChangesFromJson(tariffs_json),
    holds: holdsFromJson(holds_json),
    type: row.type === 1 ? 1 : 0,
    fee: row.fee === null ? null : String(row.fee),
    late_fee:
      late_fee_percent === null ? null : lateFeeSettingsOfRow({ late_fee_percent, late_fee_grace_days: late_fee_grace_days ?? 0, late_fee_cap_months, late_fee_cap_percent }),
  }));
}

/** The ledger rows of these addresses with the number and date of the payment holding each month. */
async function coverageWithPayments(db: Executor, ids: number[]): Promise<Map<number, AddressStatementInput['coverage']>> {
  const byAddress = new Map<number, AddressStatementInput['coverage']>();
  if (!ids.length) return byAddress;
  const rows = await db
    .select({
      address: addressMonths.addressPaymentId,
      month: addressMonths.month,
      payment_id: addressMonths.paymentId,
      pending: addressMonths.pending,
      from_balance: addressMonths.fromBalance,
      number: payments.numberCorrelative,
      serie: correlatives.serie,
      date_payment: payments.datePayment,
    })
    .from(addressMonths)
    .leftJoin(payments, eq(payments.id, addressMonths.paymentId))
    .leftJoin(correlatives, eq(correlatives.id, payments.serieId))
    .where(inArray(addressMonths.addressPaymentId, ids))
    .orderBy(asc(addressMonths.month));
  for (const row of rows) {
    const payment: StatementPayment | null =
      row.payment_id === null || row.date_payment === null
        ? null
        : { id: row.payment_id, number: documentNumber(row.serie, row.number), date_payment: row.date_payment };
    const list = byAddress.get(row.address) ?? [];
    list.push({ month: row.month, payment_id: row.payment_id, pending: row.pending, from_balance: row.from_balance, payment });
    byAddress.set(row.address, list);
  }
  return byAddress;
}

const documentNumber = (serie: string | null, number: string | null) => (number ? `${serie ? `${serie}-` : ''}${number}` : null);

/** The payments of these addresses whose late-payment surcharge was waived (issue 50), oldest first. */
async function surchargeWaiversOf(db: Executor, ids: number[]): Promise<Map<number, SurchargeWaiver[]>> {
  const byAddress = new Map<number, SurchargeWaiver[]>();
  if (!ids.length) return byAddress;
  const rows = await db
    .select({
      address: payments.addressPaymentId,
      payment_id: payments.id,
      number: payments.numberCorrelative,
      serie: correlatives.serie,
      date_payment: payments.datePayment,
      surcharge_usd: payments.surchargeUsd,
      waived_usd: payments.surchargeWaivedUsd,
      reason: payments.surchargeWaiverReason,
    })
    .from(payments)
    .leftJoin(correlatives, eq(correlatives.id, payments.serieId))
    .where(and(inArray(payments.addressPaymentId, ids), gt(payments.surchargeWaivedUsd, '0')))
    .orderBy(asc(payments.datePayment), asc(payments.id));
  for (const { address, serie, number, ...row } of rows) {
    const list = byAddress.get(address) ?? [];
    list.push({ ...row, number: documentNumber(serie, number) });
    byAddress.set(address, list);
  }
  return byAddress;
}

/** The statements of these addresses at `now`, at today's dollar rate (with its value date and source, which the statement names). */
export async function addressStatements(db: Executor, heads: AddressHead[], now: Date): Promise<{ addresses: AddressStatement[]; dollar: DatedRate }> {
  const ids = heads.map((head) => head.address_payment_id);
  const [coverage, balances, rates, waivers, agreements] = await Promise.all([
    coverageWithPayments(db, ids),
    balanceMovementsOf(db, ids),
    datedRatesInForce(db),
    surchargeWaiversOf(db, ids),
    statementAgreementsOf(db, ids),
  ]);
  const addresses = heads.map(({ client_id: _client, ...head }) => ({
    ...addressStatement(
      {
        ...head,
        coverage: coverage.get(head.address_payment_id) ?? [],
        balance: balances.get(head.address_payment_id),
        surcharge_waivers: waivers.get(head.address_payment_id),
      },
      rates.usd.rate,
      now,
    ),
    agreement: agreements.get(head.address_payment_id) ?? null,
  }));
  return { addresses, dollar: rates.usd };
}

/** The late-payment surcharge each of these addresses owes at `now` (issue 50), priced as its statement prices it, with its aging bucket. */
export async function addressSurcharges(db: Executor, ids: number[], now = new Date()): Promise<Map<number, Pick<AddressStatement, 'surcharge_usd' | 'aging'>>> {
  if (!ids.length) return new Map();
  const { addresses } = await addressStatements(db, await addressHeads(db, inArray(addressesPayments.id, ids)), now);
  return new Map(addresses.map((address) => [address.address_payment_id, { surcharge_usd: address.surcharge_usd, aging: address.aging }]));
}

/** Whose statement this is and which addresses it covers; another client's (for a client user) is not found. */
async function resolveScope(db: Executor, auth: AuthContext, scope: StatementScope): Promise<{ clientId: number; heads: AddressHead[] }> {
  if ('addressId' in scope) {
    const heads = await addressHeads(db, and(eq(addressesPayments.id, scope.addressId), clientScope(addressesPayments.clientId, auth)));
    if (!heads[0]) throw notFound(addressMessages.notFound);
    return { clientId: heads[0].client_id, heads };
  }
  assertOwnClient(auth, scope.clientId, addressMessages.clientNotFound);
  return { clientId: scope.clientId, heads: await addressHeads(db, eq(addressesPayments.clientId, scope.clientId)) };
}

const clientOf = (db: Executor, clientId: number) =>
  db
    .select({ id: clients.id, name: clients.name, identification_type: clients.identificationType, identification: clients.identification, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId));

/** `GET addresses-payment/statement/{id}` and `GET clients/statement/{id}`. */
export async function statementOf(db: Executor, auth: AuthContext, scope: StatementScope, now = new Date()): Promise<Statement> {
  // A client's statement names its client before its addresses are read: both are asked at once.
  const [{ heads }, [client]] =
    'clientId' in scope
      ? await Promise.all([resolveScope(db, auth, scope), clientOf(db, scope.clientId)])
      : await resolveScope(db, auth, scope).then(async (resolved) => [resolved, await clientOf(db, resolved.clientId)] as const);
  if (!client) throw notFound(addressMessages.clientNotFound);
  const { addresses, dollar } = await addressStatements(db, heads, now);
  return {
    client,
    dollar_rate: dollar.rate,
    dollar_rate_value_date: dollar.value_date,
    dollar_rate_source: dollar.source,
    current_month: currentMonth(now) as Month,
    addresses,
    ...sumDebts(addresses),
    ...sumSurcharges(addresses),
  };
}

