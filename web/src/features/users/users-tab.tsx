import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { Paged } from '@recaudo/domain/paging';
import { userMessages } from '@recaudo/domain/users';
import type { UseQueryResult } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type ComponentType } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField } from '../../components/filter-drawer';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { useListState, type ListParams } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { applyServerErrors } from '../../lib/form';
import { HttpError } from '../../lib/http';
import { useCan } from '../../lib/session';
import { useDeleteUser, useResetTwoFactor, useSetUserAccess } from './api';
import { PaymentHistoryPanel, type PaymentHistoryContent } from './payment-history-panel';

/** What a row's columns need from the tab: permissions and the row actions. */
export interface UserColumnHandlers<Row> {
  canEdit: boolean;
  /** `manage_security` (issue 46): resetting another user's second factor. */
  canManageSecurity: boolean;
  canDelete: boolean;
  /** `payments` with `logs` (spec 01 §6), which `payments/history-status` requires. */
  canSeePayments: boolean;
  onToggle: (user: Row, active: boolean) => Promise<unknown>;
  onEdit: (user: Row) => void;
  onDelete: (user: Row) => void;
  onPayments: (user: Row) => void;
  /** Opens the confirmation for clearing the user's second factor (`edit_user` with `manage_security`). */
  onResetTwoFactor: (user: Row) => void;
}

/** The confirmation of Restablecer verificación en dos pasos. */
export const resetTwoFactorTexts = {
  question: (name: string) => `¿Restablecer la verificación en dos pasos de ${name}?`,
  consequence: 'Podrá entrar solo con su contraseña y tendrá que activarla de nuevo.',
  proofLabel: 'Tu contraseña actual',
  confirm: 'Restablecer',
} as const;

export interface UsersTabConfig<Row> {
  tableLabel: string;
  addLabel: string;
  filters: FilterField[];
  exportTarget: { path: string; formats: readonly ('csv' | 'xlsx' | 'pdf')[] };
  useRows: (params: ListParams) => UseQueryResult<Paged<Row>>;
  /** Builds the columns; receives the tab's handlers. */
  useColumns: (handlers: UserColumnHandlers<Row>) => ColumnsType<Row>;
  FormPanel: ComponentType<{ open: boolean; user: Row | null; onClose: () => void }>;
}

/**
 * One tab of the Users screen (spec 01 §2): searchable paged table, filters, export, the access
 * toggle and the row menu (Editar, Restablecer verificación en dos pasos, Historial de pagos,
 * Eliminar). The two tabs differ only in their rows, columns, filters and form.
 */
export function UsersTab<Row extends { id: number; name: string }>({
  config,
  paymentHistory,
}: {
  config: UsersTabConfig<Row>;
  paymentHistory?: PaymentHistoryContent;
}) {
  const list = useListState();
  const users = config.useRows(list.params);
  const access = useSetUserAccess();
  const remove = useDeleteUser();
  const resetTwoFactor = useResetTwoFactor();
  /** The user awaiting the reset confirmation; kept while the dialog closes, so its name stays put. */
  const [toReset, setToReset] = useState<{ user: Row; open: boolean } | null>(null);
  const [resetProof] = Form.useForm<{ current_password?: string }>();
  const closeReset = () => {
    setToReset((current) => current && { ...current, open: false });
    resetProof.resetFields();
  };
  const confirmReset = async () => {
    if (!toReset) return;
    // An empty password shows its message on the field; nothing is sent.
    const proof = await resetProof.validateFields().catch(() => null);
    if (!proof) return;
    const { current_password } = proof;
    // A wrong password stays in the dialog on its field; any other answer is the toast, and the dialog closes.
    resetTwoFactor.mutate(
      { user_id: toReset.user.id, current_password: current_password ?? '' },
      { onSuccess: closeReset, onError: (error) => (error instanceof HttpError && error.errors.current_password ? applyServerErrors(resetProof, error) : closeReset()) },
    );
  };
  const panels = useRecordPanels<Row>();
  const canAdd = useCan('add_user');
  const canEdit = useCan('edit_user');
  const canManageSecurity = useCan('manage_security') && canEdit;
  const canDelete = useCan('delete_user');
  const canExport = useCan('export_users');
  const canSeePaymentsScreen = useCan('payments');
  const canSeeLogs = useCan('logs');
  const canSeePayments = canSeePaymentsScreen && canSeeLogs && paymentHistory !== undefined;
  const setAccess = access.mutateAsync;
  const handlers = useMemo<UserColumnHandlers<Row>>(
    () => ({
      canEdit,
      canManageSecurity,
      canDelete,
      canSeePayments,
      onToggle: (user, active) => setAccess({ user_id: user.id, status: active }),
      onEdit: panels.openForm,
      onDelete: panels.openDelete,
      onPayments: panels.openHistory,
      onResetTwoFactor: (user) => setToReset({ user, open: true }),
    }),
    [canEdit, canManageSecurity, canDelete, canSeePayments, setAccess, panels.openForm, panels.openDelete, panels.openHistory],
  );
  const columns = config.useColumns(handlers);
  const { FormPanel } = config;

  return (
    <ListPage
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={config.filters} />
        </>
      }
      actions={
        <>
          <ExportButton path={config.exportTarget.path} formats={config.exportTarget.formats} params={list.exportParams} allowed={canExport} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => panels.openForm(null)}>
              {config.addLabel}
            </Button>
          )}
        </>
      }
    >
      <DataTable<Row> label={config.tableLabel} columns={columns} rowKey="id" size="middle" {...pagedTableProps(users, list)} onChange={list.onTableChange} />
      <FormPanel key={panels.formKey} open={panels.formOpen} user={panels.formRecord} onClose={panels.close} />
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={userMessages.confirmDelete}
        subject={panels.toDelete?.name}
        deleting={remove.isPending}
        onCancel={panels.close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
      <ConfirmDelete
        open={toReset?.open ?? false}
        question={resetTwoFactorTexts.question(toReset?.user.name ?? '')}
        subject={resetTwoFactorTexts.consequence}
        confirmLabel={resetTwoFactorTexts.confirm}
        danger={false}
        deleting={resetTwoFactor.isPending}
        onCancel={closeReset}
        onConfirm={() => void confirmReset()}
      >
        <Form form={resetProof} layout="vertical" name="reset-two-factor-proof">
          <Form.Item label={resetTwoFactorTexts.proofLabel} name="current_password" rules={[{ required: true, message: userMessages.proofRequired }]}>
            <Input.Password autoComplete="current-password" maxLength={200} />
          </Form.Item>
        </Form>
      </ConfirmDelete>
      {paymentHistory && <PaymentHistoryPanel open={panels.inHistory !== null} user={panels.inHistory} onClose={panels.close} content={paymentHistory} />}
    </ListPage>
  );
}
