import Decimal from 'decimal.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addressMessages } from '@recaudo/domain/addresses';
import { balanceInBolivars, type AddressBalance, type BalanceMovement, type BalanceMovementKind } from '@recaudo/domain/balance';
import type { Executor } from '../../db/client';
import { iso } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { clientScope } from '../../platform/scope';
import type { AuthContext } from '../auth/service';
import { exchangeRates } from '../configurations/service';
import { addressBalanceMovements, addressesPayments } from './tables';

/** The balance and the movements of these addresses, oldest first (statements read several at once). */
export async function balanceMovementsOf(db: Executor, ids: number[]): Promise<Map<number, { balance_usd: string; movements: BalanceMovement[] }>> {
  const byAddress = new Map<number, { balance_usd: string; movements: BalanceMovement[] }>();
  if (!ids.length) return byAddress;
  const rows = await db
    .select({
      address: addressBalanceMovements.addressPaymentId,
      date: addressBalanceMovements.createdAt,
      kind: addressBalanceMovements.kind,
      amount_usd: sql<string>`${addressBalanceMovements.amountUsd}::text`,
      payment_id: addressBalanceMovements.paymentId,
      month: addressBalanceMovements.month,
    })
    .from(addressBalanceMovements)
    .where(inArray(addressBalanceMovements.addressPaymentId, ids))
    .orderBy(asc(addressBalanceMovements.addressPaymentId), asc(addressBalanceMovements.id));
  for (const { address, ...row } of rows) {
    const entry = byAddress.get(address) ?? { balance_usd: '0.00', movements: [] };
    entry.movements.push({ ...row, date: iso(row.date), kind: row.kind as BalanceMovementKind });
    entry.balance_usd = new Decimal(entry.balance_usd).plus(row.amount_usd).toFixed(2);
    byAddress.set(address, entry);
  }
  return byAddress;
}

/**
 * `GET addresses-payment/balance/{id}` (issue 50): the address's credit balance in dollars, in
 * bolívares at today's dollar rate, and every movement oldest first. A client user reaches only
 * her own addresses (another's is not found, like a missing one).
 */
export async function addressBalance(db: Executor, auth: AuthContext, id: number): Promise<AddressBalance> {
  const [address] = await db
    .select({ id: addressesPayments.id })
    .from(addressesPayments)
    .where(and(eq(addressesPayments.id, id), clientScope(addressesPayments.clientId, auth)));
  if (!address) throw notFound(addressMessages.notFound);
  const [balances, rates] = await Promise.all([balanceMovementsOf(db, [id]), exchangeRates(db)]);
  const { balance_usd, movements } = balances.get(id) ?? { balance_usd: '0.00', movements: [] };
  return { balance_usd, balance_ves: balanceInBolivars(balance_usd, rates.dollar_rate), movements };
}
