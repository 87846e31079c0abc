import type { Session } from '@recaudo/domain/auth';
import { hasPermission } from '@recaudo/domain/permissions';
import { forClients } from '@recaudo/domain/format';
import { createContext, useContext } from 'react';

/**
 * The logged-in session as every screen reads it. The provider (app/session-provider.tsx)
 * owns bootstrap, login and logout; features only read it and ask `useCan`.
 */
export interface SessionContextValue {
  session: Session | null;
  signIn(session: Session): void;
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs <SessionProvider>');
  return value;
}

/** Hiding a button is courtesy; the server enforces the same permission. */
export function useCan(permission: string): boolean {
  const { session } = useSession();
  return hasPermission(session?.permissions ?? [], permission);
}

/**
 * How a shared screen shows a formatted value to whoever reads it: a client sees a dash where
 * staff screens show the project's empty marker VACIO (issue 51); staff see it unchanged.
 */
export function useShownToReader(): (text: string) => string {
  const { session } = useSession();
  return session?.user.client_id != null ? forClients : (text) => text;
}
