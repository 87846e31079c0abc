import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { DOCUMENT_TYPES, PAYMENT_STATUS, paymentMessages } from '@recaudo/domain/payments';
import { type PaymentRow } from '@recaudo/domain/payment-rows';
import { hasPermission } from '@recaudo/domain/permissions';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, pagedTableProps } from '../../components/data-table';
import { ExportButton } from '../../components/export-button';
import { FilterControls, type FilterField, type FilterOption } from '../../components/filter-drawer';
import { HistoryPanel } from '../../components/history-panel';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { InvoiceBadge } from '../../components/payment-documents/invoice-badge';
import { useDocumentActions } from '../../components/payment-documents/use-document-actions';
import { useListState } from '../../components/use-list-state';
import { useRecordPanels } from '../../components/use-record-panels';
import { useSession } from '../../lib/session';
import { clientsFilterField, findMethodOptions, findSerieOptions, toFilterOptions, usersFilterField, type ClientOption } from '../../components/select-options';
import { PAYMENTS_EXPORT, downloadReceipt, useDeletePayment, usePayments, useSendReceiptMail } from './api';
import { ClientPaymentCard } from './client-payment-card';
import { paymentColumns, paymentTexts } from './payment-columns';
import { PaymentDetails } from './payment-details';
import { PaymentFormPanel, type PaymentShortcuts } from './payment-form-panel';
import { usePaymentStatusActions } from './payment-status-actions';

const statusOptions: FilterOption[] = ([0, 1, 2] as const).map((status) => ({ value: status, label: PAYMENT_STATUS[status] }));
const documentOptions: FilterOption[] = Object.entries(DOCUMENT_TYPES).map(([value, label]) => ({ value, label: `${value} - ${label}` }));

/** The drawer's filters as `GET payments` reads them (server/src/modules/payments/queries.ts, spec 02 §2). */
export function paymentFilters(staff: boolean): FilterField[] {
  const fields: FilterField[] = [];
  if (staff) {
    fields.push(
      clientsFilterField,
      usersFilterField,
    );
  }
  fields.push(
    { type: 'select', name: 'status', label: 'Estatus', multiple: true, options: statusOptions },
    { type: 'select', name: 'type_document', label: 'Tipo de documento', multiple: true, options: documentOptions },
    {
      type: 'select',
      name: 'payment_method',
      label: 'Método de pago',
      multiple: true,
      fetcher: (search, _filters, signal) =>
        findMethodOptions(signal).then((methods) =>
          toFilterOptions(methods.filter((method) => !search || method.name.toLowerCase().includes(search.toLowerCase()))),
        ),
    },
  );
  if (staff) {
    fields.push({
      type: 'select',
      name: 'serie',
      label: 'Serie',
      multiple: true,
      fetcher: (_search, _filters, signal) => findSerieOptions(signal).then((series) => series.map((serie) => ({ value: serie.id, label: serie.serie }))),
    });
  }
  fields.push(
    { type: 'text', name: 'checkbook_number', label: 'Nº de chequera' },
    { type: 'text', name: 'lot_number', label: 'Lote' },
    { type: 'text', name: 'terminal', label: 'Terminal' },
    { type: 'text', name: 'reference', label: 'Referencia' },
    { type: 'text', name: 'number', label: 'Nº de control' },
    { type: 'text', name: 'number_correlative', label: 'Nº de documento' },
    { type: 'number', name: 'months_to_pay', label: 'Meses por pagar' },
    { type: 'date-range', name: 'dates', label: 'Fecha de registro' },
    { type: 'date-range', name: 'dates_payment', label: 'Fecha de pago' },
    { type: 'date-range', name: 'dates_bill', label: 'Fecha de factura' },
  );
  return fields;
}

export interface PaymentsListProps extends PaymentShortcuts {
  /** "receipts": a client user's approved payments with their receipts (/payments-receipt). */
  mode?: 'payments' | 'receipts';
  /**
   * The client detail's Pagos tab: only this client's payments, without the page title, the
   * client column and the client filter; "Nuevo pago" starts on the client.
   */
  client?: ClientOption | null;
}

/**
 * Pagos (spec 02 §2, staff and client role), Recibos de Pagos and the client detail's Pagos tab:
 * the common list frame with the 700 ms search, the filter drawer, export, "Nuevo pago", rows
 * expanding to their months, files and tickets, and per row edit, approve, reject, notes, receipt
 * (download and e-mail), history and delete. A client user's list is their own (the server scopes
 * it): no client column nor client/user filters, and edit and delete only while a payment is Procesando.
 */
export function PaymentsList({ mode = 'payments', client = null, newClientPanel, newAddressPanel, bankValidationModal }: PaymentsListProps) {
  const { session } = useSession();
  const permissions = session?.permissions ?? [];
  const can = (...names: string[]) => hasPermission(permissions, names);
  const staff = (session?.user.client_id ?? null) === null;
  const receipts = mode === 'receipts';
  // The client's filter also reaches the export, which answers from `payments/export`.
  const list = useListState(receipts ? { fixedFilters: { status: 1 } } : client ? { fixedFilters: { client: client.id } } : {});
  // The tab reads `payments/client-details`, served with `clients` like the client detail itself.
  const payments = usePayments(list.params, client?.id ?? null);
  const remove = useDeletePayment();
  const statusActions = usePaymentStatusActions();
  const { approve, reject } = statusActions;
  const panels = useRecordPanels<PaymentRow>();
  const { openForm, openDelete, openHistory, close } = panels;
  const sendMail = useSendReceiptMail();
  const { mutate: mailReceipt } = sendMail;
  const mailing = sendMail.isPending ? (sendMail.variables ?? null) : null;
  const [notesOf, setNotesOf] = useState<PaymentRow | null>(null);
  const documents = useDocumentActions();
  const { actions: documentActions } = documents;

  const canAdd = !receipts && (!staff || can('add_payment'));
  const canEditPayments = can('edit_payment');
  const canDeletePayments = can('delete_payment');
  const canOpenClient = staff && can('clients');
  const canSeeHistory = staff && can('logs');
  // Receipts and images are served to `payments` (and to client users, their own): a reader of
  // the client detail without it sees the list, not them.
  const canReadPayments = !staff || can('payments');
  const inClient = client !== null;
  const fields = useMemo(
    () =>
      receipts
        ? paymentFilters(false).filter((field) => field.name !== 'status')
        : paymentFilters(staff).filter((field) => !inClient || field.name !== 'client'),
    [receipts, staff, inClient],
  );

  const columns = useMemo(
    () =>
      paymentColumns({
        showClient: staff && !inClient,
        showStatus: !receipts,
        canOpenClient,
        // Spec 02 §2: a client edits and deletes their own payment only while it is Procesando.
        canEdit: (payment) => !receipts && (staff ? canEditPayments : payment.status === 0),
        canDelete: (payment) => !receipts && (staff ? canDeletePayments : payment.status === 0),
        canChangeStatus: !receipts && staff && canEditPayments,
        canSeeHistory,
        // A rejected payment has no receipt to hand over.
        canDownload: (payment) => canReadPayments && payment.status !== 2,
        mailing,
        onEdit: openForm,
        onDelete: openDelete,
        onHistory: openHistory,
        onApprove: approve,
        onReject: reject,
        onNotes: setNotesOf,
        onReceipt: (payment) => void downloadReceipt(payment),
        onMailReceipt: (payment) => mailReceipt(payment.hash),
        // Spec 02 §4–6: the document actions; retention, notes and cancel need edit_payment.
        documentActions: (payment) => (canReadPayments ? documentActions(payment, staff && canEditPayments) : []),
        invoiceBadge: (payment) => <InvoiceBadge code={payment.status_invoice_factory} response={payment.factory_response} />,
      }),
    [
      staff,
      receipts,
      inClient,
      canOpenClient,
      canEditPayments,
      canDeletePayments,
      canSeeHistory,
      canReadPayments,
      mailing,
      openForm,
      openDelete,
      openHistory,
      approve,
      reject,
      mailReceipt,
      documentActions,
    ],
  );

  return (
    <ListPage
      title={inClient ? undefined : receipts ? paymentTexts.receiptsTitle : paymentTexts.title}
      toolbar={
        <>
          <SearchBox value={list.search} onChange={list.setSearch} />
          <FilterControls list={list} fields={fields} />
        </>
      }
      actions={
        <>
          <ExportButton {...PAYMENTS_EXPORT} params={list.exportParams} allowed={staff && can('export_payments')} />
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              Nuevo pago
            </Button>
          )}
        </>
      }
    >
      <DataTable<PaymentRow>
        label={receipts ? paymentTexts.receiptsTitle : paymentTexts.title}
        columns={columns}
        rowKey="id"
        size="middle"
        {...pagedTableProps(payments, list)}
        onChange={list.onTableChange}
        expandable={{ expandedRowRender: (payment) => <PaymentDetails payment={payment} showFiles={canReadPayments} /> }}
        card={
          staff
            ? undefined
            : (payment) => (
                <ClientPaymentCard
                  payment={payment}
                  onReceipt={payment.status === 2 ? undefined : (row) => void downloadReceipt(row)}
                  onEdit={!receipts && payment.status === 0 ? openForm : undefined}
                  onDelete={!receipts && payment.status === 0 ? openDelete : undefined}
                  onNotes={setNotesOf}
                />
              )
        }
      />
      {!receipts && (
        <PaymentFormPanel
          key={panels.formKey}
          open={panels.formOpen}
          payment={panels.formRecord}
          onClose={close}
          defaultClient={client}
          newClientPanel={newClientPanel}
          newAddressPanel={newAddressPanel}
          bankValidationModal={bankValidationModal}
        />
      )}
      <ConfirmDelete
        open={panels.toDelete !== null}
        question={paymentMessages.confirmDelete}
        subject={
          panels.toDelete
            ? `${panels.toDelete.number_correlative ? `Nº ${panels.toDelete.number_correlative}` : `Pago #${panels.toDelete.id}`} · ${panels.toDelete.client.name}`
            : undefined
        }
        deleting={remove.isPending}
        onCancel={close}
        onConfirm={() => panels.confirmDelete(remove, list.restart)}
      />
      {statusActions.dialogs}
      {documents.dialogs}
      <Modal title={paymentTexts.notes} open={notesOf !== null} onCancel={() => setNotesOf(null)} footer={null} destroyOnHidden>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{notesOf?.notes}</Typography.Paragraph>
      </Modal>
      <HistoryPanel
        open={panels.inHistory !== null}
        onClose={close}
        subjectType="payments"
        subjectId={panels.inHistory?.id ?? null}
        subjectName={
          panels.inHistory ? `${panels.inHistory.number_correlative ? `Nº ${panels.inHistory.number_correlative}` : `Pago #${panels.inHistory.id}`}` : undefined
        }
      />
    </ListPage>
  );
}
