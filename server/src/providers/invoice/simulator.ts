import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { caseless } from '../caseless';
import { listenOn } from '../listen';
import { ENDPOINTS, publicPage, refusal, type Answer, type EndpointContext } from './simulator-endpoints';
import { SimulatorStore, type MailTrace, type NumberingRange, type StoredDocument } from './simulator-store';

/**
 * A simulator of The Factory HKA's "Imprenta Digital" API (providers.md §2, §4, §5) on a real
 * HTTP port, at least as strict as the service: bearer tokens from `Autenticacion` (numeric
 * `codigo`), every other answer with a string `codigo`, keys bound without regard to case, one
 * HTTP method per endpoint and 404 on unknown paths, control numbers from a range that can run
 * out, and failures on request for tests. Endpoints are in simulator-endpoints, checks in
 * simulator-rules, state in simulator-store.
 */

export type SimulatedFailure =
  /** Hold the answer longer than any client waits; `process` first stores the document as the real service may. */
  | { kind: 'timeout'; process?: boolean; holdMs?: number }
  | { kind: 'http500' }
  /** A business answer; `httpStatus` 400 sends it as the service does for malformed fields. */
  | { kind: 'code'; code: string; message?: string; validations?: string[]; httpStatus?: number; process?: boolean };

export interface InvoiceSimulator {
  url: string;
  /** The public verification pages' base (no bearer). */
  publicUrl: string;
  /** Documents issued, in order. */
  documents: StoredDocument[];
  /** Every authorised call received: endpoint, method and body. */
  calls: { endpoint: string; method: string; body: Record<string, unknown> }[];
  mails: MailTrace[];
  retentions: Record<string, unknown>[];
  ranges: NumberingRange[];
  failNext(endpoint: string, failure: SimulatedFailure): void;
  /** Makes every token issued so far invalid (the next call gets HTTP 401). */
  expireTokens(): void;
  close(): Promise<void>;
}

export interface SimulatorOptions {
  user?: string;
  password?: string;
  port?: number;
  /** Listen address; the standalone simulators may listen beyond this machine. */
  host?: string;
  /** `port` taken: listen on a free one instead of failing (the demo's in-process printer). */
  anyPortIfTaken?: boolean;
  rangeFrom?: number;
  rangeTo?: number;
  /** A JSON file keeping the printer's state across restarts; in memory without it. */
  stateFile?: string;
  /** Accepted currency codes (catalog 7). */
  currencies?: string[];
  /** The same document or e-mail again within this many ms answers code 99 (default 30 s). */
  repeatWindowMs?: number;
}

type Body = Record<string, unknown>;

export async function startInvoiceSimulator(options: SimulatorOptions = {}): Promise<InvoiceSimulator> {
  const user = options.user ?? 'recaudo';
  const password = options.password ?? 'simulador';
  const store = new SimulatorStore(options.stateFile, { from: options.rangeFrom ?? 1, to: options.rangeTo ?? 100_000 });
  const tokens = new Set<string>();
  const failures = new Map<string, SimulatedFailure[]>();
  const held = new Set<NodeJS.Timeout>();
  const ctx: EndpointContext = {
    store,
    currencies: options.currencies ?? ['VES', 'USD', 'EUR'],
    repeatWindowMs: options.repeatWindowMs ?? 30_000,
    publicBase: () => sim.publicUrl,
  };
  const sim: InvoiceSimulator = {
    url: '',
    publicUrl: '',
    documents: store.documents,
    calls: [],
    mails: store.mails,
    retentions: store.retentions,
    ranges: store.ranges,
    failNext(endpoint, failure) {
      const key = endpoint.toLowerCase();
      failures.set(key, [...(failures.get(key) ?? []), failure]);
    },
    expireTokens: () => tokens.clear(),
    close: () =>
      new Promise((resolve) => {
        for (const timer of held) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function login(body: Body): Answer {
    if (body.usuario !== user || body.clave !== password) return { status: 200, body: { codigo: 403, mensaje: 'Usuario o clave inválidos' } };
    const token = randomBytes(24).toString('hex');
    tokens.add(token);
    return {
      status: 200,
      body: { codigo: 200, mensaje: 'Autenticación exitosa', token, expiracion: new Date(Date.now() + 12 * 3600_000).toISOString().slice(0, 19) },
    };
  }

  async function answer(request: http.IncomingMessage, raw: string, send: (answer: Answer) => void) {
    const url = new URL(request.url ?? '/', 'http://simulador');
    const method = request.method ?? 'GET';
    const route = url.pathname.replace(/\/+$/, '').toLowerCase();
    if (route === '/consulta' && method === 'GET') return 'public';
    const endpoint = route.replace(/^\/api\//, '');
    const known = endpoint === 'autenticacion' ? { methods: ['POST'] } : route.startsWith('/api/') ? ENDPOINTS[endpoint] : undefined;
    if (!known) return send({ status: 404, body: {} });
    if (!known.methods.includes(method)) return send({ status: 405, body: {} });
    let parsed: Body = Object.fromEntries(url.searchParams);
    try {
      if (raw) parsed = { ...parsed, ...(JSON.parse(raw) as Body) };
    } catch {
      return send(refusal('400', 'Error en la petición', ['JSON inválido'], 400));
    }
    const body = caseless(parsed);
    if (endpoint === 'autenticacion') return send(login(body));
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return send({ status: 401, body: { codigo: '401', mensaje: 'No autorizado' } });
    sim.calls.push({ endpoint: ENDPOINT_NAMES[endpoint] ?? endpoint, method, body: parsed });
    const handle = () => ENDPOINTS[endpoint]!.handle(ctx, body, method);
    const failure = failures.get(endpoint)?.shift();
    if (failure?.kind === 'http500') return send({ status: 500, body: { mensaje: 'Error interno del servidor' } });
    if (failure?.kind === 'code') {
      if (failure.process) await handle();
      return send(refusal(failure.code, failure.message ?? 'Documento no procesado', failure.validations ?? [], failure.httpStatus ?? 200));
    }
    if (failure?.kind === 'timeout') {
      const result = failure.process ? await handle() : null;
      const timer = setTimeout(() => {
        held.delete(timer);
        send(result ?? refusal('100', 'Error procesando', []));
      }, failure.holdMs ?? 60_000);
      held.add(timer);
      return;
    }
    send(await handle());
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const send = ({ status, body }: Answer) => {
        if (response.destroyed) return;
        const empty = status === 404 || status === 405;
        response.writeHead(status, empty ? {} : { 'Content-Type': 'application/json; charset=utf-8' });
        response.end(empty ? undefined : JSON.stringify(body));
      };
      answer(request, raw, send)
        .then((outcome) => {
          if (outcome !== 'public') return;
          const page = publicPage(ctx, new URL(request.url ?? '/', 'http://simulador').searchParams.get('doc') ?? '');
          response.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(page.html);
        })
        .catch(() => {
          // A simulator fault answers like a printer outage instead of ending the server process.
          if (!response.headersSent)
            response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ mensaje: 'Error interno del servidor' }));
        });
    });
  });
  const port = await listenOn(server, options);
  sim.publicUrl = `http://127.0.0.1:${port}`;
  sim.url = `${sim.publicUrl}/api`;
  return sim;
}

/** The names tests and records use for each endpoint, as the service spells them. */
const ENDPOINT_NAMES: Record<string, string> = {
  emision: 'Emision',
  estadodocumento: 'EstadoDocumento',
  anular: 'Anular',
  descargaarchivo: 'DescargaArchivo',
  'correo/enviar': 'Correo/Enviar',
  'correo/rastreo': 'Correo/Rastreo',
  ultimodocumento: 'UltimoDocumento',
  consultanumeraciones: 'ConsultaNumeraciones',
  asignarnumeraciones: 'AsignarNumeraciones',
  aplicarretencion: 'AplicarRetencion',
  listadodocumentos: 'ListadoDocumentos',
  estadolote: 'EstadoLote',
};
