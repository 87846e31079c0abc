import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { output, ZodType } from 'zod';
import { messagesAuth } from '@recaudo/domain/auth';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './database-outage';
import { messages } from '@recaudo/domain/messages';

const STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  length_required: 411,
  too_large: 413,
  validation: 422,
  too_many_requests: 429,
  /** A failure whose reason the caller can act on (a read-only disk): said, unlike other 500s. */
  server_error: 500,
  unavailable: 503,
  /** The disk is full (WebDAV's Insufficient Storage, the usual answer for it). */
  insufficient_storage: 507,
} as const;

export type ErrorCode = keyof typeof STATUS;

/** The one error type services throw; the handler turns it into the failure envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const notFound = (message = 'No encontrado') => new AppError('not_found', message);
export const forbidden = (message: string = messagesAuth.forbidden) => new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated', messagesAuth.unauthenticated);

/** A 422 naming one field, as if the schema had rejected it. */
export const fieldError = (field: string, message: string) => new AppError('validation', message, { [field]: [message] });

function validationFailure(issues: { instancePath: string; message?: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    (errors[field] ??= []).push(issue.message ?? 'Valor inválido.');
  }
  const first = Object.values(errors)[0]?.[0] ?? 'Los datos enviados no son válidos.';
  return { success: false as const, message: first, errors };
}

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A delete or update blocked by an `ON DELETE RESTRICT` foreign key (PostgreSQL reports it apart from 23503). */
const PG_RESTRICT_VIOLATION = '23001';
/**
 * Values PostgreSQL refuses to take: a number beyond its column's type (22003), text that is no
 * number or date (22P02, 22007, 22008), a NUL byte (22021) or an untranslatable character (22P05).
 * Only a request can bring them in; the schemas stop most, this answers the rest as a bad request.
 */
const PG_INVALID_VALUE = new Set(['22003', '22P02', '22007', '22008', '22021', '22P05']);

export const BAD_REQUEST_MESSAGE = 'Los datos enviados no son válidos.';
export const MALFORMED_FORM_MESSAGE = 'El formulario enviado no es válido.';
const NO_DATA_MESSAGE = 'No hay datos';

/** What busboy (under @fastify/multipart) throws for a body that is no well-formed multipart form. */
const MALFORMED_MULTIPART = /^(Multipart: |Unexpected end of (form|file|multipart data)|Part terminated early|Malformed part header|Malformed urlencoded form)/;

/** Refuses a request whose URL carries a NUL byte (`%00`): no search, filter or id holds one, and PostgreSQL refuses it in text. */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.includes('%00')) {
      void reply.status(400).send({ success: false, message: BAD_REQUEST_MESSAGE });
      return;
    }
    done();
  });
}

export function databaseCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  const code = candidate.cause?.code ?? candidate.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Fastify's and @fastify/multipart's own refusals, by code, in Spanish (their texts are English).
 * A 4xx with a code not listed here answers the generic text of its status, never the library's.
 */
const LIBRARY_REFUSALS: Record<string, { status: number; message: string }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'El archivo supera el tamaño máximo permitido.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Los datos enviados superan el tamaño máximo permitido.' },
  FST_FILES_LIMIT: { status: 413, message: 'El formulario tiene más archivos de los permitidos.' },
  FST_FIELDS_LIMIT: { status: 413, message: 'El formulario tiene más campos de los permitidos.' },
  FST_PARTS_LIMIT: { status: 413, message: 'El formulario tiene más partes de las permitidas.' },
  FST_PROTO_VIOLATION: { status: 400, message: MALFORMED_FORM_MESSAGE },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: MALFORMED_FORM_MESSAGE },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: MALFORMED_FORM_MESSAGE },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, message: NO_DATA_MESSAGE },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: NO_DATA_MESSAGE },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: NO_DATA_MESSAGE },
};

const GENERIC_REFUSALS: Record<number, string> = {
  400: NO_DATA_MESSAGE,
  401: messagesAuth.unauthenticated,
  403: messagesAuth.forbidden,
  404: 'No encontrado',
  405: 'Método no permitido.',
  406: 'El formato pedido no está disponible.',
  408: 'La solicitud tardó demasiado.',
  411: 'La solicitud debe indicar su tamaño (Content-Length).',
  413: 'Los datos enviados superan el tamaño máximo permitido.',
  414: 'La dirección pedida es demasiado larga.',
  415: NO_DATA_MESSAGE,
  429: 'Demasiadas solicitudes. Intenta de nuevo más tarde.',
  431: 'Los encabezados de la solicitud son demasiado grandes.',
};

/** How long a refused request's connection still takes (and drops) the body it is sending. */
const LINGER_MS = 2_000;

/**
 * Node closes a `connection: close` socket once the answer is written; bytes the client is still
 * sending then meet a closed socket, the kernel resets the connection, and a client that had not
 * read the answer yet loses it (a refused 40 MB upload sometimes came back with no status at all).
 * As web servers do (nginx's lingering close), the socket is half-closed after the answer and what
 * still arrives is dropped, until the client closes or LINGER_MS pass.
 */
function lingerBeforeClosing(socket: Socket): void {
  socket.destroySoon = function (this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS).unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
  };
}

/** Answers every failure with the envelope; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A refusal before the body was read whole (too large, no length, a file past its limit) closes
    // the connection after the answer: Node would otherwise read the rest of the body to reuse it.
    if (request.raw.complete === false) {
      reply.header('connection', 'close');
      lingerBeforeClosing(request.raw.socket);
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send({ success: false, message: error.message, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names no record (an id beyond PostgreSQL's integer, not a number) is no resource.
      if (error.validationContext === 'params') return reply.status(404).send({ success: false, message: 'No encontrado' });
      return reply.status(422).send(validationFailure(error.validation));
    }
    // PostgreSQL restarting or gone: the client may try again in a moment (issue 46).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const code = databaseCode(error);
    if (code === PG_UNIQUE_VIOLATION) {
      return reply.status(422).send({ success: false, message: 'El registro ya existe.' });
    }
    if (code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION) {
      return reply
        .status(422)
        .send({ success: false, message: 'El registro está relacionado con otros datos y no se puede modificar.' });
    }
    if (code && PG_INVALID_VALUE.has(code)) {
      return reply.status(400).send({ success: false, message: BAD_REQUEST_MESSAGE });
    }
    const multipart = request.headers['content-type']?.startsWith('multipart/') ?? false;
    // A form cut short ends its file stream early (Node's premature close).
    if (!error.statusCode && (MALFORMED_MULTIPART.test(error.message) || (multipart && error.code === 'ERR_STREAM_PREMATURE_CLOSE'))) {
      return reply.status(400).send({ success: false, message: MALFORMED_FORM_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ success: false, message: 'Error de servidor interno' });
    }
    const known = LIBRARY_REFUSALS[error.code];
    if (known) return reply.status(known.status).send({ success: false, message: known.message });
    return reply.status(status).send({ success: false, message: GENERIC_REFUSALS[status] ?? BAD_REQUEST_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ success: false, message: `No encontrado: ${request.method} ${request.url.split('?')[0]}` }),
  );
}

/**
 * zod's text for what a schema did not word itself (its own is English): the field named by its
 * key, or the generic refusal for the body as a whole. Set once for the process (`z.config`).
 */
export function spanishIssue(issue: { path?: PropertyKey[] }): string {
  const field = issue.path?.filter((key): key is string => typeof key === 'string').at(-1);
  return field ? messages.invalid(field) : BAD_REQUEST_MESSAGE;
}

/**
 * Validates a value with a zod schema inside a handler (a route whose body takes one of two
 * forms), answering the same 422 as the route schemas: the first message and every field's list.
 */
export function validateWith<S extends ZodType>(schema: S, value: unknown): output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  throw new AppError('validation', Object.values(errors)[0]?.[0] ?? 'Los datos enviados no son válidos.', errors);
}
