import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchingTotpStep, newTotpSecret, otpauthUrl, totpCode, totpStep, type TotpAlgorithm } from './totp';

/** RFC 6238 appendix B: the seed is ASCII "1234567890" repeated to the hash's length. */
const seed = (bytes: number) => new Secret({ buffer: new TextEncoder().encode('1234567890'.repeat(7).slice(0, bytes)).buffer }).base32;
const seeds: Record<TotpAlgorithm, string> = { SHA1: seed(20), SHA256: seed(32), SHA512: seed(64) };

const vectors: [number, string, TotpAlgorithm][] = [
  [59, '94287082', 'SHA1'],
  [59, '46119246', 'SHA256'],
  [59, '90693936', 'SHA512'],
  [1111111109, '07081804', 'SHA1'],
  [1111111109, '68084774', 'SHA256'],
  [1111111109, '25091201', 'SHA512'],
  [1111111111, '14050471', 'SHA1'],
  [1111111111, '67062674', 'SHA256'],
  [1111111111, '99943326', 'SHA512'],
  [1234567890, '89005924', 'SHA1'],
  [1234567890, '91819424', 'SHA256'],
  [1234567890, '93441116', 'SHA512'],
  [2000000000, '69279037', 'SHA1'],
  [2000000000, '90698825', 'SHA256'],
  [2000000000, '38618901', 'SHA512'],
  [20000000000, '65353130', 'SHA1'],
  [20000000000, '77737706', 'SHA256'],
  [20000000000, '47863826', 'SHA512'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(vectors)('at %i s the code is %s with %s', (seconds, code, algorithm) => {
    expect(totpCode(seeds[algorithm], seconds * 1000, { algorithm, digits: 8 })).toBe(code);
  });

  it('six-digit SHA-1 codes are the last six digits of the eight-digit ones (what the apps show)', () => {
    expect(totpCode(seeds.SHA1, 1111111109_000)).toBe('081804');
  });

  it('accepts the step before and after, answers which one matched, and refuses two steps off', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    expect(matchingTotpStep(secret, totpCode(secret, now), now)).toBe(totpStep(now));
    expect(matchingTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(totpStep(now) - 1);
    expect(matchingTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(totpStep(now) + 1);
    expect(matchingTotpStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchingTotpStep(secret, totpCode(secret, now + 60_000), now)).toBeNull();
    expect(matchingTotpStep(secret, 'ABCDEF', now)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URL the apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(otpauthUrl(secret, 'ana@recaudo.test'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Recaudo');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });
});
