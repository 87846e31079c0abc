import { UserPaymentHistory } from '../features/payments/user-payment-history';
import UsersPage from '../features/users/users-page';

/**
 * /users: features do not import each other, so the app hands the rows' "Historial de pagos"
 * panel the payments area's list of what that user registered.
 */
export default function UsersRoute() {
  return <UsersPage paymentHistory={(userId) => <UserPaymentHistory userId={userId} />} />;
}
