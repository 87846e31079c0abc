import { eq } from 'drizzle-orm';
import { currentMonth, type Month } from '@recaudo/domain/months';
import { notSolventReason, type AddressSolvency } from '@recaudo/domain/solvencies';
import type { Executor } from '../../db/client';
import { monthsToPaySql, PENDING, solventSql, solventToDateSql, START_MONTH } from '../addresses-payment/ledger-sql';
import { addressesPayments } from '../addresses-payment/tables';

export interface AddressSolvencyFacts extends AddressSolvency {
  address_id: number;
  client_id: number;
  type: 0 | 1;
  start_month: Month;
}

/**
 * The solvency of one address at `now` (DESIGN §5), decided by the rule of ledger-sql.ts (the
 * same expression the address lists filter with) over the address's ledger summary. With `lock`
 * the address row is held until the transaction ends: payments, marks and unmarks lock it too,
 * so the answer can't change before a certificate built on it commits.
 */
export async function addressSolvency(executor: Executor, addressId: number, now: Date = new Date(), lock = false): Promise<AddressSolvencyFacts | null> {
  const current = currentMonth(now);
  const base = executor
    .select({
      address_id: addressesPayments.id,
      client_id: addressesPayments.clientId,
      type: addressesPayments.type,
      start_month: START_MONTH,
      months_to_pay: monthsToPaySql(current),
      pending: PENDING,
      solvent: solventSql(current),
      solvent_to_date: solventToDateSql(current),
    })
    .from(addressesPayments)
    .where(eq(addressesPayments.id, addressId));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) return null;
  const monthsToPay = Number(row.months_to_pay);
  return {
    address_id: row.address_id,
    client_id: row.client_id,
    type: row.type === 1 ? 1 : 0,
    start_month: row.start_month as Month,
    months_to_pay: monthsToPay,
    pending: row.pending,
    solvent: row.solvent,
    solvent_to_date: row.solvent_to_date as Month | null,
    reason: row.solvent ? null : notSolventReason(monthsToPay, row.pending),
  };
}
