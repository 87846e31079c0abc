import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the parameters every authenticator app assumes: SHA-1, 6 digits, 30 seconds. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ISSUER = 'Recaudo';

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

interface TotpParameters {
  algorithm?: TotpAlgorithm;
  digits?: number;
}

/** A new 160-bit secret (RFC 4226's recommended length), in base32 as apps read it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The code of this secret at this instant (milliseconds since the epoch). */
export function totpCode(secretBase32: string, atMs: number, parameters: TotpParameters = {}): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secretBase32),
    algorithm: parameters.algorithm ?? 'SHA1',
    digits: parameters.digits ?? TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: atMs,
  });
}

/** The 30-second step an instant falls in (RFC 6238's T). */
export const totpStep = (atMs: number): number => Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The step whose code this is, looking one step back and one ahead of `atMs` (a phone's clock a
 * little off, or a code typed as it turned), or null when it matches none. The caller refuses a
 * step not newer than the last one accepted, so a code seen over a shoulder can't be replayed.
 */
export function matchingTotpStep(secretBase32: string, code: string, atMs: number): number | null {
  if (!/^\d+$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: atMs,
    window: 1,
  });
  return delta === null ? null : totpStep(atMs) + delta;
}

/** The `otpauth://totp/…` URI an app reads from the QR code. */
export function otpauthUrl(secretBase32: string, account: string): string {
  return new TOTP({ issuer: ISSUER, label: account, secret: Secret.fromBase32(secretBase32), digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).toString();
}
