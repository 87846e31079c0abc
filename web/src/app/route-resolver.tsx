import { audienceOf, pageTitle, redirectNotices, redirectReason, resolvePath } from '@recaudo/domain/navigation';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/full-screen-spinner';
import { browser } from '../lib/browser';
import { notify } from '../lib/notify';
import { useSession } from '../lib/session';
import { MainLayout, PageFor, preloadPage } from './pages';
import { PageTransition } from './page-transition';

// Layouts are chunks of their own: the login page never loads the menu, top bar or drawers.
const GuestLayout = lazy(() => import('./guest-layout'));
// The main layout brings its own; the other plain-layout pages load it (see server-state.tsx).
const ServerState = lazy(() => import('./server-state'));

/** A page of its own (route.ownDocument: the login, the verification pages), reached inside the app: the address is loaded from the server. */
function LoadFromServer() {
  useEffect(() => browser.reload(), []);
  return <FullScreenSpinner />;
}

/**
 * Every path goes through domain's resolvePath, the one table of spec 01 §2: it either names
 * the route to render for this audience (staff filtered by permissions) or the redirect.
 * The layout element stays the same across pages, so only the content changes on navigation.
 */
export function RouteResolver() {
  const { session } = useSession();
  const { pathname, key } = useLocation();
  const audience = audienceOf(session);
  const resolution = resolvePath(audience, pathname, session?.permissions ?? []);
  const title = 'route' in resolution ? pageTitle(resolution.route.title) : null;
  const reason = 'redirect' in resolution ? redirectReason(audience, pathname, session?.permissions ?? []) : null;
  // One notice per visit of the address (StrictMode runs effects twice).
  const noticed = useRef<string | null>(null);

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  useEffect(() => {
    if (!reason || noticed.current === key) return;
    noticed.current = key;
    notify.warning(redirectNotices[reason](pathname));
  }, [reason, pathname, key]);

  if ('redirect' in resolution) return <Navigate to={resolution.redirect} replace />;
  const { route } = resolution;
  if (route.ownDocument) return <LoadFromServer />;
  preloadPage(route.path);

  const page = (
    <PageTransition key={pathname}>
      <Routes>
        <Route path={route.path} element={<PageFor route={route} />} />
      </Routes>
    </PageTransition>
  );
  // Every logged-out, forced-password or forced-enrolment screen uses the plain layout.
  const bare = audience === 'guest' || audience === 'change_password' || audience === 'two_factor_setup';
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      {bare ? (
        <GuestLayout>
          <ServerState>{page}</ServerState>
        </GuestLayout>
      ) : (
        <MainLayout.Component audience={audience}>{page}</MainLayout.Component>
      )}
    </Suspense>
  );
}
