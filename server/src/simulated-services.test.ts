import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { SIMULATED_SERVICES, simulatedServices, simulatorRefusal, testModeNotice } from './simulated-services';

const REAL = {
  BANK_API_URL: 'https://bdv.example',
  BANK_API_KEY: 'clave',
  BANK_ACCOUNT: '01020000000000001234',
  BANK_PHONE: '04120001122',
  INVOICE_PROVIDER_URL: 'https://hka.example/api',
  INVOICE_PROVIDER_USER: 'usuario',
  INVOICE_PROVIDER_PASSWORD: 'clave',
  BCV_RATE_URL: 'https://www.bcv.org.ve/',
};

describe('which services a start may leave to their simulators', () => {
  it('a real installation without the bank and the printer refuses, naming every missing setting and SIMULATORS=on', () => {
    const refusal = simulatorRefusal(loadConfig({ DEMO_SEED: 'false' }));
    expect(refusal).toContain('Recaudo no arranca con servicios simulados en una instalación real (DEMO_SEED=false):');
    expect(refusal).toContain('  banco: falta BANK_API_URL, BANK_API_KEY, BANK_ACCOUNT, BANK_PHONE');
    expect(refusal).toContain('  imprenta: falta INVOICE_PROVIDER_URL, INVOICE_PROVIDER_USER, INVOICE_PROVIDER_PASSWORD');
    expect(refusal).toContain('  tasa BCV: falta BCV_RATE_URL');
    expect(refusal).toContain('SIMULATORS=on');
  });

  it('names only what is missing: a printer without its password is still simulated', () => {
    const { INVOICE_PROVIDER_PASSWORD: _missing, ...rest } = REAL;
    const refusal = simulatorRefusal(loadConfig({ DEMO_SEED: 'false', ...rest }));
    expect(refusal).toContain('  imprenta: falta INVOICE_PROVIDER_PASSWORD');
    expect(refusal).not.toContain('banco:');
  });

  it('starts with every real service, with SIMULATORS=on, and as the demo; SIMULATORS=off refuses the demo too', () => {
    expect(simulatorRefusal(loadConfig({ DEMO_SEED: 'false', ...REAL }))).toBeNull();
    expect(simulatorRefusal(loadConfig({ DEMO_SEED: 'false', SIMULATORS: 'on' }))).toBeNull();
    expect(simulatorRefusal(loadConfig({}))).toBeNull();
    expect(simulatorRefusal(loadConfig({ SIMULATORS: 'off' }))).toContain('(SIMULATORS=off)');
    expect(() => loadConfig({ SIMULATORS: 'si' })).toThrow(/SIMULATORS/);
  });

  it('says in Spanish which services are simulated, "e" before imprenta', () => {
    expect(testModeNotice(simulatedServices(loadConfig({})))).toBe('Modo de prueba: banco, imprenta y tasa BCV simulados');
    expect(testModeNotice(simulatedServices(loadConfig({ BCV_RATE_URL: REAL.BCV_RATE_URL })))).toBe('Modo de prueba: banco e imprenta simulados');
    expect(testModeNotice(simulatedServices(loadConfig({ ...REAL, INVOICE_PROVIDER_URL: '' })))).toBe('Modo de prueba: imprenta simulada');
    expect(testModeNotice(simulatedServices(loadConfig({ ...REAL, BANK_API_URL: '' })))).toBe('Modo de prueba: banco simulado');
    expect(testModeNotice(simulatedServices(loadConfig(REAL)))).toBeNull();
    expect(SIMULATED_SERVICES.map((service) => service.name)).toEqual(['banco', 'imprenta', 'tasa BCV']);
  });
});
