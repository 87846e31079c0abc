import type zlib from 'node:zlib';

/** What a PDF's scan found: nothing active, JavaScript or an automatic action, or more compressed data than the budget allows. */
export type PdfScanResult = 'clean' | 'active' | 'too_large';

/**
 * Looks for the names by which a PDF runs code or acts on opening (JavaScript, the open action,
 * additional actions, launching a program), in its plain objects and inside its compressed
 * streams (PDF 1.5 keeps the catalog, and with it /OpenAction, in object streams). Every stream
 * is inflated within one budget for the whole file: a file of deflate bombs stops at
 * `maxInflatedBytes` instead of inflating each bomb to its own limit. Images, the bulk of a
 * scanned document, are not inflated: their data is pixels, and a stream without /First cannot
 * serve a reader as an object stream, whatever else its dictionary says.
 *
 * It runs in a worker thread (pdf-check.ts), which receives this function's source text: so it
 * names nothing outside itself, and gets zlib as an argument.
 */
export function scanPdf(data: Uint8Array, inflater: Pick<typeof zlib, 'inflateSync' | 'constants'>, maxInflatedBytes: number): PdfScanResult {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const activeName = /\/(JavaScript|JS|OpenAction|AA|Launch)(?![A-Za-z0-9])/;
  // `/J#61vaScript` is `/JavaScript`: names may spell any character as #xx.
  const spelledOut = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const hasActiveName = (text: string) => activeName.test(spelledOut(text));
  // The stream's dictionary: from its object's header (or at most 4 KB back) to `stream`.
  const dictionaryBefore = (text: string, streamAt: number) => spelledOut(text.slice(Math.max(text.lastIndexOf(' obj', streamAt), streamAt - 4096, 0), streamAt));
  const isImage = (dictionary: string) => /\/Subtype\s*\/Image(?![A-Za-z0-9])/.test(dictionary) && !/\/First(?![A-Za-z0-9])/.test(dictionary);

  const text = bytes.toString('latin1');
  if (hasActiveName(text)) return 'active';
  let inflatedSoFar = 0;
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    if (isImage(dictionaryBefore(text, match.index))) continue;
    const left = maxInflatedBytes - inflatedSoFar;
    if (left <= 0) return 'too_large';
    let inflated: Buffer;
    try {
      inflated = inflater.inflateSync(bytes.subarray(start, end), { finishFlush: inflater.constants.Z_SYNC_FLUSH, maxOutputLength: left, chunkSize: 1024 * 1024 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return 'too_large';
      // Not a Flate stream (an image's DCT data, say): nothing to read in it.
      continue;
    }
    inflatedSoFar += inflated.length;
    if (hasActiveName(inflated.toString('latin1'))) return 'active';
  }
  return 'clean';
}
