import { ADDRESS_TYPES, monthLabel, type AddressRow } from '@recaudo/domain/addresses';
import { formatMoney } from '@recaudo/domain/format-money';
import { EMPTY_TEXT, formatMonth } from '@recaudo/domain/format';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import { balanceText, useDebtRate } from './address-debt';
import { AddressMonths } from './address-months';
import { AddressTickets } from './address-tickets';
import { useShownToReader } from '../../lib/session';

/** "Carabobo / Valencia / San José / Los Pinos": the levels the address names, the last one by type. */
export function locationOf(address: AddressRow): string {
  const last = address.type === 0 ? address.community?.name : address.economic_activity?.name;
  const parts = [address.state?.name, address.municipality?.name, address.parish?.name, last].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' / ') : EMPTY_TEXT;
}

/**
 * One payment address expanded (client list rows, client detail tab 3, Direcciones de Pagos):
 * a few facts, the month calendar and the tickets. `onChanged` runs after a change to its months
 * or tickets, for callers that hold their own copy of the row.
 */
export function AddressDetails({ address, onChanged }: { address: AddressRow; onChanged?: () => void }) {
  const rate = useDebtRate();
  const shown = useShownToReader();
  return (
    <div style={{ padding: '4px 0' }}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'type', label: 'Tipo', children: ADDRESS_TYPES[address.type] },
          { key: 'location', label: 'Ubicación', children: shown(locationOf(address)), span: { xs: 1, md: 2, xl: 3 } },
          { key: 'fee', label: 'Tarifa mensual', children: address.fee === null ? shown(EMPTY_TEXT) : `${formatMoney(address.fee, '$')}${address.is_custom_fee ? ' (personalizada)' : ''}` },
          { key: 'start', label: 'Mes de inicio', children: monthLabel(address.start_month) },
          { key: 'solvent_to', label: 'Solvente hasta', children: shown(formatMonth(address.solvent_to_date)) },
          { key: 'balance', label: 'Saldo a favor', children: balanceText(address.balance_usd, rate) ?? formatMoney('0.00', '$') },
        ]}
      />
      {/* Stacked, not side by side: the expansion sits inside other tables and is rarely wide. */}
      <AddressMonths address={address} onChanged={onChanged} />
      <Divider style={{ margin: '16px 0 12px' }} />
      <AddressTickets address={address} onChanged={onChanged} />
    </div>
  );
}
