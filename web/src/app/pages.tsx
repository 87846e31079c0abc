import type { AppRoute } from '@recaudo/domain/navigation';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import Spin from 'antd/es/spin';

/**
 * Route path → its page, each a lazy chunk. A route of the map without an entry here is built
 * by a later issue and shows the shared "Módulo en construcción" page, titled with its route.
 */
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/login': lazy(() => import('../features/auth/login-page')),
  '/register': lazy(() => import('../features/auth/register-page')),
  '/forgot-password': lazy(() => import('../features/auth/forgot-password-page')),
  '/pass-change/:token': lazy(() => import('../features/auth/pass-change-page')),
  '/pass-change': lazy(() => import('../features/auth/pass-change-page')),
  '/two-factor-setup': lazy(() => import('../features/auth/two-factor-setup-page')),
  '/users': lazy(() => import('./users-route')),
  '/dashboard': lazy(() => import('./dashboard-route')),
  '/roles': lazy(() => import('../features/roles/roles-page')),
  '/chats': lazy(() => import('../features/chats/chats-page')),
  '/states': lazy(() => import('../features/regional/states-page')),
  '/municipalities': lazy(() => import('../features/regional/municipalities-page')),
  '/parishes': lazy(() => import('../features/regional/parishes-page')),
  '/communities': lazy(() => import('../features/regional/communities-page')),
  '/logs': lazy(() => import('../features/logs/logs-page')),
  '/logins': lazy(() => import('../features/logins/logins-page')),
  '/economic-activities': lazy(() => import('../features/economic-activities/economic-activities-page')),
  '/activity-groups': lazy(() => import('../features/economic-activities/activity-groups-page')),
  '/banks': lazy(() => import('../features/banks/banks-page')),
  '/correlatives': lazy(() => import('../features/correlatives/correlatives-page')),
  '/payment-methods': lazy(() => import('../features/payment-methods/payment-methods-page')),
  '/configurations': lazy(() => import('../features/configurations/configurations-page')),
  '/clients': lazy(() => import('./clients-route')),
  '/client-detail/:id': lazy(() => import('./client-detail-route')),
  '/address-payments': lazy(() => import('./addresses-route')),
  '/tickets-payments': lazy(() => import('../features/tickets-payments/tickets-page')),
  '/verify-payment/:hash': lazy(() => import('../features/verify-payment/verify-payment-page')),
  '/payments': lazy(() => import('./payments-route')),
  '/payments-receipt': lazy(() => import('../features/payments/receipts-page')),
  '/backups': lazy(() => import('../features/backups/backups-page')),
  '/closed-boxs': lazy(() => import('./closed-boxs-route')),
  '/solvencies': lazy(() => import('../features/solvencies/solvencies-page')),
  '/verify-solvency/:hash': lazy(() => import('../features/solvencies/verify-solvency-page')),
  '/verify-statement/:hash': lazy(() => import('../features/statements/verify-statement-page')),
  '/bank-operations': lazy(() => import('../features/bank-operations/bank-operations-page')),
  '/conciliations': lazy(() => import('../features/bank-operations/conciliations-page')),
};

const UnderConstruction = lazy(() => import('../components/under-construction'));

function PageFallback() {
  return (
    <div role="status" aria-label="Cargando" style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
      <Spin />
    </div>
  );
}

export function PageFor({ route }: { route: AppRoute }) {
  const Page = PAGES[route.path];
  return <Suspense fallback={<PageFallback />}>{Page ? <Page /> : <UnderConstruction title={route.title} />}</Suspense>;
}
