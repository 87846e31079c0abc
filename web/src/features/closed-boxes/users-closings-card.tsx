import type { ClosedBoxTotals } from '@recaudo/domain/closed-boxes';
import { formatMoney } from '@recaudo/domain/format-money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateRangeInput, todayPair } from '../../components/filter-drawer';
import { http } from '../../lib/http';
import { closedBoxKeys } from './api';
import { NoWrap } from '../../components/no-wrap';

export type UserClosings = ClosedBoxTotals & { user_id: number; name: string; count_closed_boxs: number };

const fetchUsersClosings = (dates: [string, string] | null, signal?: AbortSignal) =>
  http.get<UserClosings[]>('dashboard/users-closed-box', { query: dates ? { dates } : {}, signal }).then((answer) => answer.data);

const bolivars = (value: string) => <NoWrap>{formatMoney(value)}</NoWrap>;
const dollars = (value: string) => <NoWrap>{formatMoney(value, '$')}</NoWrap>;

/**
 * The dashboard's "Cierres de cajas de Usuarios" (spec 03): per responsible user, their closings
 * in the chosen range (today at first), the payments they hold and the amounts in BS and $.
 */
export function UsersClosingsCard() {
  const [dates, setDates] = useState<[string, string] | null>(todayPair);
  const query = useQuery({
    queryKey: [...closedBoxKeys.all, 'per-user', dates],
    queryFn: ({ signal }) => fetchUsersClosings(dates, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="Cierres de cajas de Usuarios"
      extra={
        <Flex gap={12} align="center" wrap>
          <div style={{ width: 260 }}>
            <DateRangeInput label="Fechas de los cierres" value={dates} onChange={setDates} />
          </div>
          <Link to="/closed-boxs">Ver cierres</Link>
        </Flex>
      }
    >
      <Table<UserClosings>
        aria-label="Cierres de cajas de Usuarios"
        size="small"
        rowKey="user_id"
        loading={query.isFetching}
        dataSource={query.data ?? []}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: query.isError ? 'No se pudieron cargar los cierres' : 'No hay cierres en estas fechas' }}
        columns={[
          { title: 'Usuario', dataIndex: 'name' },
          { title: 'Cierres', dataIndex: 'count_closed_boxs', align: 'right' },
          { title: 'Pagos', dataIndex: 'count_payments', align: 'right' },
          { title: 'Monto factura BS', dataIndex: 'amount_bill', align: 'right', render: bolivars },
          { title: 'Monto pago BS', dataIndex: 'amount_payment', align: 'right', render: bolivars },
          { title: 'Monto factura $', dataIndex: 'dollar_amount_bill', align: 'right', render: dollars },
          { title: 'Monto pago $', dataIndex: 'dollar_amount_payment', align: 'right', render: dollars },
        ]}
      />
    </Card>
  );
}
