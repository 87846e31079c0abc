import type { Session } from '@recaudo/domain/auth';
import type { AppRoute } from '@recaudo/domain/navigation';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import Spin from 'antd/es/spin';
import { matchPath } from 'react-router';

/**
 * A page's first data, asked for as soon as the signed-in tree mounts (server-state.tsx) rather
 * than once the layout and the page have rendered and committed: on a phone that render took
 * 0.5 s, and the list waited for it. It uses the page's own query options, so the page's query
 * finds the answer (or the request on its way) under the same key.
 */
export type RoutePrefetch = (queryClient: QueryClient, session: Session) => void;

type PageModule = { default: ComponentType; prefetch?: RoutePrefetch };

/**
 * Route path → its page, each a lazy chunk. A route of the map without an entry here is built
 * by a later issue and shows the shared "Módulo en construcción" page, titled with its route.
 */
const LOADERS: Record<string, () => Promise<PageModule>> = {
  '/register': () => import('../features/auth/register-page'),
  '/forgot-password': () => import('../features/auth/forgot-password-page'),
  '/pass-change/:token': () => import('../features/auth/pass-change-page'),
  '/pass-change': () => import('../features/auth/pass-change-page'),
  '/two-factor-setup': () => import('../features/auth/two-factor-setup-page'),
  '/users': () => import('./users-route'),
  '/dashboard': () => import('./dashboard-route'),
  '/roles': () => import('../features/roles/roles-page'),
  '/chats': () => import('../features/chats/chats-page'),
  '/states': () => import('../features/regional/states-page'),
  '/municipalities': () => import('../features/regional/municipalities-page'),
  '/parishes': () => import('../features/regional/parishes-page'),
  '/communities': () => import('../features/regional/communities-page'),
  '/logs': () => import('../features/logs/logs-page'),
  '/logins': () => import('../features/logins/logins-page'),
  '/sales-book': () => import('../features/sales-book/sales-book-page'),
  '/economic-activities': () => import('../features/economic-activities/economic-activities-page'),
  '/activity-groups': () => import('../features/economic-activities/activity-groups-page'),
  '/banks': () => import('../features/banks/banks-page'),
  '/correlatives': () => import('../features/correlatives/correlatives-page'),
  '/payment-methods': () => import('../features/payment-methods/payment-methods-page'),
  '/configurations': () => import('../features/configurations/configurations-page'),
  '/clients': () => import('./clients-route'),
  '/client-detail/:id': () => import('./client-detail-route'),
  '/address-payments': () => import('./addresses-route'),
  '/tickets-payments': () => import('../features/tickets-payments/tickets-page'),
  '/payments': () => import('./payments-route'),
  '/payments-receipt': () => import('../features/payments/receipts-page'),
  '/backups': () => import('../features/backups/backups-page'),
  '/imports': () => import('../features/imports/imports-page'),
  '/closed-boxs': () => import('./closed-boxs-route'),
  '/solvencies': () => import('../features/solvencies/solvencies-page'),
  '/bank-operations': () => import('../features/bank-operations/bank-operations-page'),
  '/conciliations': () => import('../features/bank-operations/conciliations-page'),
};

/**
 * A lazy component that renders at once when its module has already arrived (preloaded): `lazy`
 * alone suspends on its first render whatever, and renders again a tick later (on a reload of
 * Pagos the list was asked for 0.3 s later). Which of the two an instance renders is fixed when it
 * mounts: switching later would remount the page and lose what the user had typed or chosen.
 */
function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const keep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(keep);
  const Component = (props: P) => {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  };
  return { load: keep, Component };
}

const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([path, load]) => [path, preloadable(load)]));
const routeOf = (pathname: string) => Object.keys(LOADERS).find((path) => matchPath(path, pathname) !== null);

/**
 * Starts loading a route's page at once, beside its layout: lazily, the page's chunks were only
 * asked for once the layout's had arrived and rendered, a second round of requests (1.5 s of a
 * cold Pagos on a 4G connection). Asking twice is free: the browser loads a module once.
 */
export function preloadPage(path: string): void {
  void PAGES[path]?.load();
}

/**
 * While a stored session is being checked (auth/me), the layout's chunks and those of the
 * address's page load beside it: they were asked for only once the check had answered, a round
 * trip later. Called after the check is sent, so it does not wait behind them.
 */
export function preloadSignedIn(pathname: string): void {
  void MainLayout.load();
  const route = routeOf(pathname);
  if (route) preloadPage(route);
}

/** Asks for the first data of the page at `pathname`, once its module has arrived (see RoutePrefetch). */
export function prefetchPageData(pathname: string, queryClient: QueryClient, session: Session): void {
  const route = routeOf(pathname);
  // The page's module is loading already (preloadPage); a second import() takes the same one.
  if (route) void LOADERS[route]?.().then((module) => module.prefetch?.(queryClient, session));
}

/** The staff and client layout, preloaded with a returning user's page (route-resolver renders it). */
export const MainLayout = preloadable(() => import('./layout/main-layout'));

const UnderConstruction = lazy(() => import('../components/under-construction'));

function PageFallback() {
  return (
    <div role="status" aria-label="Cargando" style={{ display: 'grid', placeItems: 'center', padding: 48 }}>
      <Spin />
    </div>
  );
}

export function PageFor({ route }: { route: AppRoute }) {
  const Page = PAGES[route.path]?.Component;
  return <Suspense fallback={<PageFallback />}>{Page ? <Page /> : <UnderConstruction title={route.title} />}</Suspense>;
}
