import type { IncomingMessage } from 'node:http';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, MALFORMED_FORM_MESSAGE } from './errors';

/**
 * Multipart forms of an area, refused as soon as they pass their size (issue 46): a body declared
 * larger than its files and fields may be is refused before a byte of it is read, one without a
 * declared size is refused (browsers always declare it), and a file is refused at the chunk that
 * passes its limit, not after reading the rest. The answer closes the connection (errors.ts), so
 * what the client still sends is not read either. A form cut short (the connection closed early,
 * or a body without its closing delimiter, which @fastify/multipart takes for a whole form) is a
 * 400, never a partial form handled. Files arrive in the body as Buffers and fields as text
 * (`attachFieldsToBody: 'keyValues'`).
 */

export interface UploadLimits {
  /** Bytes of one file. */
  fileBytes: number;
  files: number;
  fields: number;
  /** An area's own 413 wording (one that names its limit), in place of the shared one. */
  tooLargeMessage?: string;
}

/** What the text fields, part headers and boundaries of a form may take besides its files. */
const FIELDS_ALLOWANCE_BYTES = 1024 * 1024;

export const uploadMessages = {
  fileTooLarge: 'El archivo supera el tamaño máximo permitido.',
  formTooLarge: 'El formulario supera el tamaño máximo permitido.',
  lengthRequired: 'El formulario debe indicar su tamaño (Content-Length).',
} as const;

const isMultipart = (contentType: string | undefined) => contentType?.toLowerCase().startsWith('multipart/') ?? false;

/**
 * A file's bytes, up to the chunk that passes the limit. The parser says so with 'limit', and
 * only that: when the limit falls exactly on a chunk's end it hands no partial chunk, so a check
 * of `truncated` per chunk would wait for the rest of the body.
 *
 * Each chunk is copied as it arrives into one buffer sized by the form's declared length (a
 * file is never longer than its form): joining a 33 MB file's chunks at its end held the event
 * loop 180–330 ms on the 2-core machine (`/api/health` waited behind it), a copy per chunk is
 * spread over the turns the upload takes anyway. Unwritten capacity is never touched.
 */
function readWithinLimit(message: string, fileBytes: number) {
  return async function (this: FastifyRequest, part: MultipartFile): Promise<void> {
    const declared = Number(this.headers['content-length']);
    const capacity = Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, fileBytes) : fileBytes;
    const bytes = Buffer.allocUnsafe(capacity);
    let length = 0;
    part.file.once('limit', () => part.file.destroy(new AppError('too_large', message)));
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      if (length + chunk.length > capacity) throw new AppError('too_large', message);
      length += chunk.copy(bytes, length);
    }
    // A body read at once (an injected request) may have passed the limit before the listener was on.
    if (part.file.truncated) throw new AppError('too_large', message);
    // With `keyValues`, a part's `value` is what the body holds for it; the body keeps no file name.
    (part as MultipartFile & { value: Buffer }).value = bytes.subarray(0, length);
    fileNames.set(this.raw, { ...fileNames.get(this.raw), [part.fieldname]: part.filename });
  };
}

const fileNames = new WeakMap<IncomingMessage, Record<string, string>>();

/** The name the client gave the file of a form's `field` (empty when it gave none). */
export const uploadedFileName = (request: FastifyRequest, field: string): string => fileNames.get(request.raw)?.[field] ?? '';

/** The boundary a multipart Content-Type names, quoted or not. */
const boundaryOf = (contentType: string) => /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean) ?? null;

/**
 * Watches a form's bytes as they are read for its close delimiter (a line break, `--`, the
 * boundary, `--`): a file's bytes cannot hold it, or it would have ended the file. It starts
 * listening when the parser starts the body flowing ('resume' comes before the first byte).
 */
function watchForClose(raw: IncomingMessage, boundary: string): () => boolean {
  const delimiter = Buffer.from(`\r\n--${boundary}--`);
  // The body may begin with the close delimiter itself (an empty form), without the line break.
  let tail = Buffer.from('\r\n');
  let closed = false;
  const watch = (chunk: Buffer) => {
    if (closed) return;
    const window = Buffer.concat([tail, chunk]);
    closed = window.includes(delimiter);
    tail = window.subarray(Math.max(0, window.length - delimiter.length + 1));
  };
  raw.once('resume', () => raw.on('data', watch));
  return () => closed;
}

const closeWatchers = new WeakMap<IncomingMessage, () => boolean>();

/** Registers multipart parsing on an area (its plugin context) within `limits`. */
export async function acceptUploads(app: FastifyInstance, limits: UploadLimits): Promise<void> {
  const bodyBytes = limits.files * limits.fileBytes + FIELDS_ALLOWANCE_BYTES;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isMultipart(request.headers['content-type'])) return done();
    const declared = request.headers['content-length'];
    if (declared === undefined) return done(new AppError('length_required', uploadMessages.lengthRequired));
    if (Number(declared) > bodyBytes) return done(new AppError('too_large', limits.tooLargeMessage ?? uploadMessages.formTooLarge));
    const boundary = boundaryOf(request.headers['content-type'] ?? '');
    // Without a boundary the parser refuses the form itself.
    if (boundary) closeWatchers.set(request.raw, watchForClose(request.raw, boundary));
    done();
  });
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: limits.fileBytes, files: limits.files, fields: limits.fields },
    // The refusal of a file past its limit is readWithinLimit's, so it can carry the area's message.
    throwFileSizeLimit: false,
    onFile: readWithinLimit(limits.tooLargeMessage ?? uploadMessages.fileTooLarge, limits.fileBytes),
  });
  // After the parser's own hook: the form it read must have been whole. (`complete` is false for
  // an HTTP message cut short; an injected request leaves it undefined.)
  app.addHook('preValidation', (request, _reply, done) => {
    const closed = closeWatchers.get(request.raw);
    if (closed && (request.raw.complete === false || !closed())) return done(new AppError('bad_request', MALFORMED_FORM_MESSAGE));
    done();
  });
}
