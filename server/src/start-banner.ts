import type { Config } from './config';

/** The address a person opens: a wildcard listening address is reached as localhost. */
export function listeningUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export interface StartFacts {
  version: string;
  url: string;
  database: string;
  printerSimulator: string | null;
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
  lines.push(
    facts.printerSimulator
      ? `Imprenta digital: simulada en ${facts.printerSimulator} (INVOICE_PROVIDER_URL, INVOICE_PROVIDER_USER e INVOICE_PROVIDER_PASSWORD conectan The Factory HKA)`
      : `Imprenta digital: ${config.INVOICE_PROVIDER_URL}`,
    config.BANK_API_URL
      ? `Banco: ${config.BANK_API_URL}`
      : 'Banco: simulado (BANK_API_URL, BANK_API_KEY, BANK_ACCOUNT y BANK_PHONE conectan el Banco de Venezuela)',
    config.SMTP_URL || config.SMS_GATEWAY_URL
      ? `Correo: ${config.SMTP_URL ? 'SMTP_URL' : 'sin enviar'}; SMS: ${config.SMS_GATEWAY_URL ? 'SMS_GATEWAY_URL' : 'sin enviar'}`
      : 'Correo y SMS: quedan en la bandeja de salida y en el registro (SMTP_URL y SMS_GATEWAY_URL los envían)',
  );
  if (facts.demoUsers) {
    const width = Math.max(...facts.demoUsers.map((user) => user.email.length));
    lines.push('', `Usuarios de demostración, todos con la contraseña ${facts.demoPassword}:`);
    for (const user of facts.demoUsers) lines.push(`  ${user.email.padEnd(width)}  ${user.role}`);
    lines.push('Cambia esas contraseñas, o arranca con DEMO_SEED=false en una base vacía, antes de usar Recaudo en producción.');
  }
  lines.push('', 'Ctrl+C para detenerlo.', '');
  return lines.join('\n');
}
