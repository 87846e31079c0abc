import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROLE_ID } from '@recaudo/domain/roles';
import { START_BUDGET_MS, startScratch } from '../test/start-scratch';
import { startServer } from '../test/server-process';

const { scratch, track, database: newDatabase } = startScratch('recaudo-secrets-start-');

async function query<Row>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** Starts, waits for the log to say `awaited` (when given), and stops. */
async function startAndStop(env: Record<string, string>, awaited?: string) {
  const server = await startServer(env);
  track(server);
  if (awaited) await expect.poll(() => server.output(), { timeout: 20_000 }).toContain(awaited);
  server.child.kill('SIGTERM');
  await server.exited;
  return server;
}

describe('secrets at rest on a real installation (start test, issue 46)', () => {
  it('the first start makes the key file and an Administrador role requiring 2FA; a later start seals a plain secret; another key is refused', async () => {
    const database = await newDatabase('recaudo_secrets');
    const dataDir = path.join(scratch, 'real');
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, SIMULATORS: 'on' };
    await startAndStop(env);
    const keyFile = path.join(dataDir, 'secrets-key');
    expect(fs.statSync(keyFile).mode & 0o077).toBe(0);
    expect(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(await query<{ require_2fa: boolean }>(database.url, 'select require_2fa from roles where id = $1', [ADMIN_ROLE_ID])).toEqual([{ require_2fa: true }]);

    // A secret stored before sealing existed (plain base32) is sealed by the next start.
    const [user] = await query<{ id: number }>(
      database.url,
      "insert into users (role_id, name, email, password_hash, totp_secret) values ($1, 'Ana', 'ana@recaudo.test', 'x', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') returning id",
      [ADMIN_ROLE_ID],
    );
    await startAndStop(env, 'Secretos de doble factor cifrados con SECRETS_KEY: 1');
    const [stored] = await query<{ totp_secret: string }>(database.url, 'select totp_secret from users where id = $1', [user!.id]);
    expect(stored!.totp_secret).toMatch(/^v1:/);
    expect(stored!.totp_secret).not.toContain('JBSWY3DPEHPK3PXP');

    // Another key (a second process configured apart) stops at start, saying why, and changes nothing.
    const error = (await startServer({ ...env, SECRETS_KEY: 'ff'.repeat(32) }).catch((failure: unknown) => failure)) as Error;
    expect(error.message).toContain('el servidor terminó (1) antes de escuchar');
    expect(error.message).toContain('SECRETS_KEY no abre los secretos de doble factor guardados en la base de datos (SECRETS_KEY does not open the stored TOTP secrets)');
    expect(await query(database.url, 'select totp_secret from users where id = $1', [user!.id])).toEqual([stored]);
  }, 4 * START_BUDGET_MS);
});
