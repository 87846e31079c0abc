import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { listeningUrl, startBanner } from './start-banner';

const demo = [
  { email: 'admin@recaudo.test', role: 'Administrador' },
  { email: 'cajero@recaudo.test', role: 'Cajero' },
];
const facts = { version: '0.1.0', url: 'http://localhost:4123', database: 'PGlite en ./data', printerSimulator: 'http://127.0.0.1:40001', demoUsers: demo, demoPassword: 'Recaudo2026!' };

describe('what npm start prints', () => {
  it('gives the address really listened on: a wildcard host as localhost, an IPv6 one in brackets', () => {
    expect(listeningUrl('0.0.0.0', 4123)).toBe('http://localhost:4123');
    expect(listeningUrl('::', 3000)).toBe('http://localhost:3000');
    expect(listeningUrl('127.0.0.1', 5000)).toBe('http://127.0.0.1:5000');
    expect(listeningUrl('::1', 5000)).toBe('http://[::1]:5000');
  });

  it('says where to open Recaudo, the demo accounts one per line with their role, and the settings that replace each simulator', () => {
    const banner = startBanner(loadConfig({ PORT: '4123' }), facts);
    expect(banner).toContain('Recaudo 0.1.0 está listo en http://localhost:4123');
    expect(banner).not.toContain('listo en http://localhost:3000');
    expect(banner).toContain('Usuarios de demostración, todos con la contraseña Recaudo2026!:');
    expect(banner).toContain('\n  admin@recaudo.test   Administrador\n  cajero@recaudo.test  Cajero\n');
    expect(banner).toContain('Imprenta digital: simulada en http://127.0.0.1:40001 (INVOICE_PROVIDER_URL, INVOICE_PROVIDER_USER e INVOICE_PROVIDER_PASSWORD');
    expect(banner).toContain('Banco: simulado (BANK_API_URL, BANK_API_KEY, BANK_ACCOUNT y BANK_PHONE');
    expect(banner).toContain('Enlaces en correos y códigos QR: http://localhost:3000 (APP_URL)');
    expect(banner).not.toMatch(/[{}]/);
  });

  it('names the real services when they are configured, and no demo accounts without the demo data', () => {
    const config = loadConfig({ APP_URL: 'http://localhost:4123', BANK_API_URL: 'https://bdv.example', INVOICE_PROVIDER_URL: 'https://hka.example/api', SMTP_URL: 'smtp://mail.example:25' });
    const banner = startBanner(config, { ...facts, printerSimulator: null, demoUsers: null });
    expect(banner).toContain('Imprenta digital: https://hka.example/api');
    expect(banner).toContain('Banco: https://bdv.example');
    expect(banner).toContain('Correo: SMTP_URL; SMS: sin enviar');
    expect(banner).not.toContain('APP_URL');
    expect(banner).not.toContain('demostración');
  });
});
