import DollarOutlined from '@ant-design/icons/DollarOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import type { AddressRow, AddressType } from '@recaudo/domain/addresses';
import { hasPermission } from '@recaudo/domain/permissions';
import { useCallback, useState, type ReactNode } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { HistoryPanel } from '../../components/history-panel';
import { deleteAction, editAction, type RowAction } from '../../components/row-actions';
import type { ClientOption } from '../../components/select-options';
import { useRecordPanels } from '../../components/use-record-panels';
import { useSession } from '../../lib/session';
import { addressTexts } from './address-columns';
import { AddressFormPanel } from './address-form-panel';
import { useDeleteAddress } from './api';

/** A dialog of another area opened on one address (null = closed); features don't import each other, so the app hands it in. */
export type AddressDialog = (address: AddressRow | null, close: () => void) => ReactNode;

export interface AddressDialogs {
  /** "Generar solvencia": the solvencies area's dialog. Without it the action stays disabled. */
  solvencyDialog?: AddressDialog;
  /** "Estado de cuenta": the statements area's dialog. Without it there is no such action. */
  statementDialog?: AddressDialog;
  /** "Registrar pago" (staff with add_payment): the payments area's form on the address. Without it there is no such action. */
  paymentDialog?: AddressDialog;
}

/**
 * What the user may do with payment addresses (spec 01 §6): an address action needs its own
 * permission and also add_client or edit_client; update is refused by the server without
 * edit_client. Client users manage their own addresses; solvencies and history are staff work here.
 */
export function useAddressPermissions() {
  const { session } = useSession();
  const permissions = session?.permissions ?? [];
  const can = (...names: string[]) => hasPermission(permissions, names);
  const staff = (session?.user.client_id ?? null) === null;
  return {
    staff,
    canAdd: !staff || (can('add_address_payment') && can('add_client', 'edit_client')),
    canEdit: !staff || (can('edit_address_payment') && can('edit_client')),
    canDelete: !staff || (can('delete_address_payment') && can('add_client', 'edit_client')),
    canSolvency: staff && can('add_solvency'),
    canRegisterPayment: staff && can('add_payment'),
    canSeeHistory: can('logs'),
  };
}

export type AddressPermissions = ReturnType<typeof useAddressPermissions>;

interface AddressActionHandlers {
  onEdit: (address: AddressRow) => void;
  onDelete: (address: AddressRow) => void;
  onHistory: (address: AddressRow) => void;
  onSolvency?: (address: AddressRow) => void;
  onStatement?: (address: AddressRow) => void;
  onPayment?: (address: AddressRow) => void;
}

/**
 * An address row's actions, the same wherever an address is listed: Registrar pago (where the app
 * hands in the payment form), Editar and Generar solvencia as buttons, then Estado de cuenta,
 * Historial de cambios and, last and in red, Eliminar.
 * Solvency generation is enabled only for a solvent address and says why otherwise.
 */
export function addressRowActions(address: AddressRow, permissions: AddressPermissions, handlers: AddressActionHandlers): RowAction[] {
  const { onEdit, onDelete, onHistory, onSolvency, onStatement, onPayment } = handlers;
  return [
    { label: 'Registrar pago', icon: <DollarOutlined />, onClick: () => onPayment?.(address), allowed: permissions.canRegisterPayment && Boolean(onPayment), primary: true },
    editAction(() => onEdit(address), permissions.canEdit),
    {
      label: addressTexts.solvency,
      icon: <SafetyCertificateOutlined />,
      onClick: () => onSolvency?.(address),
      allowed: permissions.canSolvency,
      primary: true,
      disabled: !onSolvency || !address.solvent,
      tooltip: !onSolvency
        ? addressTexts.solvencySoon
        : address.months_to_pay > 0
          ? addressTexts.solvencyOwing
          : address.solvent
            ? undefined
            : addressTexts.solvencyPending,
    },
    { label: 'Estado de cuenta', icon: <FileTextOutlined />, onClick: () => onStatement?.(address), allowed: Boolean(onStatement) },
    { label: 'Historial de cambios', icon: <HistoryOutlined />, onClick: () => onHistory(address), allowed: permissions.canSeeHistory },
    deleteAction(() => onDelete(address), permissions.canDelete),
  ];
}

export interface AddressActionsOptions extends AddressDialogs {
  /** The type a new address starts with. */
  defaultType?: AddressType;
  /** The client a new address starts with (a client's own list of addresses). */
  defaultClient?: Pick<ClientOption, 'id' | 'name' | 'identification_type' | 'identification'> | null;
  /** After a delete (a paged list starts over). */
  afterDelete?: () => void;
}

const nothing = () => undefined;

/**
 * The address actions of a list (Direcciones de Pagos, a client's addresses): the permissions,
 * each row's actions, and the form panel, delete confirmation, history and the dialogs handed in,
 * rendered by `dialogs`. Saving and deleting refresh every list that shows addresses.
 */
export function useAddressActions({ solvencyDialog, statementDialog, paymentDialog, defaultType = 0, defaultClient = null, afterDelete = nothing }: AddressActionsOptions) {
  const permissions = useAddressPermissions();
  const remove = useDeleteAddress();
  const panels = useRecordPanels<AddressRow>();
  const { openForm, openDelete, openHistory, close } = panels;
  const [solvencyFor, setSolvencyFor] = useState<AddressRow | null>(null);
  const [statementFor, setStatementFor] = useState<AddressRow | null>(null);
  const onSolvency = solvencyDialog ? setSolvencyFor : undefined;
  const onStatement = statementDialog ? setStatementFor : undefined;
  const [paymentFor, setPaymentFor] = useState<AddressRow | null>(null);
  const onPayment = paymentDialog ? setPaymentFor : undefined;

  const actionsFor = useCallback(
    (address: AddressRow) =>
      addressRowActions(address, permissions, { onEdit: openForm, onDelete: openDelete, onHistory: openHistory, onSolvency, onStatement, onPayment }),
    // `permissions` is a new object each render; its flags are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      permissions.canEdit,
      permissions.canDelete,
      permissions.canSolvency,
      permissions.canSeeHistory,
      permissions.canRegisterPayment,
      openForm,
      openDelete,
      openHistory,
      onSolvency,
      onStatement,
      onPayment,
    ],
  );
  const { canEdit, canDelete, canSolvency, canSeeHistory, canRegisterPayment } = permissions;
  const anyAction = canEdit || canDelete || canSolvency || canSeeHistory || Boolean(statementDialog) || (canRegisterPayment && Boolean(paymentDialog));

  const dialogs = (
    <>
      <AddressFormPanel open={panels.formOpen} address={panels.formRecord} defaultType={defaultType} defaultClient={defaultClient} onClose={close} />
      {solvencyDialog?.(solvencyFor, () => setSolvencyFor(null))}
      {statementDialog?.(statementFor, () => setStatementFor(null))}
      {paymentDialog?.(paymentFor, () => setPaymentFor(null))}
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={addressTexts.confirmDelete}
        subject={panels.toDelete ? `${panels.toDelete.address} (${panels.toDelete.client.name})` : undefined}
        deleting={remove.isPending}
        onCancel={close}
        onConfirm={() => panels.confirmDelete(remove, afterDelete)}
      />
      <HistoryPanel
        open={panels.inHistory !== null}
        onClose={close}
        subjectType="addresses_payments"
        subjectId={panels.inHistory?.id ?? null}
        subjectName={panels.inHistory?.address}
      />
    </>
  );

  return { ...permissions, actionsFor, anyAction, openForm, openDelete, openStatement: onStatement, dialogs };
}
