import type { Config } from './config';

/** The start's warning when the BCV rate is stale: payments go on at the last rate. */
export const staleRateText = (lastValueDate: string | null) =>
  lastValueDate
    ? `Atención: la tasa BCV no se actualiza desde la fecha valor ${lastValueDate.slice(8, 10)}-${lastValueDate.slice(5, 7)}-${lastValueDate.slice(0, 4)}; los pagos siguen con la última tasa.`
    : 'Atención: aún no se ha leído ninguna tasa del BCV; los pagos de los clientes esperan una tasa.';

export interface StartFacts {
  version: string;
  url: string;
  database: string;
  printerSimulator: string | null;
  /** The BCV simulator in process (BCV_RATE_URL unset). */
  bcvSimulator: string | null;
  /** Set when no BCV value date arrived for more than three business days. */
  bcvStale: { lastValueDate: string | null } | null;
  bankSimulator: string | null;
  /** The trainer key of the simulators' `/simulador/...` endpoints, when a simulator runs. */
  trainerKey: string | null;
  /** "Modo de prueba: banco e imprenta simulados" while any simulator stands in. */
  testMode: string | null;
  demoUsers: readonly { email: string; role: string }[] | null;
  demoPassword: string;
}

/**
 * What `npm start` tells the person at the terminal once Recaudo listens, in plain words: where
 * to open it, what stands in for the outside services and which settings replace them, and the
 * demo accounts.
 */
export function startBanner(config: Config, facts: StartFacts): string {
  const lines = [
    '',
    `Recaudo ${facts.version} está listo en ${facts.url}  (API en ${facts.url}/api, documentación en ${facts.url}/api/docs)`,
    `Base de datos: ${facts.database}`,
  ];
  if (config.APP_URL !== facts.url) lines.push(`Enlaces en correos y códigos QR: ${config.APP_URL} (APP_URL)`);
  if (facts.testMode) lines.push(`${facts.testMode}: los recibos y facturas llevan «SIN VALIDEZ — MODO DE PRUEBA»`);
  lines.push(
    facts.printerSimulator
      ? `Imprenta digital: simulada en ${facts.printerSimulator} (INVOICE_PROVIDER_URL, INVOICE_PROVIDER_USER e INVOICE_PROVIDER_PASSWORD conectan The Factory HKA)`
      : `Imprenta digital: ${config.INVOICE_PROVIDER_URL}`,
    facts.bankSimulator
      ? `Banco: simulado en ${facts.bankSimulator} (BANK_API_URL, BANK_API_KEY, BANK_ACCOUNT y BANK_PHONE conectan el Banco de Venezuela)`
      : `Banco: ${config.BANK_API_URL}`,
    facts.bcvSimulator
      ? `Tasa BCV: simulada en ${facts.bcvSimulator} (entrenador: POST /simulador/tasa con X-Trainer-Key; BCV_RATE_URL conecta la página del BCV)`
      : `Tasa BCV: ${config.BCV_RATE_URL}`,
    config.SMTP_URL || config.SMS_GATEWAY_URL
      ? `Correo: ${config.SMTP_URL ? 'SMTP_URL' : 'sin enviar'}; SMS: ${config.SMS_GATEWAY_URL ? 'SMS_GATEWAY_URL' : 'sin enviar'}`
      : 'Correo y SMS: quedan en la bandeja de salida y en el registro (SMTP_URL y SMS_GATEWAY_URL los envían)',
  );
  if (facts.bcvStale) lines.push('', staleRateText(facts.bcvStale.lastValueDate));
  if (facts.trainerKey && facts.bankSimulator)
    lines.push(`Clave de instructor de los simuladores: ${facts.trainerKey} (cabecera X-Trainer-Key de ${facts.bankSimulator}/simulador/creditos)`);
  if (facts.demoUsers) {
    const width = Math.max(...facts.demoUsers.map((user) => user.email.length));
    lines.push('', `Usuarios de demostración, todos con la contraseña ${facts.demoPassword}:`);
    for (const user of facts.demoUsers) lines.push(`  ${user.email.padEnd(width)}  ${user.role}`);
    lines.push('Cambia esas contraseñas, o arranca con DEMO_SEED=false en una base vacía, antes de usar Recaudo en producción.');
  }
  lines.push('', 'Ctrl+C para detenerlo.', '');
  return lines.join('\n');
}
