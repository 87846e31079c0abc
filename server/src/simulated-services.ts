import type { Config } from './config';

/** An outside service that Recaudo simulates in process when its settings are missing. */
export interface SimulatedService {
  /** As the test-mode notice names it: "banco", "imprenta". */
  name: string;
  /** For the notice's agreement ("imprenta simulada"). */
  feminine: boolean;
  /** What the real service needs; the refusal names those missing. */
  settings: readonly (keyof Config)[];
  /** The settings whose absence leaves the service to its simulator. */
  simulatedWithout: readonly (keyof Config)[];
}

/**
 * Every simulated service, in the order the notice names them. A new simulator is one line
 * here: the start's refusal, the banner, the log, /api/health, the screens' ribbon and the
 * "SIN VALIDEZ" mark on documents all read this list.
 */
export const SIMULATED_SERVICES: readonly SimulatedService[] = [
  { name: 'banco', feminine: false, settings: ['BANK_API_URL', 'BANK_API_KEY', 'BANK_ACCOUNT', 'BANK_PHONE'], simulatedWithout: ['BANK_API_URL'] },
  {
    name: 'imprenta',
    feminine: true,
    settings: ['INVOICE_PROVIDER_URL', 'INVOICE_PROVIDER_USER', 'INVOICE_PROVIDER_PASSWORD'],
    simulatedWithout: ['INVOICE_PROVIDER_URL', 'INVOICE_PROVIDER_USER', 'INVOICE_PROVIDER_PASSWORD'],
  },
  { name: 'tasa BCV', feminine: true, settings: ['BCV_RATE_URL'], simulatedWithout: ['BCV_RATE_URL'] },
];

const unset = (config: Config, setting: keyof Config) => config[setting] === undefined || config[setting] === '';

export function isSimulated(config: Config, service: SimulatedService): boolean {
  return service.simulatedWithout.some((setting) => unset(config, setting));
}

export function serviceNamed(name: string): SimulatedService {
  const service = SIMULATED_SERVICES.find((candidate) => candidate.name === name);
  if (!service) throw new Error(`servicio simulado desconocido: ${name}`);
  return service;
}

/** The services this configuration leaves to their simulators. */
export function simulatedServices(config: Config): SimulatedService[] {
  return SIMULATED_SERVICES.filter((service) => isSimulated(config, service));
}

/** Simulators may stand in when SIMULATORS=on says so, or, unset, in the demo only. */
export function simulatorsAllowed(config: Config): boolean {
  return config.SIMULATORS ? config.SIMULATORS === 'on' : config.DEMO_SEED;
}

/** "banco", "banco e imprenta", "banco, imprenta y tasa BCV" ("e" before an i sound). */
function spanishList(names: readonly string[]): string {
  if (names.length < 2) return names[0] ?? '';
  const last = names.at(-1)!;
  const and = /^h?i(?![aeiou])/i.test(last) ? 'e' : 'y';
  return `${names.slice(0, -1).join(', ')} ${and} ${last}`;
}

/** "Modo de prueba: banco e imprenta simulados", or null when nothing is simulated. */
export function testModeNotice(services: readonly SimulatedService[]): string | null {
  if (!services.length) return null;
  const feminine = services.every((service) => service.feminine);
  const ending = `${feminine ? 'a' : 'o'}${services.length > 1 ? 's' : ''}`;
  return `Modo de prueba: ${spanishList(services.map((service) => service.name))} simulad${ending}`;
}

/**
 * Why a real installation does not start: the services that would be simulated and the settings
 * each one lacks; null when it may start.
 */
export function simulatorRefusal(config: Config): string | null {
  const services = simulatedServices(config);
  if (!services.length || simulatorsAllowed(config)) return null;
  const lines = services.map((service) => `  ${service.name}: falta ${service.settings.filter((setting) => unset(config, setting)).join(', ')}`);
  return [
    `Recaudo no arranca con servicios simulados en una instalación real (${config.SIMULATORS === 'off' ? 'SIMULATORS=off' : 'DEMO_SEED=false'}):`,
    ...lines,
    'Configura esos servicios, o arranca con SIMULATORS=on para usar sus simuladores a propósito (modo de prueba: los documentos no tienen validez).',
  ].join('\n');
}

/** Documents made while any simulator stands in carry TEST_MODE_MARK. */
export const inTestMode = (config: Config): boolean => simulatedServices(config).length > 0;
