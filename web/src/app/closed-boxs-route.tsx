import type { PaymentListParts } from '../features/closed-boxes/closing-payments';
import ClosedBoxesPage from '../features/closed-boxes/closed-boxes-page';
import { paymentColumns } from '../features/payments/payment-columns';
import { PaymentDetails } from '../features/payments/payment-details';
import { paymentFilters } from '../features/payments/payments-list';
import { useCan } from '../lib/session';

/**
 * /closed-boxs: features do not import each other, so the app lends the closings screen the
 * payments list's data columns, expanded row and filters for one closing's payments and the
 * 'Pagos' modal (the row actions there are the closing's own).
 */
export default function ClosedBoxsRoute() {
  const canOpenClient = useCan('clients');
  // The payment images are served to `payments` only.
  const canReadPayments = useCan('payments');
  const parts: PaymentListParts = {
    filters: paymentFilters(true),
    columns: paymentColumns({
      showClient: true,
      canOpenClient,
      canEdit: () => false,
      canDelete: () => false,
      canChangeStatus: false,
      canSeeHistory: false,
      canDownload: () => false,
      onEdit: () => undefined,
      onDelete: () => undefined,
      onApprove: () => undefined,
      onReject: () => undefined,
      onNotes: () => undefined,
      onReceipt: () => undefined,
      onMailReceipt: () => undefined,
      onHistory: () => undefined,
    }).filter((column) => column.key !== 'actions'),
    details: (payment) => <PaymentDetails payment={payment} showFiles={canReadPayments} />,
  };
  return <ClosedBoxesPage paymentParts={parts} />;
}
