import { paymentMessages } from '@recaudo/domain/payments';
import { fieldError } from '../../platform/errors';
import { detectImage, type FileStorage } from '../../platform/storage';

/** The folder of a payment's images in the file storage. */
export const FILE_FOLDER = 'payments';
export const MAX_PAYMENT_FILES = 10;

/** The images of a multipart form: new uploads, and on update the stored names to keep. */
export interface PaymentFiles {
  uploads: unknown[];
  kept: string[];
}

export interface CheckedUpload {
  data: Buffer;
  extension: string;
}

/** ICO is allowed beside the formats the platform recognises; SVG is refused (it can carry scripts). */
function imageExtension(data: Buffer): string | null {
  const kind = detectImage(data);
  if (kind) return kind.extension;
  if (data.length >= 6 && data[0] === 0 && data[1] === 0 && data[2] === 1 && data[3] === 0 && data.readUInt16LE(4) > 0) return 'ico';
  return null;
}

/** Every upload is checked by content before the database is touched. */
export function checkUploads(uploads: unknown[]): CheckedUpload[] {
  if (uploads.length > MAX_PAYMENT_FILES) throw fieldError('files', `No se pueden adjuntar más de ${MAX_PAYMENT_FILES} archivos.`);
  return uploads.map((upload, index) => {
    const data = Buffer.isBuffer(upload) ? upload : null;
    const extension = data ? imageExtension(data) : null;
    if (!data || !extension) throw fieldError(`files.${index}`, paymentMessages.fileInvalid(index + 1));
    return { data, extension };
  });
}

export async function saveUploads(storage: FileStorage, uploads: CheckedUpload[], saved: string[]): Promise<void> {
  for (const upload of uploads) saved.push(await storage.save(FILE_FOLDER, upload.data, upload.extension));
}

export async function removeFiles(storage: FileStorage, names: string[]): Promise<void> {
  for (const name of names) await storage.remove(name);
}
