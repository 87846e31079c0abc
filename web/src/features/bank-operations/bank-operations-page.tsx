import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { BANK_DATE_FORMAT, bankMessages } from '@recaudo/domain/bank-operations';
import { caracas } from '@recaudo/domain/dates';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import type { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/session';
import { MOVEMENTS_EXPORT_PATH, useMovements, type BankMovement, type MovementsQuery } from './api';
import { movementColumns } from './movement-columns';

export const MOVEMENT_PAGE_SIZES = [10, 25, 50, 100];

/** The search window (spec 02 §5, §9): from one month back up to today, Caracas. */
const outsideWindow = (day: Dayjs) => {
  const today = caracas().startOf('day');
  const value = day.format('YYYY-MM-DD');
  return value > today.format('YYYY-MM-DD') || value < today.subtract(1, 'month').format('YYYY-MM-DD');
};

/** Spec 02 §8: the server's message or the error text, otherwise the screen's own. */
export function movementsFailure(error: unknown): string {
  const failure = error as Partial<HttpError> | null;
  return failure?.serverMessage || failure?.message || bankMessages.movementsFailed;
}

/**
 * /bank-operations, Operaciones Bancarias (spec 02 §2): the business account's movements of a
 * date range, with a local text filter, pages of 10/25/50/100 and an export.
 */
export default function BankOperationsPage() {
  const [form] = Form.useForm<{ range: [Dayjs, Dayjs] | null }>();
  const [query, setQuery] = useState<MovementsQuery | null>(null);
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, perPage: MOVEMENT_PAGE_SIZES[0]! });
  const movements = useMovements(query);
  const canView = useCan('view_bank_operations');

  useEffect(() => {
    if (movements.isError) notify.error(movementsFailure(movements.error));
  }, [movements.isError, movements.error]);

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = movements.data?.movs ?? [];
    return needle ? all.filter((movement) => Object.values(movement).some((value) => String(value).toLowerCase().includes(needle))) : all;
  }, [movements.data, search]);
  const shown = rows.slice((paging.page - 1) * paging.perPage, paging.page * paging.perPage);

  const submit = ({ range }: { range: [Dayjs, Dayjs] | null }) => {
    if (!range) return;
    setPaging((current) => ({ ...current, page: 1 }));
    setQuery({ dateInit: range[0].format(BANK_DATE_FORMAT), dateEnd: range[1].format(BANK_DATE_FORMAT) });
  };

  return (
    <ListPage
      title="Operaciones Bancarias"
      toolbar={
        <>
          <Form form={form} layout="inline" onFinish={submit} aria-label="Consulta de movimientos">
            <Form.Item name="range" label="Rango de fechas" rules={[{ required: true, message: bankMessages.rangeRequired }]}>
              <DatePicker.RangePicker format="DD/MM/YYYY" disabledDate={outsideWindow} allowClear placeholder={['Desde', 'Hasta']} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={movements.isFetching}>
                Consultar
              </Button>
            </Form.Item>
          </Form>
          <SearchBox
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            label="Filtrar movimientos"
          />
        </>
      }
      actions={
        <ExportButton
          path={MOVEMENTS_EXPORT_PATH}
          method="POST"
          formats={['csv', 'xlsx', 'pdf']}
          params={{ search, filters: { ...query, currencyType: 'VES' } }}
          allowed={canView && query !== null}
        />
      }
    >
      <DataTable<BankMovement>
        label="Movimientos bancarios"
        columns={movementColumns}
        rowKey={(movement) => `${movement.nroMov}-${movement.referencia}`}
        rows={shown}
        total={rows.length}
        page={paging.page}
        perPage={paging.perPage}
        loading={movements.isFetching}
        failed={movements.isError}
        onRetry={() => void movements.refetch()}
        onPageChange={(page, perPage) => setPaging({ page, perPage })}
        pageSizeOptions={MOVEMENT_PAGE_SIZES}
        emptyText={query === null ? bankMessages.askRange : bankMessages.noMovements}
      />
    </ListPage>
  );
}
