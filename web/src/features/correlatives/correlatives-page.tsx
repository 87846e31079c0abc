import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useCan } from '../../lib/session';
import { CORRELATIVES_EXPORT, useCorrelatives, useDeleteCorrelative, type CorrelativeRow } from './api';
import { CorrelativeFormPanel } from './correlative-form-panel';

export const correlativeTexts = { confirmDelete: '¿Seguro de eliminar el correlativo?' } as const;

type Panel = { kind: 'form'; correlative: CorrelativeRow | null } | { kind: 'delete'; correlative: CorrelativeRow } | null;

/** Correlativos (spec 03 §2): series with their document counters, add/edit, delete and xlsx export. */
export default function CorrelativesPage() {
  const list = useListState();
  const correlatives = useCorrelatives(list.params);
  const remove = useDeleteCorrelative();
  const [panel, setPanel] = useState<Panel>(null);
  const canAdd = useCan('add_correlative');
  const canEdit = useCan('edit_correlative');
  const canDelete = useCan('delete_correlative');
  const canExport = useCan('export_correlatives');

  const columns = useMemo<ColumnsType<CorrelativeRow>>(() => {
    const base: ColumnsType<CorrelativeRow> = [
      { title: 'Serie', dataIndex: 'serie', key: 'serie' },
      { title: 'Número de factura', dataIndex: 'number', key: 'number', align: 'right' },
      { title: 'Número de nota de crédito', dataIndex: 'number_credit_note', key: 'number_credit_note', align: 'right' },
      { title: 'Número de nota de débito', dataIndex: 'number_debit_note', key: 'number_debit_note', align: 'right' },
      { title: 'Pagos', dataIndex: 'count_payments', key: 'count_payments', align: 'right' },
    ];
    if (!canEdit && !canDelete) return base;
    return [
      ...base,
      {
        title: 'Acciones',
        key: 'actions',
        render: (_, correlative) => (
          <Flex gap={4} wrap>
            {canEdit && (
              <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setPanel({ kind: 'form', correlative })}>
                Editar
              </Button>
            )}
            {canDelete && (
              <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => setPanel({ kind: 'delete', correlative })}>
                Eliminar
              </Button>
            )}
          </Flex>
        ),
      },
    ];
  }, [canEdit, canDelete]);

  function confirmDelete(correlative: CorrelativeRow) {
    remove.mutate(correlative.id, {
      onSuccess: () => {
        setPanel(null);
        list.restart();
      },
    });
  }

  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Correlativos
      </Typography.Title>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={list.search} onChange={list.setSearch} />
        <Flex gap={8} wrap>
          <ExportButton {...CORRELATIVES_EXPORT} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'form', correlative: null })}>
              Nuevo correlativo
            </Button>
          )}
        </Flex>
      </Flex>
      <DataTable<CorrelativeRow>
        label="Correlativos"
        columns={columns}
        rows={correlatives.data?.data}
        rowKey="id"
        total={correlatives.data?.total ?? 0}
        page={list.page}
        perPage={list.perPage}
        loading={correlatives.isFetching}
        failed={correlatives.isError}
        onRetry={() => void correlatives.refetch()}
        onPageChange={list.changePage}
      />
      <CorrelativeFormPanel
        open={panel?.kind === 'form'}
        correlative={panel?.kind === 'form' ? panel.correlative : null}
        onClose={() => setPanel(null)}
      />
      <ConfirmDelete
        open={panel?.kind === 'delete'}
        question={correlativeTexts.confirmDelete}
        subject={panel?.kind === 'delete' ? `Serie ${panel.correlative.serie}` : undefined}
        deleting={remove.isPending}
        onCancel={() => setPanel(null)}
        onConfirm={() => panel?.kind === 'delete' && confirmDelete(panel.correlative)}
      />
    </section>
  );
}
