import { asc } from 'drizzle-orm';
import type { Coverage } from '@recaudo/domain/months';
import type { Executor } from '../../db/client';
import { inIdsPlaceholder, preparedStatement } from '../../platform/prepared';
import { addressMonths } from './tables';

/** Every page of addresses reads its ledger months with the same statement: planned once per connection. */
const monthsOfAddresses = preparedStatement('address_months_of_page', (db, name) =>
  db
    .select({
      address: addressMonths.addressPaymentId,
      month: addressMonths.month,
      payment_id: addressMonths.paymentId,
      pending: addressMonths.pending,
      from_balance: addressMonths.fromBalance,
    })
    .from(addressMonths)
    .where(inIdsPlaceholder(addressMonths.addressPaymentId))
    .orderBy(asc(addressMonths.month))
    .prepare(name),
);

/** The ledger rows of a page of addresses, in one query, by address and oldest month first. */
export async function coverageOf(db: Executor, ids: number[]): Promise<Map<number, Coverage[]>> {
  const byAddress = new Map<number, Coverage[]>();
  if (!ids.length) return byAddress;
  for (const row of await monthsOfAddresses(db).execute({ ids })) {
    const list = byAddress.get(row.address) ?? [];
    list.push({ month: row.month, payment_id: row.payment_id, pending: row.pending, from_balance: row.from_balance });
    byAddress.set(row.address, list);
  }
  return byAddress;
}
