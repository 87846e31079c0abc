/**
 * Uploaded files as the server accepts and serves them back: a PDF that would run something when
 * opened is refused (pdf-check.ts), and a served file is never rendered as something else (nosniff) nor a PDF
 * opened inside the application's origin (attachment).
 */

export const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';

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
