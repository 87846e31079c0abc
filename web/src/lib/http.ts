import type { Envelope } from '@recaudo/domain/paging';
import { browser } from './browser';
import { notify } from './notify';
import { toQueryString } from './query-string';
import { getToken, getVersion, setToken, setVersion } from './storage';
import { noteTestMode } from './test-mode';

/**
 * The one http client of the web app. Every call goes through `send()`, so the error
 * catalogue of spec 01 §8 and the version handling of spec 01 §4 live here and nowhere else.
 */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;
export const AUTH_REDIRECT_DELAY_MS = 2_000;
export const RESET_VERSION = '1.0.0';
export const VERSION_HEADER = 'x-app-version';

export const httpMessages = {
  network: 'Error de conexión',
  auth: 'Fallo de autenticación',
  authHint: 'Tu sesión no es válida. Inicia sesión nuevamente.',
  badRequest: 'No hay datos',
  notFound: 'No encontrado',
  expired: 'Error 419',
  server: 'Error de servidor interno',
  timeout: 'Se acabó el tiempo',
  setup: 'Error',
  download: 'Hubo un error al descargar el archivo',
} as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type HttpErrorKind = 'network' | 'timeout' | 'setup' | 'status';
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly status: number | null;
  /** The server's own message, when it sent one (the login screen shows it). */
  readonly serverMessage: string | null;
  /** 422 field errors, `{ field: [messages] }`, for mapping back onto form fields. */
  readonly errors: FieldErrors;
  /** The whole failure answer, for calls whose failures carry more than a message (bank validation). */
  readonly body: unknown;

  constructor(message: string, kind: HttpErrorKind, status: number | null = null, serverMessage: string | null = null, errors: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.body = body;
    this.name = 'HttpError';
    this.kind = kind;
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
  }
}

export interface RequestOptions {
  /** Query string, written in bracket notation (`filters[status]=1`, `filters[dates][]=...`). */
  query?: Record<string, unknown>;
  /** JSON body, or FormData sent as is. */
  body?: unknown;
  /** Pass failures to the caller without a toast (bank payment validation, the login screen). */
  silent?: boolean;
  /** Public endpoints need no token; any other call without a token goes to the start page. */
  public?: boolean;
  /**
   * A 401/403 here means "not logged in" and nothing more: no token removal, no redirect.
   * For the boot check and logout, whose callers already treat it as logged out.
   */
  keepSession?: boolean;
  /** Cancellation from the caller (TanStack Query); a cancelled call shows no toast. */
  signal?: AbortSignal;
  /** Extra request headers, e.g. a payment store's Idempotency-Key. */
  headers?: Record<string, string>;
  timeoutMs?: number;
}

const LOGIN_PATH = 'auth/login';
const normalizePath = (path: string) => path.replace(/^\/+/, '');

export function buildUrl(path: string, query?: Record<string, unknown>): string {
  const search = query ? toQueryString(query) : '';
  return `${API_BASE}/${normalizePath(path)}${search ? `?${search}` : ''}`;
}

function buildInit(method: HttpMethod, options: RequestOptions): RequestInit {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const version = getVersion();
  if (version) headers.set(VERSION_HEADER, version);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, credentials: 'include' };
}

/** A GET answering another version means a new deployment: store it and reload (spec 01 §4). */
function checkVersion(method: HttpMethod, response: Response): void {
  const incoming = response.headers.get(VERSION_HEADER);
  if (!incoming) return;
  const stored = getVersion();
  if (!stored) setVersion(incoming);
  else if (method === 'GET' && stored !== incoming) {
    setVersion(incoming);
    browser.reload();
  }
}

interface FailureBody {
  success?: boolean;
  message?: string;
  errors?: FieldErrors;
}

const errorLines = (errors: FieldErrors | undefined) => Object.values(errors ?? {}).flat();

/** Spec 01 §8, status by status. Returns the error to throw; toasts unless `silent`. */
function failure(path: string, status: number, body: FailureBody | null, options: RequestOptions, titleOverride?: string): HttpError {
  const serverMessage = body?.message || null;
  const errors = body?.errors ?? {};
  let title: string;
  let lines: string[] = [];
  switch (status) {
    case 401:
    case 403:
      title = httpMessages.auth;
      lines = [httpMessages.authHint];
      // A wrong password on the login form is not a dead session.
      if (normalizePath(path) !== LOGIN_PATH && !options.keepSession) {
        setToken(null);
        browser.later(() => browser.goToStart(), AUTH_REDIRECT_DELAY_MS);
      }
      break;
    case 402:
      setVersion(RESET_VERSION);
      browser.reload();
      return new HttpError(serverMessage ?? httpMessages.setup, 'status', status, serverMessage, errors);
    case 400:
      title = httpMessages.badRequest;
      break;
    case 404:
      title = httpMessages.notFound;
      break;
    case 419:
      title = httpMessages.expired;
      break;
    case 500:
      title = httpMessages.server;
      break;
    case 508:
      title = httpMessages.timeout;
      break;
    default:
      // 422 and every other `success: false`: the server's message with its error lines.
      title = serverMessage ?? `${httpMessages.setup} ${status}`;
      lines = errorLines(errors);
  }
  title = titleOverride ?? title;
  if (!options.silent) notify.error(title, titleOverride ? [] : lines);
  return new HttpError(title, 'status', status, serverMessage, errors, body);
}

function localFailure(kind: Exclude<HttpErrorKind, 'status'>, options: RequestOptions, titleOverride?: string): HttpError {
  const title = titleOverride ?? httpMessages[kind];
  if (!options.silent) notify.error(title);
  return new HttpError(title, kind);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type Reader<R> = (response: Response) => Promise<R>;

/**
 * Sends one request and hands the response to `read` (JSON or blob) inside the timeout.
 * Every failure becomes an HttpError after its catalogue effect (toast, logout, reload).
 */
async function send<R>(method: HttpMethod, path: string, options: RequestOptions, read: Reader<R>, titleOverride?: string): Promise<R> {
  if (!options.public && !getToken()) {
    // Spec 01 §7: a private call without a token sends the visitor to the start page.
    browser.goToStart();
    throw new HttpError(httpMessages.auth, 'status', 401);
  }
  let url: string;
  let init: RequestInit;
  try {
    url = buildUrl(path, options.query);
    init = buildInit(method, options);
  } catch {
    throw localFailure('setup', options, titleOverride);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (timedOut) throw localFailure('timeout', options, titleOverride);
      if (options.signal?.aborted) throw error;
      throw localFailure('network', options, titleOverride);
    }
    checkVersion(method, response);
    noteTestMode(response);
    if (!response.ok) throw failure(path, response.status, (await readJson(response)) as FailureBody | null, options, titleOverride);
    return await read(response);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** One JSON call answering the envelope; `success: false` is a failure even with HTTP 200. */
export function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send(method, path, options, async (response) => {
    const body = (await readJson(response)) as (Envelope<T> & FailureBody) | null;
    if (!body || body.success === false) throw failure(path, response.status, body, options);
    return body;
  });
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, { ...options, body }),
};

/** `attachment; filename*=UTF-8''...` or `filename="..."` from the server's header. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * A private file as a Blob, e.g. a payment's image for an `<img>` (which can't carry the token):
 * `URL.createObjectURL(await fetchBlob('payments/9/files/x.png', { silent: true }))`.
 */
export function fetchBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return send('GET', path, options, (response) => response.blob());
}

/**
 * Downloads a file (exports, receipts, backups) and saves it under the server's file name.
 * Any failure shows the one download text of the catalogue.
 */
export async function download(path: string, options: RequestOptions & { fileName?: string; method?: HttpMethod } = {}): Promise<void> {
  const { fileName, method = 'GET', ...rest } = options;
  await send(
    method,
    path,
    rest,
    async (response) => {
      const blob = await response.blob();
      saveBlob(blob, fileNameFrom(response.headers.get('content-disposition')) ?? fileName ?? 'archivo');
    },
    httpMessages.download,
  );
}
