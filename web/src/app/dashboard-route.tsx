import type { PaymentRow } from '@recaudo/domain/payment-rows';
import Table from 'antd/es/table';
import { useMemo, useState } from 'react';
import { UsersClosingsCard } from '../features/closed-boxes/users-closings-card';
import { prefetchDashboard, useReloadDashboard } from '../features/dashboard/api';
import DashboardPage from '../features/dashboard/dashboard-page';
import { InvoiceBadge } from '../components/payment-documents/invoice-badge';
import { useDocumentActions } from '../components/payment-documents/use-document-actions';
import { paymentColumns } from '../features/payments/payment-columns';
import { PaymentDetails } from '../features/payments/payment-details';
import { MyAgreements } from '../features/payment-agreements/my-agreements';
import { PaymentFormPanel, type AgreementToPay } from '../features/payments/payment-form-panel';
import { usePaymentStatusActions } from '../features/payments/payment-status-actions';
import type { StatementScope } from '../features/statements/api';
import { StatementModal } from '../features/statements/statement-modal';
import { RemindersCard } from '../features/reminders/reminders-card';
import { useCan, useSession } from '../lib/session';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import type { RoutePrefetch } from './pages';
import { paymentShortcuts } from './payments-route';

/**
 * The dashboard's "Pagos por Procesar" (spec 03): the payments area's columns with only Aprobar
 * and Rechazar (by the payment status rules, with `edit_payment`) and the legal-document actions
 * of spec 02 §4 (retention, notes and cancel with `edit_payment`), rows expanding to their
 * months and files; the dashboard reloads after a change.
 */
function PaymentsToProcess({ rows, reload }: { rows: PaymentRow[]; reload: () => void }) {
  const status = usePaymentStatusActions(reload);
  const canChange = useCan('edit_payment');
  const canOpenClient = useCan('clients');
  const canReadPayments = useCan('payments');
  const { approve, reject } = status;
  const documents = useDocumentActions();
  const { actions: documentActions } = documents;
  const columns = useMemo(
    () =>
      paymentColumns({
        showClient: true,
        canOpenClient,
        canEdit: () => false,
        canDelete: () => false,
        canChangeStatus: canChange,
        canSeeHistory: false,
        canDownload: () => false,
        onEdit: () => undefined,
        onDelete: () => undefined,
        onApprove: approve,
        onReject: reject,
        onNotes: () => undefined,
        onReceipt: () => undefined,
        onMailReceipt: () => undefined,
        onHistory: () => undefined,
        documentActions: (payment) => (canReadPayments ? documentActions(payment, canChange) : []),
        invoiceBadge: (payment) => <InvoiceBadge code={payment.status_invoice_factory} response={payment.factory_response} />,
      }),
    [canOpenClient, canChange, canReadPayments, approve, reject, documentActions],
  );
  return (
    <>
      <Table<PaymentRow>
        aria-label="Pagos por Procesar"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        // As wide as its content, which fits the card at 1366 px (issue 34): a set width made
        // antd share it out evenly, and the actions spilled out of their 89 px column.
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (payment) => <PaymentDetails payment={payment} showFiles={canReadPayments} /> }}
      />
      {status.dialogs}
      {documents.dialogs}
    </>
  );
}

/**
 * The client home's "Pagar" and "Estado de cuenta" (issue 33): the payments area's form on the
 * address's whole debt and the statements area's dialog; «Mi convenio»'s "Pagar" (issue 50): the
 * form on the agreement's next installment. The home reloads after a payment.
 */
function useClientHomePanels() {
  const [payAddressId, setPayAddressId] = useState<number | null>(null);
  const [payAgreement, setPayAgreement] = useState<AgreementToPay | null>(null);
  const [statement, setStatement] = useState<StatementScope | null>(null);
  const reloadDashboard = useReloadDashboard();
  const actions = useMemo(() => ({ onPay: setPayAddressId, onStatement: setStatement }), []);
  const panels = (
    <>
      <PaymentFormPanel
        key={payAddressId ?? 'closed'}
        open={payAddressId !== null}
        payment={null}
        payAddressId={payAddressId}
        onClose={() => {
          setPayAddressId(null);
          reloadDashboard();
        }}
        {...paymentShortcuts}
      />
      <PaymentFormPanel
        key={payAgreement ? `agreement-${payAgreement.id}` : 'agreement-closed'}
        open={payAgreement !== null}
        payment={null}
        payAgreement={payAgreement}
        onClose={() => {
          setPayAgreement(null);
          reloadDashboard();
        }}
        {...paymentShortcuts}
      />
      <StatementModal scope={statement} onClose={() => setStatement(null)} />
    </>
  );
  const agreements = <MyAgreements onPay={setPayAgreement} />;
  return { actions, panels, agreements };
}

/** /dashboard: the dashboards, the administrator's with the payments area's to-process table and the users' closings; the client's with its debts' panels. */
export default function DashboardRoute() {
  const seesClosings = useCan('closed_boxs');
  const isAdministrator = useSession().session?.user.role.id === ADMIN_ROLE_ID;
  const clientHome = useClientHomePanels();
  return (
    <>
      <DashboardPage
        toProcess={(rows, reload) => <PaymentsToProcess rows={rows} reload={reload} />}
        usersClosings={seesClosings ? <UsersClosingsCard /> : null}
        reminders={isAdministrator ? <RemindersCard /> : null}
        debtActions={clientHome.actions}
        agreements={clientHome.agreements}
      />
      {clientHome.panels}
    </>
  );
}

export const prefetch: RoutePrefetch = prefetchDashboard;
