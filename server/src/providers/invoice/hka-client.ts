import { caseless } from '../caseless';
import {
  ProviderTimeout,
  type NumberingRange,
  type DocumentRef,
  type DocumentType,
  type ElectronicDocument,
  type InvoiceProvider,
  type ProviderAnswer,
  type RetentionInput,
} from './types';

export interface HkaOptions {
  /** Base of the API, e.g. https://demoemisionv2.thefactoryhka.com.ve/api */
  url: string;
  user: string;
  password: string;
  /** Milliseconds before a call counts as timed out (it may still have been processed). */
  timeoutMs?: number;
}

interface HkaDocument {
  numeroControl?: string;
  urlConsulta?: string;
  estadoDocumento?: string;
  transaccionId?: string;
  numeroDocumento?: string | number;
}

interface HkaBody {
  codigo?: string | number;
  mensaje?: string;
  validaciones?: string[] | string | null;
  token?: string;
  resultado?: HkaDocument | null;
  estado?: HkaDocument | null;
  archivo?: string;
  numeroDocumento?: string | number;
  numeraciones?: Record<string, unknown>[] | null;
}

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
const integer = (value: unknown) => Number(String(value ?? '').replace(/\D/g, '') || NaN);

function rangesOf(list: HkaBody['numeraciones']): NumberingRange[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.map((item) => ({
    serie: text(item.serie) ?? '',
    tipoDocumento: text(item.tipoDocumento) ?? '',
    from: integer(item.desde),
    to: integer(item.hasta),
    last: integer(item.correlativo),
    state: text(item.estado) ?? '',
  }));
}

/**
 * HTTP client of The Factory HKA (providers.md §2.2–2.6, §4): a bearer token from `Autenticacion`,
 * renewed once on HTTP 401; business errors come as `codigo` ≠ "200" (HTTP 200 or 400) and are
 * answered, not thrown. Answers are read whatever the case of their keys and whether `codigo` is
 * a number or a string. Only a missing answer throws (`ProviderTimeout`).
 */
export function createHkaClient(options: HkaOptions): InvoiceProvider {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  let token: string | null = null;

  async function post(endpoint: string, body: unknown, auth: boolean): Promise<{ status: number; body: HkaBody }> {
    let response: Response;
    try {
      response = await fetch(`${base}/${endpoint}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(auth && token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new ProviderTimeout(endpoint);
      throw new ProviderTimeout(endpoint);
    }
    const raw = await response.text();
    let parsed: HkaBody = {};
    try {
      parsed = raw ? caseless(JSON.parse(raw) as HkaBody) : {};
    } catch {
      parsed = { mensaje: raw.slice(0, 500) };
    }
    return { status: response.status, body: parsed };
  }

  async function login() {
    const { status, body } = await post('Autenticacion', { usuario: options.user, clave: options.password }, false);
    if (status !== 200 || Number(body.codigo) !== 200 || !body.token)
      throw new Error(`Autenticación rechazada por el proveedor de facturas: ${body.mensaje ?? status}`);
    token = body.token;
  }

  async function call(endpoint: string, body: unknown): Promise<ProviderAnswer> {
    if (!token) await login();
    let answer = await post(endpoint, body, true);
    if (answer.status === 401) {
      await login();
      answer = await post(endpoint, body, true);
    }
    const data = answer.body;
    const code = data.codigo !== undefined && data.codigo !== null ? String(data.codigo).trim() : String(answer.status);
    const found = data.resultado ?? data.estado ?? null;
    const validations = Array.isArray(data.validaciones) ? data.validaciones.map(String) : data.validaciones ? [String(data.validaciones)] : [];
    return {
      endpoint,
      code,
      message: text(data.mensaje) ?? '',
      validations,
      controlNumber: text(found?.numeroControl),
      url: text(found?.urlConsulta),
      transactionId: text(found?.transaccionId),
      documentNumber: text(found?.numeroDocumento ?? data.numeroDocumento),
      file: data.archivo ? Buffer.from(data.archivo, 'base64') : undefined,
      ranges: rangesOf(data.numeraciones),
    };
  }

  return {
    emit: (document: ElectronicDocument) => call('Emision', { documentoElectronico: document }),
    state: (tipoDocumento: DocumentType, transaccionId: string) => call('EstadoDocumento', { tipoDocumento, transaccionId }),
    stateOf: (ref: DocumentRef) => call('EstadoDocumento', ref),
    lastDocument: (tipoDocumento: DocumentType, serie: string) => call('UltimoDocumento', { serie, tipoDocumento }),
    numberings: (tipoDocumento: DocumentType, serie: string) => call('ConsultaNumeraciones', { serie, tipoDocumento, prefix: '' }),
    cancel: (ref: DocumentRef, reason: string, date: string, time: string) =>
      call('Anular', { ...ref, motivoAnulacion: reason, fechaAnulacion: date, horaAnulacion: time }),
    download: (ref: DocumentRef) => call('DescargaArchivo', { ...ref, tipoArchivo: 'pdf' }),
    sendMail: (ref: DocumentRef, emails: string[]) => call('Correo/Enviar', { ...ref, correos: emails }),
    applyRetention: (input: RetentionInput) => call('AplicarRetencion', input),
  };
}
