import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_MODE_HEADER } from '@recaudo/domain/test-mode';
import { START_BUDGET_MS, startScratch } from '../test/start-scratch';
import { startServer } from '../test/server-process';

const { scratch, track, database: newDatabase } = startScratch('recaudo-simulated-start-');

describe('a real installation and the simulators (start test)', () => {
  it('DEMO_SEED=false without the bank and printer settings does not start: it names the missing settings and exits 1', async () => {
    const dataDir = path.join(scratch, 'refused');
    const attempt = startServer({ DATA_DIR: dataDir, SIMULATORS: '' });
    const error = (await attempt.catch((failure: unknown) => failure)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain('el servidor terminó (1) antes de escuchar');
    expect(error.message).toContain('Recaudo no arranca con servicios simulados en una instalación real (DEMO_SEED=false):');
    expect(error.message).toContain('banco: falta BANK_API_URL, BANK_API_KEY, BANK_ACCOUNT, BANK_PHONE');
    expect(error.message).toContain('imprenta: falta INVOICE_PROVIDER_URL, INVOICE_PROVIDER_USER, INVOICE_PROVIDER_PASSWORD');
    // Refused before anything was made: no database, no simulator secrets.
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'simulators-secret.json'))).toBe(false);
  }, START_BUDGET_MS);

  it('with SIMULATORS=on it starts in test mode: the log, /api/health and every answer say so, and the trainer key is made once', async () => {
    const dataDir = path.join(scratch, 'on');
    const database = await newDatabase('recaudo_simulated');
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, SIMULATORS: 'on' });
    track(server);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(decodeURIComponent(health.headers.get(TEST_MODE_HEADER) ?? '')).toBe('Modo de prueba: banco, imprenta y tasa BCV simulados');
    const report = (await health.json()) as { data: { test_mode: unknown } };
    expect(report.data.test_mode).toEqual({ active: true, simulated: ['banco', 'imprenta', 'tasa BCV'], notice: 'Modo de prueba: banco, imprenta y tasa BCV simulados' });
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'simulators-secret.json'), 'utf8')) as { trainerKey: string; seed: string };
    expect(secrets.trainerKey.length).toBeGreaterThanOrEqual(24);
    expect(fs.statSync(path.join(dataDir, 'simulators-secret.json')).mode & 0o077).toBe(0);
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain(`Clave de instructor de los simuladores (X-Trainer-Key): ${secrets.trainerKey}`);
    const output = server.output();
    expect(output).toContain('"test_mode":true');
    expect(output).toContain('Modo de prueba: banco, imprenta y tasa BCV simulados: los recibos y facturas llevan «SIN VALIDEZ — MODO DE PRUEBA»');
    expect(output).toMatch(/Banco simulado en http:\/\/127\.0\.0\.1:\d+/);
    server.child.kill('SIGTERM');
    await server.exited;

    // The second start reads the same key and keeps it out of the log.
    const again = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, SIMULATORS: 'on' });
    track(again);
    await expect.poll(() => again.output(), { timeout: 10_000 }).toContain('Clave de instructor de los simuladores en');
    expect(again.output()).not.toContain(secrets.trainerKey);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'simulators-secret.json'), 'utf8'))).toEqual(secrets);
  }, 3 * START_BUDGET_MS);

  it('with every real service configured it starts outside test mode', async () => {
    const database = await newDatabase('recaudo_real');
    const server = await startServer({
      DATA_DIR: path.join(scratch, 'real'),
      DATABASE_URL: database.url,
      SIMULATORS: '',
      BANK_API_URL: 'http://127.0.0.1:9',
      BANK_API_KEY: 'clave',
      BANK_ACCOUNT: '01020000000000001234',
      BANK_PHONE: '04120001122',
      INVOICE_PROVIDER_URL: 'http://127.0.0.1:9/api',
      INVOICE_PROVIDER_USER: 'usuario',
      INVOICE_PROVIDER_PASSWORD: 'clave',
      BCV_RATE_URL: 'http://127.0.0.1:9/',
      BCV_RATE_CRON: 'off',
    });
    track(server);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.headers.get(TEST_MODE_HEADER)).toBeNull();
    expect(((await health.json()) as { data: { test_mode: unknown } }).data.test_mode).toEqual({ active: false, simulated: [], notice: null });
  }, 2 * START_BUDGET_MS);
});
