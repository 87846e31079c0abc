import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { CLOSED_BOX_TYPES, closedBoxMessages, type ClosedBoxTotals } from '@recaudo/domain/closed-boxes';
import { formatMoney } from '@recaudo/domain/format-money';
import { formatDate, textOrEmpty } from '@recaudo/domain/format';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { ActiveSwitch } from '../../components/active-switch';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField } from '../../components/filter-drawer';
import { HistoryPanel } from '../../components/history-panel';
import { ListPage } from '../../components/list-page';
import { actionsColumn, deleteAction, editAction } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { usersFilterField } from '../../components/select-options';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useWatchList } from '../../lib/realtime';
import { useCan } from '../../lib/session';
import { CLOSED_BOXES_EXPORT, downloadTemplate, useChangeClosedBoxStatus, useClosedBoxes, useDeleteClosedBox, type ClosedBoxListRow } from './api';
import { ClosedBoxFormPanel, type ClosingPanelMode } from './closed-box-form-panel';
import { ClosingPayments, type PaymentListParts } from './closing-payments';
import { PaymentGroupCards } from './payment-group-cards';
import { NoWrap } from '../../components/no-wrap';

export const CLOSED_BOX_FILTERS: FilterField[] = [
  { type: 'date-range', name: 'dates_closed_box', label: 'Fecha del cierre' },
  { ...usersFilterField, name: 'user', label: 'Responsable' },
];

/** The list's footer: sums over every closing the search and filters select. */
function TotalsFooter({ totals }: { totals: ClosedBoxTotals | undefined }) {
  if (!totals) return null;
  return (
    <Flex gap={24} wrap aria-label="Totales de los cierres">
      <Typography.Text>
        Pagos: <strong>{totals.count_payments}</strong>
      </Typography.Text>
      <Typography.Text>
        Monto facturado: <strong>{formatMoney(totals.amount_bill)}</strong>
      </Typography.Text>
      <Typography.Text>
        Monto pagado: <strong>{formatMoney(totals.amount_payment)}</strong>
      </Typography.Text>
      <Typography.Text>
        Facturado $: <strong>{formatMoney(totals.dollar_amount_bill, '$')}</strong>
      </Typography.Text>
      <Typography.Text>
        Pagado $: <strong>{formatMoney(totals.dollar_amount_payment, '$')}</strong>
      </Typography.Text>
    </Flex>
  );
}

/**
 * Cierres de Caja (spec 02 §2): the closings list (700 ms search, date and responsible filters,
 * export, footer totals, status switch, history, delete) whose rows expand into the payment
 * group cards, and one closing's payments view. It reloads live on `ReloadClosedBox`.
 */
/**
 * Tipo and Serie of a closing, at the top of its expanded row: with them and Chequera as columns
 * the list was 94 px wider than the window at 1366 px with the sidebar open (issue 34).
 */
function ClosingFacts({ closing }: { closing: ClosedBoxListRow }) {
  return (
    <Descriptions
      size="small"
      column={2}
      style={{ marginBottom: 12 }}
      items={[
        { key: 'type', label: 'Tipo', children: CLOSED_BOX_TYPES[closing.type] },
        { key: 'serie', label: 'Serie', children: textOrEmpty(closing.serie) },
      ]}
    />
  );
}

export default function ClosedBoxesPage({ paymentParts }: { paymentParts: PaymentListParts }) {
  useWatchList('closed-boxs');
  const list = useListState();
  const closings = useClosedBoxes(list.params);
  const toggle = useChangeClosedBoxStatus();
  const remove = useDeleteClosedBox();
  const panels = useRecordPanels<ClosedBoxListRow>();
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const canAdd = useCan('add_closed_box');
  const canEdit = useCan('edit_closed_box');
  const canDelete = useCan('delete_closed_box');
  const canExport = useCan('export_closed_boxs');
  const canSeeHistory = useCan('logs');
  const { openForm, openDelete, openHistory } = panels;
  const { mutateAsync: changeStatus } = toggle;

  const columns = useMemo<ColumnsType<ClosedBoxListRow>>(
    () => [
      { title: 'ID', dataIndex: 'id', key: 'id' },
      { title: 'Fecha', key: 'date', render: (_, row) => <NoWrap>{formatDate(row.date)}</NoWrap> },
      {
        // The checkbook, which names a closing for the cashier, under its responsible.
        title: 'Responsable',
        key: 'user',
        render: (_, row) => (
          <Flex vertical>
            <span>{textOrEmpty(row.user?.name)}</span>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              Chequera {textOrEmpty(row.checkbook_number)}
            </Typography.Text>
          </Flex>
        ),
      },
      { title: 'Pagos', dataIndex: 'count_bill', key: 'count_bill', align: 'right' },
      { title: 'Monto facturado', key: 'total_bill', align: 'right', render: (_, row) => <NoWrap>{formatMoney(row.total_bill)}</NoWrap> },
      { title: 'Monto pagado', key: 'total', align: 'right', render: (_, row) => <NoWrap>{formatMoney(row.total)}</NoWrap> },
      { title: 'Monto $', key: 'dollar_amount_payment', align: 'right', render: (_, row) => <NoWrap>{formatMoney(row.dollar_amount_payment, '$')}</NoWrap> },
      {
        title: 'Estado',
        key: 'status',
        render: (_, row) => (
          <ActiveSwitch
            active={row.status}
            label={`Estado del cierre ${row.id}`}
            canEdit={canEdit}
            onChange={(status) => changeStatus({ id: row.id, status })}
          />
        ),
      },
      ...actionsColumn<ClosedBoxListRow>(
        (row) => [
          { label: 'Ver pagos', icon: <UnorderedListOutlined />, onClick: () => setSelected(row.id), primary: true },
          editAction(() => openForm(row), canEdit),
          { label: 'Historial de cambios', icon: <HistoryOutlined />, onClick: () => openHistory(row), allowed: canSeeHistory },
          deleteAction(() => openDelete(row), canDelete),
        ],
        true,
        { labelOf: (row) => `cierre ${row.id}` },
      ),
    ],
    [canEdit, canDelete, canSeeHistory, changeStatus, openForm, openDelete, openHistory],
  );

  if (selected !== null) return <ClosingPayments closingId={selected} parts={paymentParts} onBack={() => setSelected(null)} />;

  const panelMode: ClosingPanelMode = importing ? 'import' : panels.formRecord ? 'edit' : 'new';
  return (
    <ListPage
      title="Cierres de Caja"
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={CLOSED_BOX_FILTERS} />
        </>
      }
      actions={
        <>
          <ExportButton {...CLOSED_BOXES_EXPORT} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <>
              <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
                Plantilla CSV
              </Button>
              <Button
                icon={<ImportOutlined />}
                onClick={() => {
                  setImporting(true);
                  openForm(null);
                }}
              >
                Importar
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => {
                  setImporting(false);
                  openForm(null);
                }}
              >
                Nuevo cierre
              </Button>
            </>
          )}
        </>
      }
    >
      <DataTable<ClosedBoxListRow>
        label="Cierres de Caja"
        columns={columns}
        rowKey="id"
        size="middle"
        {...pagedTableProps(closings, list)}
        expandable={{
          expandedRowRender: (row) => (
            <>
              <ClosingFacts closing={row} />
              <PaymentGroupCards closing={row} canEdit={canEdit} />
            </>
          ),
        }}
        footer={() => <TotalsFooter totals={closings.data?.totals} />}
      />
      <ClosedBoxFormPanel
        key={panels.formKey}
        open={panels.formOpen}
        mode={panelMode}
        closing={panels.formRecord}
        onClose={() => {
          setImporting(false);
          panels.close();
        }}
      />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={closedBoxMessages.deleteConfirm}
        subject={panels.toDelete ? `#${panels.toDelete.id}` : undefined}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
      <HistoryPanel
        open={panels.inHistory !== null}
        onClose={panels.close}
        subjectType="closed_boxs"
        subjectId={panels.inHistory?.id ?? null}
        subjectName={panels.inHistory ? `#${panels.inHistory.id}` : undefined}
      />
    </ListPage>
  );
}
