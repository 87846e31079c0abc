import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, like, not } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../users/tables';

/**
 * TOTP secrets are kept sealed with AES-256-GCM under SECRETS_KEY (platform/secrets-key.ts), so a
 * copy of the database (a backup, a read-only role, the audit log) can't mint codes. The user's id
 * is the associated data: a sealed secret copied onto another user doesn't open.
 * `v1:` + base64url(iv ‖ tag ‖ ciphertext); the prefix leaves room for another scheme or key.
 */
const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const associatedData = (userId: number) => Buffer.from(`users.totp_secret:${userId}`);

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

export function sealTotpSecret(key: Buffer, userId: number, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

export class SecretsKeyMismatch extends Error {
  constructor() {
    super(
      'SECRETS_KEY no abre los secretos de doble factor guardados en la base de datos (SECRETS_KEY does not open the stored TOTP secrets): ' +
        'usa la misma clave que los demás procesos o que DATA_DIR/secrets-key de esta instalación.',
    );
  }
}

/** The secret a stored value holds; one stored before sealing existed (plain base32) is read as is. */
export function openTotpSecret(key: Buffer, userId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const bytes = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(associatedData(userId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretsKeyMismatch();
  }
}

/**
 * At start, under the start-up lock: seals the secrets stored in plain text before sealing
 * existed, and refuses a key that doesn't open one already sealed. Each row is rewritten only
 * while it still holds the plain value it was read with, so processes racing here (or a setup in
 * between) can't seal twice or overwrite a newer secret. Answers how many it sealed.
 */
export async function sealStoredTotpSecrets(db: Executor, key: Buffer): Promise<number> {
  const [sample] = await db
    .select({ id: users.id, secret: users.totpSecret })
    .from(users)
    .where(like(users.totpSecret, `${SEALED_PREFIX}%`))
    .limit(1);
  if (sample?.secret) openTotpSecret(key, sample.id, sample.secret);
  const plain = await db
    .select({ id: users.id, secret: users.totpSecret })
    .from(users)
    .where(and(isNotNull(users.totpSecret), not(like(users.totpSecret, `${SEALED_PREFIX}%`))));
  let sealed = 0;
  for (const row of plain) {
    if (!row.secret) continue;
    const updated = await db
      .update(users)
      .set({ totpSecret: sealTotpSecret(key, row.id, row.secret) })
      .where(and(eq(users.id, row.id), eq(users.totpSecret, row.secret)))
      .returning({ id: users.id });
    sealed += updated.length;
  }
  return sealed;
}
