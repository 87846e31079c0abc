import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';

/** Why a read of the BCV page got no page: the log says it, the last rate stays. */
export class BcvUnavailableError extends Error {}

export interface BcvClientOptions {
  url: string;
  /** A PEM bundle added to Node's own CAs: the BCV's chain is often incomplete; verification is never turned off. */
  caFile?: string;
  timeoutMs?: number;
  /** Attempts after the first, with a growing wait between them. */
  retries?: number;
  backoffMs?: number;
  log?: (message: string) => void;
}

const MAX_REDIRECTS = 5;

/** One GET, following redirects; answers the body of a 200 or throws with the reason. */
function get(url: string, options: { ca: (string | Buffer)[] | undefined; timeoutMs: number }, redirects = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.get(
      target,
      { timeout: options.timeoutMs, headers: { 'user-agent': 'Recaudo (tasa oficial)', accept: 'text/html' }, ...(options.ca ? { ca: options.ca } : {}) },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (redirects >= MAX_REDIRECTS) return reject(new BcvUnavailableError(`demasiadas redirecciones (${MAX_REDIRECTS})`));
          return resolve(get(new URL(response.headers.location, target).toString(), options, redirects + 1));
        }
        if (status !== 200) {
          response.resume();
          return reject(new BcvUnavailableError(`el BCV respondió HTTP ${status}`));
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', (error) => reject(new BcvUnavailableError(`respuesta cortada: ${error.message}`)));
      },
    );
    // The whole answer within the timeout, not only the wait for the first byte.
    const timer = setTimeout(() => request.destroy(new BcvUnavailableError(`sin respuesta en ${options.timeoutMs / 1000} s`)), options.timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new BcvUnavailableError(`sin respuesta en ${options.timeoutMs / 1000} s`)));
    request.on('error', (error) => reject(error instanceof BcvUnavailableError ? error : new BcvUnavailableError(`sin conexión: ${error.message}`)));
  });
}

/**
 * Reads the BCV page (`BCV_RATE_URL`): 30 s per attempt, two more attempts after a failure with
 * a growing wait, each failure logged with its reason. Throws BcvUnavailableError when none
 * got the page.
 */
export function bcvPageReader(options: BcvClientOptions): () => Promise<string> {
  const ca = options.caFile ? [...tls.rootCertificates, fs.readFileSync(options.caFile)] : undefined;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 2000;
  return async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await get(options.url, { ca, timeoutMs });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.log?.(`Tasa BCV: intento ${attempt + 1} de ${retries + 1} fallido (${reason})`);
        if (attempt >= retries) throw new BcvUnavailableError(reason);
        await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** attempt));
      }
    }
  };
}
