import { asc, eq, inArray, sql } from 'drizzle-orm';
import { currentMonth, lastPayableMonth, monthRange, monthsLeftOwed, startMonth, type Month } from '@recaudo/domain/months';
import { paymentMessages, type PaymentFields } from '@recaudo/domain/payments';
import type { FeeSchedule } from '@recaudo/domain/tariffs';
import type { LateFeeSettings } from '@recaudo/domain/late-fees';
import type { Executor } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { addressesPayments, addressMonths } from '../addresses-payment/tables';
import { correlatives } from '../correlatives/tables';
import { economicActivities } from '../economic-activities/tables';
import { feeChangesOf } from '../fees/service';
import { lateFeeSelect, lateFeeSettingsOfRow } from '../fees/late-fee-columns';
import { communities, parishes } from '../regional/tables';

/**
 * The month ledger and the series as payment writes hold them: address rows locked in id order,
 * what an address owes and has covered, the months a payment takes, and the series' next number.
 */

/** Holds the address rows (in id order, so two writers never wait on each other crosswise). */
export async function lockAddresses(tx: Executor, ids: number[]): Promise<void> {
  await tx
    .select({ id: addressesPayments.id })
    .from(addressesPayments)
    .where(inArray(addressesPayments.id, [...new Set(ids)]))
    .orderBy(asc(addressesPayments.id))
    .for('update');
}

export interface AddressFacts {
  id: number;
  type: 0 | 1;
  /** The newest monthly fee in the rate's foreign currency. */
  fee: string;
  /** What prices each month (issue 50): `fee` and the changes of its owner's tariff. */
  schedule: FeeSchedule;
  start: Month;
  /** Months covered by anything except `exceptPayment`. */
  taken: Set<Month>;
  /** The late-payment surcharge of its community (residential) or activity (commercial), issue 50. */
  lateFee: LateFeeSettings | null;
}

const lateFeeOf = (row: Parameters<typeof lateFeeSettingsOfRow>[0] | null) => (row ? lateFeeSettingsOfRow(row) : null);

/** The address's fee, start month and ledger, read while its row is held. */
export async function addressFacts(tx: Executor, addressId: number, exceptPayment: number | null): Promise<AddressFacts | null> {
  const [row] = await tx
    .select({
      id: addressesPayments.id,
      type: addressesPayments.type,
      isCustomFee: addressesPayments.isCustomFee,
      fee: addressesPayments.fee,
      dateStart: addressesPayments.dateStart,
      openingPaidThrough: addressesPayments.openingPaidThrough,
      createdAt: addressesPayments.createdAt,
      communityFee: communities.fee,
      communityStart: communities.dateStart,
      parishStart: parishes.dateStart,
      activityFee: economicActivities.fee,
      communityLateFee: lateFeeSelect(communities),
      activityLateFee: lateFeeSelect(economicActivities),
    })
    .from(addressesPayments)
    .leftJoin(communities, eq(communities.id, addressesPayments.communityId))
    .leftJoin(parishes, eq(parishes.id, addressesPayments.parishId))
    .leftJoin(economicActivities, eq(economicActivities.id, addressesPayments.economicActivityId))
    .where(eq(addressesPayments.id, addressId));
  if (!row) return null;
  const ledger = await tx
    .select({ month: addressMonths.month, paymentId: addressMonths.paymentId })
    .from(addressMonths)
    .where(eq(addressMonths.addressPaymentId, addressId))
    .orderBy(asc(addressMonths.month));
  const type = row.type === 1 ? 1 : 0;
  const fee = (row.isCustomFee && row.fee !== null ? row.fee : type === 1 ? row.activityFee : row.communityFee) ?? '0.00';
  const changes = (await feeChangesOf(tx, [row.id])).get(row.id) ?? [];
  return {
    id: row.id,
    type,
    fee,
    schedule: { fee, changes },
    start: startMonth({
      openingPaidThrough: row.openingPaidThrough,
      addressDateStart: row.dateStart,
      serviceDateStart: type === 0 ? row.communityStart : row.parishStart,
      earliestCovered: ledger[0]?.month ?? null,
      createdAt: row.createdAt,
    }),
    taken: new Set(ledger.filter((entry) => exceptPayment === null || entry.paymentId !== exceptPayment).map((entry) => entry.month)),
    lateFee: lateFeeOf(type === 1 ? row.activityLateFee : row.communityLateFee),
  };
}

/**
 * The months a payment pays. Type 1: the months picked (each at most December of the current
 * year). Type 0: the current Caracas month; when it is already covered, the earliest month the
 * address still owes from its start month through December. An edited type-0 payment keeps its
 * month, so it does not drift to the month of the edit.
 */
function paymentMonths(
  fields: Pick<PaymentFields, 'type_payment_month' | 'months_payment'>,
  address: AddressFacts,
  keep: Month[] | null,
  now: Date,
): Month[] {
  const limit = lastPayableMonth(now);
  if (fields.type_payment_month === 1) {
    const months = [...new Set(fields.months_payment)].sort();
    const beyond = months.find((month) => month > limit);
    if (beyond) throw fieldError('months_payment', paymentMessages.monthBeyondLimit(beyond, limit));
    return months;
  }
  if (keep?.length) return keep;
  const current = currentMonth(now);
  if (!address.taken.has(current)) return [current];
  const owed = monthRange(address.start, limit).find((month) => !address.taken.has(month));
  if (!owed) throw fieldError('months_payment', paymentMessages.noMonthToPay);
  return [owed];
}

/** A month covered by another payment or a manual mark refuses the whole write. */
export function assertMonthsFree(address: AddressFacts, months: Month[]): void {
  const taken = months.find((month) => address.taken.has(month));
  if (taken) throw fieldError('months_payment', paymentMessages.monthTaken(taken));
}

/** A client's payment may not leave an older month owed (issue 51); staff may, warned by their panel. */
function assertOldestFirst(address: AddressFacts, months: Month[]): void {
  const [oldest] = monthsLeftOwed(address.start, address.taken, months);
  if (oldest) throw fieldError('months_payment', paymentMessages.olderMonthOwed(oldest));
}

/**
 * The ledger step of a payment write: holds the addresses (`hold`, the paid one among them), reads
 * the paid one's fee and ledger and picks the months the payment pays; with `mustBeFree` a month
 * covered by anything else refuses the write, with `oldestFirst` one that leaves an older month owed.
 */
export async function holdMonths(
  tx: Executor,
  plan: {
    hold: number[];
    fields: Pick<PaymentFields, 'address_payment_id' | 'type_payment_month' | 'months_payment'>;
    exceptPayment: number | null;
    keep: Month[] | null;
    mustBeFree: boolean;
    oldestFirst: boolean;
    now: Date;
  },
): Promise<{ address: AddressFacts; months: Month[] }> {
  await lockAddresses(tx, plan.hold);
  const address = await addressFacts(tx, plan.fields.address_payment_id, plan.exceptPayment);
  // Checked before the lock; only a concurrent delete of the address could leave it missing.
  if (!address) throw fieldError('address_payment_id', paymentMessages.addressNotFound);
  const months = paymentMonths(plan.fields, address, plan.keep, plan.now);
  if (plan.mustBeFree) assertMonthsFree(address, months);
  if (plan.oldestFirst) assertOldestFirst(address, months);
  return { address, months };
}

export async function coverMonths(tx: Executor, addressId: number, paymentId: number, months: Month[], pending: boolean): Promise<void> {
  if (!months.length) return;
  await tx.insert(addressMonths).values(months.map((month) => ({ addressPaymentId: addressId, month, paymentId, pending })));
}

export const releaseMonths = (tx: Executor, paymentId: number) => tx.delete(addressMonths).where(eq(addressMonths.paymentId, paymentId));

/**
 * The series' next document number of the payment's type, taken by incrementing the series row: the row lock makes
 * concurrent payments wait for each other, so numbers are unique and have no gaps. The number
 * keeps the width of the stored one (leading zeros) and only grows past it.
 */
export async function takeCorrelative(tx: Executor, serieId: number, typeDocument: string): Promise<string> {
  // A delivery note (04) takes its own counter; every other payment numbers as an invoice.
  const delivery = typeDocument === '04';
  const column = delivery ? correlatives.numberDeliveryNote : correlatives.number;
  const next = sql`(${column}::bigint + 1)::text`;
  const value = sql`lpad(${next}, greatest(length(${column}), length(${next})), '0')`;
  const [row] = await tx
    .update(correlatives)
    .set({ ...(delivery ? { numberDeliveryNote: value } : { number: value }), updatedAt: new Date() })
    .where(eq(correlatives.id, serieId))
    .returning({ number: column });
  if (!row) throw fieldError('serie_id', paymentMessages.serieMissing);
  return row.number;
}
