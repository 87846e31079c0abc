import type { LoginInput, Session, Theme } from '@recaudo/domain/auth';
import { http } from '../../lib/http';

/** The login screen shows the server's own message, so the call itself stays silent. */
export const login = (input: LoginInput) => http.post<Session>('auth/login', input, { public: true, silent: true });

/** The boot check: a dead token just means "logged out", without the 2 s redirect. */
export const fetchMe = () => http.post<Session>('auth/me', undefined, { silent: true, keepSession: true });

export const logout = () => http.post<null>('auth/logout', undefined, { silent: true, keepSession: true });

export const saveTheme = (theme: Theme) => http.put<null>('auth/theme', { theme });
