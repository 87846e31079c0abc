import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { listeningUrl } from './listening-url';
import { startBanner } from './start-banner';

const demo = [
  { email: 'admin@recaudo.test', role: 'Administrador' },
  { email: 'cajero@recaudo.test', role: 'Cajero' },
];
const facts = { version: '0.1.0', url: 'http://localhost:4123', database: 'PGlite en ./data', printerSimulator: 'http://127.0.0.1:8081/api',
  bankSimulator: 'http://127.0.0.1:8082',
  bcvSimulator: 'http://127.0.0.1:40003',
  bcvStale: null,
  trainerKey: 'k3y-de-instructor',
  testMode: 'Modo de prueba: banco, imprenta y tasa BCV simulados',
  demoUsers: demo, demoPassword: 'Recaudo2026!' };

describe('what npm start prints', () => {
  it('gives the address really listened on: a wildcard host as localhost, an IPv6 one in brackets', () => {
    expect(listeningUrl('0.0.0.0', 4123)).toBe('http://localhost:4123');
    expect(listeningUrl('::', 3000)).toBe('http://localhost:3000');
    expect(listeningUrl('127.0.0.1', 5000)).toBe('http://localhost:5000');
    expect(listeningUrl('192.168.1.20', 5000)).toBe('http://192.168.1.20:5000');
    expect(listeningUrl('::1', 5000)).toBe('http://[::1]:5000');
  });

  it('says where to open Recaudo, the demo accounts one per line with their role, and the settings that replace each simulator', () => {
    const banner = startBanner(loadConfig({ PORT: '4123' }), facts);
    expect(banner).toContain('Recaudo 0.1.0 está listo en http://localhost:4123');
    expect(banner).not.toContain('listo en http://localhost:3000');
    expect(banner).toContain('Usuarios de demostración, todos con la contraseña Recaudo2026!:');
    expect(banner).toContain('\n  admin@recaudo.test   Administrador\n  cajero@recaudo.test  Cajero\n');
    expect(banner).toContain('Imprenta digital: simulada en http://127.0.0.1:8081/api (INVOICE_PROVIDER_URL, INVOICE_PROVIDER_USER e INVOICE_PROVIDER_PASSWORD');
    expect(banner).toContain('Banco: simulado en http://127.0.0.1:8082 (BANK_API_URL, BANK_API_KEY, BANK_ACCOUNT y BANK_PHONE');
    expect(banner).toContain('Tasa BCV: simulada en http://127.0.0.1:40003 (entrenador: POST /simulador/tasa con X-Trainer-Key; BCV_RATE_URL conecta la página del BCV)');
    expect(banner).toContain('Clave de instructor de los simuladores: k3y-de-instructor (cabecera X-Trainer-Key de http://127.0.0.1:8082/simulador/creditos)');
    expect(banner).toContain('Modo de prueba: banco, imprenta y tasa BCV simulados: los recibos y facturas llevan «SIN VALIDEZ — MODO DE PRUEBA»');
    // PORT alone moves the links too: no second address to explain.
    expect(banner).not.toContain('APP_URL');
    expect(banner).not.toContain('Atención');
    expect(banner).not.toMatch(/[{}]/);
  });

  it('links with the address it listens on unless APP_URL says otherwise, and keeps the demo on this machine unless HOST says otherwise', () => {
    expect(loadConfig({ PORT: '4123' })).toMatchObject({ HOST: '127.0.0.1', APP_URL: 'http://localhost:4123' });
    expect(loadConfig({ PORT: '4123', HOST: '0.0.0.0' })).toMatchObject({ HOST: '0.0.0.0', APP_URL: 'http://localhost:4123' });
    expect(loadConfig({ DEMO_SEED: 'false', PORT: '8080' })).toMatchObject({ HOST: '0.0.0.0', APP_URL: 'http://localhost:8080' });
    expect(loadConfig({ PORT: '4123', HOST: '10.0.0.5' }).APP_URL).toBe('http://10.0.0.5:4123');
    const config = loadConfig({ PORT: '4123', APP_URL: 'https://recaudo.example.ve' });
    expect(config.APP_URL).toBe('https://recaudo.example.ve');
    expect(startBanner(config, facts)).toContain('Enlaces en correos y códigos QR: https://recaudo.example.ve (APP_URL)');
  });

  it('names the real services when they are configured, and no demo accounts without the demo data', () => {
    const config = loadConfig({
      APP_URL: 'http://localhost:4123',
      BANK_API_URL: 'https://bdv.example',
      INVOICE_PROVIDER_URL: 'https://hka.example/api',
      SMTP_URL: 'smtp://mail.example:25',
      BCV_RATE_URL: 'https://www.bcv.org.ve/',
    });
    const banner = startBanner(config, { ...facts, printerSimulator: null, bankSimulator: null, bcvSimulator: null, trainerKey: null, testMode: null, demoUsers: null });
    expect(banner).toContain('Tasa BCV: https://www.bcv.org.ve/');
    expect(banner).toContain('Imprenta digital: https://hka.example/api');
    expect(banner).toContain('Banco: https://bdv.example');
    expect(banner).toContain('Correo: SMTP_URL; SMS: sin enviar');
    expect(banner).not.toContain('APP_URL');
    expect(banner).not.toContain('demostración');
    expect(banner).not.toMatch(/Modo de prueba|instructor/);
  });

  it('warns when no BCV value date arrived for more than three business days: payments go on at the last rate', () => {
    const banner = startBanner(loadConfig({}), { ...facts, bcvStale: { lastValueDate: '2026-11-20' } });
    expect(banner).toContain('Atención: la tasa BCV no se actualiza desde la fecha valor 20-11-2026; los pagos siguen con la última tasa.');
  });
});
