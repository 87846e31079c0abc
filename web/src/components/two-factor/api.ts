import type { TwoFactorSetup } from '@recaudo/domain/two-factor';
import { http } from '../../lib/http';

/** A new secret with its QR code and ten recovery codes, after the password; nothing changes at login until `enable`. */
export const setUpTwoFactor = (currentPassword: string) => http.post<TwoFactorSetup>('auth/2fa/setup', { current_password: currentPassword });
/** A wrong code is toasted and also put on the code field by the form. */
export const enableTwoFactor = (code: string) => http.post<null>('auth/2fa/enable', { code });
export const disableTwoFactor = (code: string) => http.post<null>('auth/2fa/disable', { code });
