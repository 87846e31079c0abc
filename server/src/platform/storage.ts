import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The local directory is the default (DATA_DIR/uploads); an
 * S3-compatible store can implement the same interface later. Stored names are random,
 * `folder/uuid.ext`, and are never taken from the client.
 */
export interface FileStorage {
  save(folder: string, data: Buffer, extension: string): Promise<string>;
  read(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

const SAFE_NAME = /^[a-z0-9-]+\/[a-f0-9-]{36}\.[a-z0-9]{2,5}$/;

/** Only names this storage produced are accepted: nothing can point outside its folder. */
export const isStoredName = (name: string) => SAFE_NAME.test(name);

export function localStorage(root: string): FileStorage {
  const resolve = (name: string) => {
    if (!isStoredName(name)) throw new Error(`Nombre de archivo no válido: ${name}`);
    return path.join(root, name);
  };
  return {
    async save(folder, data, extension) {
      const name = `${folder}/${randomUUID()}.${extension}`;
      const target = resolve(name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, data, { flag: 'wx' });
      return name;
    },
    async read(name) {
      if (!isStoredName(name)) return null;
      return fs.readFile(resolve(name)).catch(() => null);
    },
    async remove(name) {
      if (!isStoredName(name)) return;
      await fs.rm(resolve(name), { force: true });
    },
  };
}

export interface ImageKind {
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  mime: string;
}

/** Recognises an image by its first bytes, whatever name or content type the client claimed. SVG is refused (it can carry scripts). */
export function detectImage(data: Buffer): ImageKind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { extension: 'png', mime: 'image/png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { extension: 'jpg', mime: 'image/jpeg' };
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1'))) return { extension: 'gif', mime: 'image/gif' };
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return { extension: 'webp', mime: 'image/webp' };
  return null;
}
