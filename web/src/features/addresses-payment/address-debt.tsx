import type { AddressRow } from '@recaudo/domain/addresses';
import { debtTotal } from '@recaudo/domain/amounts';
import { formatMoney } from '@recaudo/domain/format-money';
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

/** An address's debt total in BS (spec 02 §9: months to pay × fee × rate), null when it owes nothing or it can't be known. */
export const addressDebt = (address: Pick<AddressRow, 'months_to_pay' | 'fee'>, rate: string | null) =>
  address.months_to_pay > 0 && address.fee !== null && rate !== null ? debtTotal(address.months_to_pay, address.fee, rate) : null;

/** "Debe BS 6.600,00" under a row's months to pay; nothing when the address owes nothing. */
export function DebtTotal({ address, rate }: { address: Pick<AddressRow, 'months_to_pay' | 'fee'>; rate: string | null }) {
  const debt = addressDebt(address, rate);
  if (debt === null) return null;
  return (
    <Typography.Text type="danger" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
      Debe {formatMoney(debt)}
    </Typography.Text>
  );
}
