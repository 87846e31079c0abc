import type { Session } from '@recaudo/domain/auth';
import { http } from './http';

/** The boot check: a dead token just means "logged out", without the 2 s redirect. */
export const fetchMe = () => http.post<Session>('auth/me', undefined, { silent: true, keepSession: true });
