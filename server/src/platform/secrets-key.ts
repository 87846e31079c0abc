import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where a start without SECRETS_KEY keeps the key it made, inside DATA_DIR (owner-readable only). */
export const SECRETS_KEY_FILE = 'secrets-key';

const KEY_BYTES = 32;

/** A 32-byte key written as 64 hex digits or as base64 (either alphabet); null when it is neither. */
export function decodeSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

export const secretsKeyProblem = `SECRETS_KEY debe ser una clave de ${KEY_BYTES} bytes en hexadecimal (64 dígitos) o en base64 (por ejemplo: openssl rand -base64 32)`;

/** The file's key, made at the first start: several processes starting together agree through a hard link only one of them wins. */
function keyFileOf(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const key = decodeSecretsKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} no contiene una clave válida (${secretsKeyProblem})`);
  return key;
}

const known = new Map<string, Buffer>();

/**
 * The key that seals secrets kept in the database (TOTP secrets), never stored beside them:
 * SECRETS_KEY when set, else the file in DATA_DIR, made on first use. Read once per process.
 */
export function secretsKeyOf(config: { SECRETS_KEY?: string | undefined; DATA_DIR: string }): Buffer {
  const source = config.SECRETS_KEY ? `env:${config.SECRETS_KEY}` : `file:${config.DATA_DIR}`;
  let key = known.get(source);
  if (!key) {
    const read = config.SECRETS_KEY ? decodeSecretsKey(config.SECRETS_KEY) : keyFileOf(config.DATA_DIR);
    if (!read) throw new Error(secretsKeyProblem);
    known.set(source, read);
    key = read;
  }
  return key;
}
