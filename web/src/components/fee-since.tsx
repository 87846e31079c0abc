import { dayjs } from '@recaudo/domain/dates';
import { formatMoney } from '@recaudo/domain/format-money';
import { monthName } from '@recaudo/domain/months';
import { defaultEffectiveMonth, feeMessages, type FeeHistory, type FeeOwnerType } from '@recaudo/domain/tariffs';
import { useQuery } from '@tanstack/react-query';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import List from 'antd/es/list';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { http } from '../lib/http';

/**
 * A fee's effective month and history (issue 50), shared by the community, economic activity
 * and address panels: the edit asks "¿Desde qué mes aplica?" (next month unless changed), and the
 * panel lists the fee's history from the beginning.
 */

/** The picked month as the update endpoints take it ('YYYY-MM'); none: the server's default. */
export const effectiveMonthToWire = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM') : undefined);

/** "¿Desde qué mes aplica?", next month until the user picks another. */
export function EffectiveMonthItem() {
  return (
    <Form.Item label={feeMessages.effectiveLabel} name="effective_month" initialValue={dayjs(`${defaultEffectiveMonth()}-01`)} extra="Los meses anteriores conservan la tarifa vigente; los pagados no cambian.">
      <DatePicker picker="month" style={{ width: '100%' }} format="MM-YYYY" allowClear={false} />
    </Form.Item>
  );
}

/** Every fee's history: a community's or activity's change also shows in the history of the addresses that follow it. */
export const feeHistoriesKey = ['fees', 'history'] as const;

export const feeHistoryKey = (ownerType: FeeOwnerType, ownerId: number) => [...feeHistoriesKey, ownerType, ownerId] as const;

const findFeeHistory = (ownerType: FeeOwnerType, ownerId: number, signal?: AbortSignal) =>
  http.get<FeeHistory>('fees/history', { query: { owner_type: ownerType, owner_id: ownerId }, signal }).then((answer) => answer.data);

/**
 * "Historial de tarifas": from the beginning, then each change with its month, who recorded it and
 * when; an address's months without an own fee read «Tarifa de la comunidad» or «… de la actividad económica».
 */
export function FeeHistoryList({ ownerType, ownerId }: { ownerType: FeeOwnerType; ownerId: number }) {
  const history = useQuery({ queryKey: feeHistoryKey(ownerType, ownerId), queryFn: ({ signal }) => findFeeHistory(ownerType, ownerId, signal) });
  return (
    <List
      size="small"
      header={<Typography.Text strong>Historial de tarifas</Typography.Text>}
      loading={history.isPending}
      locale={{ emptyText: 'No se han encontrado datos' }}
      dataSource={history.data?.entries ?? []}
      renderItem={(entry) => (
        <List.Item>
          <span>{entry.effective_month === null ? feeMessages.fromBeginning : `Desde ${monthName(entry.effective_month).toLowerCase()}`}</span>
          <span>
            {entry.inherited_from ? feeMessages.inherited[entry.inherited_from] : entry.fee === null ? '—' : formatMoney(entry.fee, '$')}
            {entry.created_by ? <Typography.Text type="secondary"> · {entry.created_by}</Typography.Text> : null}
          </span>
        </List.Item>
      )}
    />
  );
}

/** An address's own fee edit: its effective month while the own fee is or was on (a change or a switch), and its history. */
export function OwnFeeSince({ addressId, asks }: { addressId: number; asks: boolean }) {
  return (
    <>
      {asks && <EffectiveMonthItem />}
      <FeeHistoryList ownerType="address" ownerId={addressId} />
    </>
  );
}
