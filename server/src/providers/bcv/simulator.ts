import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { caracas, dayjs } from '@recaudo/domain/dates';
import { bcvPageHtml, changedBcvPageHtml } from './simulator-page';
import { nextBusinessDay, publishedValueDate, simulatedRates } from './simulator-walk';

/** How the next answers fail (tests and the faults of issue 47): each is used once. */
export type BcvFailure = 'timeout' | '500' | 'redirect_loop' | 'error_page' | 'only_usd' | 'dot_decimal';

export interface BcvSimulatorOptions {
  /** The trainer endpoint's key (`X-Trainer-Key`): the installation's, one key for the trainers of all simulators. */
  trainerKey: string;
  port?: number;
  host?: string;
  /** A JSON file keeping what a trainer published across restarts; in memory without it. */
  stateFile?: string;
  /** The clock the page follows (tests). */
  now?: () => Date;
}

interface TrainerState {
  /** What a trainer published, shown until the page is set back to normal. */
  published: { value_date: string; usd: string; eur: string } | null;
  page: 'normal' | 'cambiada' | 'salto';
}

export interface BcvSimulator {
  url: string;
  trainerKey: string;
  failNext(mode: BcvFailure, times?: number): void;
  /** The value date and rates the page shows now. */
  showing(): { valueDate: string; usd: string; eur: string };
  close(): Promise<void>;
}

/** A number as a trainer may write it: "250,12" or "250.12". */
const trainerNumber = (value: unknown): string | null => {
  const text = String(value ?? '').trim().replace(',', '.');
  return /^\d+(\.\d{1,8})?$/.test(text) && new Decimal(text).greaterThan(0) ? new Decimal(text).toFixed(8) : null;
};

/**
 * A stand-in for the BCV's home page (providers.md §6) on a local port: the dollar and euro of a
 * simulated daily walk, the next business day's value date published from 16:00 Caracas. Its
 * trainer endpoint, `POST /simulador/tasa` with the bank simulator's key, publishes a given rate
 * and value date (`fecha_valor`, `dolar`, `euro`), a changed page (`pagina: "cambiada"`), a jump
 * of half again (`pagina: "salto"`), or the normal page again (`pagina: "normal"`).
 */
export async function startBcvSimulator(options: BcvSimulatorOptions): Promise<BcvSimulator> {
  const failures: BcvFailure[] = [];
  const hanging = new Set<http.ServerResponse>();
  let state: TrainerState = { published: null, page: 'normal' };
  if (options.stateFile && fs.existsSync(options.stateFile)) state = { ...state, ...(JSON.parse(fs.readFileSync(options.stateFile, 'utf8')) as Partial<TrainerState>) };
  const persist = () => {
    if (!options.stateFile) return;
    fs.mkdirSync(path.dirname(options.stateFile), { recursive: true });
    const written = `${options.stateFile}.${process.pid}.tmp`;
    fs.writeFileSync(written, JSON.stringify(state));
    fs.renameSync(written, options.stateFile);
  };

  const showing = () => {
    if (state.published) return { valueDate: state.published.value_date, usd: state.published.usd, eur: state.published.eur };
    const now = caracas(options.now?.() ?? new Date());
    const valueDate = publishedValueDate(now.format('YYYY-MM-DD'), now.hour());
    const rates = simulatedRates(valueDate);
    if (state.page === 'salto') {
      const jumped = nextBusinessDay(valueDate);
      return { valueDate: jumped, usd: new Decimal(rates.USD).times(1.5).toFixed(8), eur: new Decimal(rates.EUR).times(1.5).toFixed(8) };
    }
    return { valueDate, usd: rates.USD, eur: rates.EUR };
  };

  const train = (body: Record<string, unknown>): { status: number; payload: unknown } => {
    if (body.pagina !== undefined) {
      if (!['normal', 'cambiada', 'salto'].includes(String(body.pagina))) return { status: 422, payload: { error: 'pagina: normal, cambiada o salto' } };
      state = { published: null, page: body.pagina as TrainerState['page'] };
      persist();
      return { status: 200, payload: { mensaje: 'Página actualizada', ...showing() } };
    }
    const valueDate = String(body.fecha_valor ?? '');
    const usd = trainerNumber(body.dolar);
    const eur = trainerNumber(body.euro);
    if (!dayjs(valueDate, 'YYYY-MM-DD', true).isValid() || !usd || !eur)
      return { status: 422, payload: { error: 'fecha_valor (AAAA-MM-DD), dolar y euro (mayores que 0) son obligatorios' } };
    state = { published: { value_date: valueDate, usd, eur }, page: 'normal' };
    persist();
    return { status: 200, payload: { mensaje: 'Tasa publicada', ...showing() } };
  };

  const page = (response: http.ServerResponse) => {
    const html = (body: string, status = 200) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    const failure = failures.shift();
    if (failure === 'timeout') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    if (failure === '500') return html('<html><body><h1>500 Internal Server Error</h1></body></html>', 500);
    if (failure === 'redirect_loop') {
      response.writeHead(302, { location: '/bucle' });
      return response.end();
    }
    if (failure === 'error_page') return html('<html><head><title>Error</title></head><body><h1>Sitio en mantenimiento</h1></body></html>');
    const shown = showing();
    if (state.page === 'cambiada') return html(changedBcvPageHtml({ usd: shown.usd, eur: shown.eur }));
    html(
      bcvPageHtml({
        valueDate: shown.valueDate,
        usd: shown.usd,
        eur: failure === 'only_usd' ? null : shown.eur,
        writing: failure === 'dot_decimal' ? 'dot' : 'comma',
      }),
    );
  };

  const server = http.createServer((request, response) => {
    const url = (request.url ?? '/').split('?')[0]!.replace(/\/$/, '') || '/';
    if (request.method === 'GET' && (url === '/' || url === '/estadisticas/tipo-de-cambio')) return page(response);
    // A redirect that only ever leads back to itself (the 'redirect_loop' failure).
    if (request.method === 'GET' && url === '/bucle') {
      response.writeHead(302, { location: '/bucle' });
      return response.end();
    }
    if (request.method !== 'POST' || url !== '/simulador/tasa') {
      response.writeHead(404, { 'content-type': 'text/html' });
      return response.end('<html><body>No encontrado</body></html>');
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.headers['x-trainer-key'] !== options.trainerKey) return send(401, { error: 'X-Trainer-Key inválida' });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(400, { error: 'JSON inválido' });
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return send(400, { error: 'JSON inválido' });
      const answer = train(body as Record<string, unknown>);
      send(answer.status, answer.payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    trainerKey: options.trainerKey,
    failNext(mode, times = 1) {
      for (let i = 0; i < times; i++) failures.push(mode);
    },
    showing,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
