import { constants, inflateSync } from 'node:zlib';

/**
 * Uploaded files as the server accepts and serves them back: a PDF that would run something when
 * opened is refused, and a served file is never rendered as something else (nosniff) nor a PDF
 * opened inside the application's origin (attachment).
 */

export const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';

/** The names by which a PDF runs code or acts on opening: JavaScript, the open action, additional actions, launching a program. */
const ACTIVE_NAME = /\/(JavaScript|JS|OpenAction|AA|Launch)(?![A-Za-z0-9])/;
/** A PDF's compressed streams are inflated to be read; a stream inflating beyond this is refused unread (a zip bomb). */
const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
const STREAM_START = /stream\r?\n/g;

/** `/J#61vaScript` is `/JavaScript`: names may spell any character as #xx. */
const spelledOut = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const hasActiveName = (text: string) => ACTIVE_NAME.test(spelledOut(text));

/**
 * True when the PDF holds JavaScript or an automatic action, in its plain objects or inside a
 * compressed stream (PDF 1.5 keeps the catalog, and with it /OpenAction, in object streams).
 */
export function pdfHasActiveContent(data: Buffer): boolean {
  const text = data.toString('latin1');
  if (hasActiveName(text)) return true;
  for (const match of text.matchAll(STREAM_START)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    let inflated: Buffer;
    try {
      inflated = inflateSync(data.subarray(start, end), { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: MAX_INFLATED_BYTES });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return true;
      // Not a Flate stream (an image's DCT data, say): nothing to read in it.
      continue;
    }
    if (hasActiveName(inflated.toString('latin1'))) return true;
  }
  return false;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};

/** The headers of a stored upload served back, by its stored name (`folder/uuid.ext`). */
export function storedFileHeaders(name: string): Record<string, string> {
  const fileName = name.split('/').pop() ?? name;
  const extension = fileName.split('.').pop() ?? '';
  return {
    'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    ...(extension === 'pdf' ? { 'content-disposition': `attachment; filename="${fileName}"` } : {}),
  };
}
