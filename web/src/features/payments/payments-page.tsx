import { PaymentsList, type PaymentsListProps } from './payments-list';

/**
 * /payments (spec 02 §2): the staff list with the create/edit panel, or a client user's own
 * payments. The app hands in the panel's "Nuevo cliente" and "Nueva dirección" shortcuts.
 */
export default function PaymentsPage(props: Omit<PaymentsListProps, 'mode'>) {
  return <PaymentsList {...props} />;
}
