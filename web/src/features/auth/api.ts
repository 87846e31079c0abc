import type { CodeRequestAnswer, LoginInput, RegistrationClient, Session, Theme } from '@recaudo/domain/auth';
import type { TwoFactorChallenge } from '@recaudo/domain/two-factor';
import { http } from '../../lib/http';

/** The login screen shows the server's own message, so the call itself stays silent. Accounts with a second factor answer a challenge. */
export const login = (input: LoginInput) => http.post<Session | TwoFactorChallenge>('auth/login', input, { public: true, silent: true });

/** The login's second step; a 401 (challenge expired or spent) only sends the form back to the password. */
export const verifySecondFactor = (input: { challenge: string; code: string }) =>
  http.post<Session>('auth/2fa/verify', input, { public: true, silent: true, keepSession: true });

export const logout = () => http.post<null>('auth/logout', undefined, { silent: true, keepSession: true });

export const saveTheme = (theme: Theme) => http.put<null>('auth/theme', { theme });

/* ---------- Self-registration (spec 01 §2, §4; all public) ---------- */

export interface IdentificationInput {
  type: number;
  identification_type: string;
  identification: string;
}

export interface CodeRequestInput {
  identification_type: string;
  identification: string;
  email: string;
  phone: string | null;
}

export interface RegisterInput {
  type: number;
  identification_type: string;
  identification: string;
  name: string;
  email: string;
  password: string;
  phone: string;
  gender: string | null;
  birth_date: string | null;
  address: string | null;
  token: string;
}

/** Checks the identification's format only: the answer is the same whether it is known or not. */
export const verifyIdentification = (input: IdentificationInput) => http.post<null>('auth/verify-identification', input, { public: true });
/**
 * Sends the 6-digit code; answers the token the check and the registration name, and where the
 * code went (an existing client's contact on file, masked). A refusal is shown by view 4 itself.
 */
export const requestCode = (input: CodeRequestInput) => http.post<CodeRequestAnswer>('auth/code-verification', input, { public: true, silent: true });
/** A wrong code is shown on the code field, so the check itself stays silent. Answers the existing client's data, if any. */
export const checkCode = (input: { identification_type: string; identification: string; token: string; code: string }) =>
  http.get<{ client: RegistrationClient | null }>('auth/code-verification', { query: input, public: true, silent: true });
export const register = (input: RegisterInput) => http.post<{ user_id: number; client_id: number }>('auth/register', input, { public: true });

/* ---------- Forgotten and forced password (spec 01 §2, §4) ---------- */

export const sendResetLink = (email: string) => http.post<null>('auth/send-token', { email }, { public: true });
/** A failed check shows the invalid-token screen instead of a toast. */
export const verifyResetToken = (token: string) => http.post<{ id: number; name: string; email: string }>('auth/verify-token', { token }, { public: true, silent: true });

export interface ResetPasswordInput {
  id?: number;
  name?: string;
  email?: string;
  password: string;
  confirm_password: string;
  /** The link's token; without it the session of a user flagged change_password is used. */
  token?: string;
}

export const resetPassword = (input: ResetPasswordInput) => http.post<null>('auth/reset-password', input, { public: Boolean(input.token) });
