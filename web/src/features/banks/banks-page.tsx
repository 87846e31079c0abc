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
import { SearchBox } from '../../components/search-box';
import { useListState } from '../../components/use-list-state';
import { useCan } from '../../lib/session';
import { useBanks, useDeleteBank, type BankRow } from './api';
import { BankFormPanel } from './bank-form-panel';

export const bankTexts = { confirmDelete: '¿Seguro de eliminar el banco?' } as const;

type Panel = { kind: 'form'; bank: BankRow | null } | { kind: 'delete'; bank: BankRow } | null;

/**
 * Bancos (spec 03 §2): every bank is loaded at once (the search goes to the server) and the
 * table pages them itself; add/edit (Código, Nombre) and delete.
 */
export default function BanksPage() {
  const list = useListState();
  const banks = useBanks(list.params.search);
  const remove = useDeleteBank();
  const [panel, setPanel] = useState<Panel>(null);
  const canAdd = useCan('add_bank');
  const canEdit = useCan('edit_bank');
  const canDelete = useCan('delete_bank');

  const columns = useMemo<ColumnsType<BankRow>>(() => {
    const base: ColumnsType<BankRow> = [
      { title: 'Código', dataIndex: 'code', key: 'code', width: 120 },
      { title: 'Nombre', dataIndex: 'name', key: 'name' },
    ];
    if (!canEdit && !canDelete) return base;
    return [
      ...base,
      {
        title: 'Acciones',
        key: 'actions',
        render: (_, bank) => (
          <Flex gap={4} wrap>
            {canEdit && (
              <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setPanel({ kind: 'form', bank })}>
                Editar
              </Button>
            )}
            {canDelete && (
              <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => setPanel({ kind: 'delete', bank })}>
                Eliminar
              </Button>
            )}
          </Flex>
        ),
      },
    ];
  }, [canEdit, canDelete]);

  function confirmDelete(bank: BankRow) {
    remove.mutate(bank.id, {
      onSuccess: () => {
        setPanel(null);
        list.restart();
      },
    });
  }

  const rows = banks.data?.data;
  return (
    <section aria-labelledby="page-title">
      <Typography.Title level={3} id="page-title">
        Bancos
      </Typography.Title>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <SearchBox value={list.search} onChange={list.setSearch} />
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'form', bank: null })}>
            Nuevo banco
          </Button>
        )}
      </Flex>
      {/* Every row is here: with total equal to the rows, the table pages them locally. */}
      <DataTable<BankRow>
        label="Bancos"
        columns={columns}
        rows={rows}
        rowKey="id"
        total={rows?.length ?? 0}
        page={list.page}
        perPage={list.perPage}
        loading={banks.isFetching}
        failed={banks.isError}
        onRetry={() => void banks.refetch()}
        onPageChange={list.changePage}
      />
      <BankFormPanel open={panel?.kind === 'form'} bank={panel?.kind === 'form' ? panel.bank : null} onClose={() => setPanel(null)} />
      <ConfirmDelete
        open={panel?.kind === 'delete'}
        question={bankTexts.confirmDelete}
        subject={panel?.kind === 'delete' ? `${panel.bank.code} · ${panel.bank.name}` : undefined}
        deleting={remove.isPending}
        onCancel={() => setPanel(null)}
        onConfirm={() => panel?.kind === 'delete' && confirmDelete(panel.bank)}
      />
    </section>
  );
}
