import type { AddressRow } from '@recaudo/domain/addresses';
import { debtTotal } from '@recaudo/domain/amounts';
import { balanceInBolivars, hasBalance } from '@recaudo/domain/balance';
import { formatMoney } from '@recaudo/domain/format-money';
import { rowOwedUsd } from '@recaudo/domain/tariffs';
import Typography from 'antd/es/typography';
import { useOptionList } from '../../components/option-list';
import { findExchangeRates } from '../../components/select-options';

/**
 * Today's dollar rate for the debt totals of address rows, null until known. The dollar, as the
 * statement of account's BS figures (docs/decisions.md), so a row and its statement agree.
 */
export function useDebtRate(): string | null {
  const rates = useOptionList('rates', findExchangeRates);
  return rates.data?.dollar_rate ?? null;
}

/** The row fields its debt is priced from (issue 50: each owed month at its tariff). */
export type DebtFields = Pick<AddressRow, 'months_to_pay' | 'fee' | 'fee_changes' | 'payments'>;

/** An address's debt total in BS (spec 02 §9: what the months to pay cost × rate), null when it owes nothing or it can't be known. */
export const addressDebt = (address: DebtFields, rate: string | null) =>
  address.months_to_pay > 0 && address.fee !== null && rate !== null ? debtTotal(1, rowOwedUsd(address), rate) : null;

/** "$ 3,00 · BS 109,50" (issue 50): the credit balance in $ and at today's rate; null without one. */
export const balanceText = (balanceUsd: string, rate: string | null) =>
  hasBalance(balanceUsd) ? `${formatMoney(balanceUsd, '$')}${rate === null ? '' : ` · ${formatMoney(balanceInBolivars(balanceUsd, rate))}`}` : null;

/** The credit balance under a row's months to pay; nothing without one. */
export function BalanceTotal({ address, rate }: { address: Pick<AddressRow, 'balance_usd'>; rate: string | null }) {
  const text = balanceText(address.balance_usd, rate);
  if (text === null) return null;
  return (
    <Typography.Text type="success" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      Saldo a favor {text}
    </Typography.Text>
  );
}

/** "Debe BS 6.600,00" under a row's months to pay; nothing when the address owes nothing. */
export function DebtTotal({ address, rate }: { address: DebtFields; rate: string | null }) {
  const debt = addressDebt(address, rate);
  if (debt === null) return null;
  return (
    <Typography.Text type="danger" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      Debe {formatMoney(debt)}
    </Typography.Text>
  );
}
