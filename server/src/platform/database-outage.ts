/** What a request answers (503) while PostgreSQL cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'La base de datos no está disponible en este momento. Intenta de nuevo en unos segundos.';

/** PostgreSQL shutting down or starting (57P0x), a connection failure (08xxx) and the socket errors of a server gone away. */
const UNAVAILABLE_CODES = /^(57P0[1-3]|08\d{3}|53300|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH)$/;
const UNAVAILABLE_TEXT = /Connection terminated|connection error|Client was closed|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)/i;

/** Whether an error means the database is out of reach (a restart, a crash), not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
    if (current instanceof Error && UNAVAILABLE_TEXT.test(current.message)) return true;
  }
  return false;
}
