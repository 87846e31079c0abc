import { PaymentsList } from './payments-list';

/** /payments-receipt (client users, spec 02 §2): their approved payments, each with its receipt. */
export default function ReceiptsPage() {
  return <PaymentsList mode="receipts" />;
}
