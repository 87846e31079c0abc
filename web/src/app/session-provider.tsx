import type { Session } from '@recaudo/domain/auth';
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { FullScreenSpinner } from '../components/full-screen-spinner';
import { logout } from '../features/auth/api';
import { fetchMe } from '../lib/session-api';
import { SessionContext, type SessionContextValue } from '../lib/session';
import { getToken, setToken } from '../lib/storage';
import { preloadSignedIn } from './pages';
import { usePreferences } from './preferences';

type State = { status: 'checking' } | { status: 'ready'; session: Session | null };

/**
 * Spec 01 §4: a stored token is checked with auth/me behind a full-screen spinner;
 * success = logged in, failure = logged out with the token removed.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { adoptAccountTheme } = usePreferences();
  const [state, setState] = useState<State>(() => (getToken() ? { status: 'checking' } : { status: 'ready', session: null }));

  const signIn = useCallback(
    (session: Session) => {
      setToken(session.access_token);
      adoptAccountTheme(session.theme);
      setState({ status: 'ready', session });
    },
    [adoptAccountTheme],
  );

  useEffect(() => {
    if (state.status !== 'checking') return;
    fetchMe()
      .then((answer) => startTransition(() => signIn({ ...answer.data, access_token: answer.data.access_token || (getToken() ?? '') })))
      .catch(() => {
        setToken(null);
        setState({ status: 'ready', session: null });
      });
    preloadSignedIn(window.location.pathname);
  }, [state.status, signIn]);

  const signOut = useCallback(async () => {
    // Whatever the server answers, this browser is logged out afterwards.
    await logout().catch(() => undefined);
    setToken(null);
    // The cache goes with the user: ServerState starts a new one (server-state.tsx).
    setState({ status: 'ready', session: null });
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({ session: state.status === 'ready' ? state.session : null, signIn, signOut }),
    [state, signIn, signOut],
  );

  if (state.status === 'checking') return <FullScreenSpinner />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
