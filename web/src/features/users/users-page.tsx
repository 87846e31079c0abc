import Tabs from 'antd/es/tabs';
import { useSearchParams } from 'react-router';
import { AdminUsersList } from './admin-users-list';
import { ClientUsersList } from './client-users-list';
import type { PaymentHistoryContent } from './payment-history-panel';
import { PageTitle } from '../../components/page-title';

/** The tab lives in the address (/users?tab=clientes) so back and reload keep it. */
export const TAB_PARAM = 'tab';

/**
 * Usuarios (spec 01 §2): tab Usuarios (administrators) and tab Clientes (client users). The app
 * hands in the payments area's list for the rows' "Historial de pagos"; without it the entry is left out.
 */
export default function UsersPage({ paymentHistory }: { paymentHistory?: PaymentHistoryContent }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get(TAB_PARAM) === 'clientes' ? 'clientes' : 'usuarios';
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        Usuarios
      </PageTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearchParams(key === 'clientes' ? { [TAB_PARAM]: 'clientes' } : {})}
        destroyOnHidden
        items={[
          { key: 'usuarios', label: 'Usuarios', children: <AdminUsersList paymentHistory={paymentHistory} /> },
          { key: 'clientes', label: 'Clientes', children: <ClientUsersList paymentHistory={paymentHistory} /> },
        ]}
      />
    </section>
  );
}
