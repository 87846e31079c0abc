import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';

/**
 * Where uploaded files live. The local directory is the default (DATA_DIR/uploads); an
 * S3-compatible bucket when STORAGE_S3_* is configured (objectStorage below). Stored names are random,
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
  return filesIn(localObjects(root));
}

/** Uploaded files kept in any object store: names are checked before the store is touched. */
export function filesIn(store: ObjectStore): FileStorage {
  return {
    async save(folder, data, extension) {
      const name = `${folder}/${randomUUID()}.${extension}`;
      await store.put(name, data);
      return name;
    },
    read: (name) => (isStoredName(name) ? store.get(name) : Promise.resolve(null)),
    remove: async (name) => {
      if (isStoredName(name)) await store.remove(name);
    },
  };
}

/**
 * The bytes behind both uploads and backups: a flat set of keys (`folder/name`) in a local
 * directory or an S3-compatible bucket. Callers pass only keys they produced or checked.
 */
export interface ObjectStore {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a local file (a backup written to a temporary file first) under `key`. */
  putFile(key: string, file: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  stream(key: string): Promise<Readable | null>;
  list(prefix?: string): Promise<{ key: string; size: number }[]>;
  remove(key: string): Promise<void>;
}

const PLAIN_KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

function checkedKey(key: string): string {
  if (!PLAIN_KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) throw new Error(`Nombre de archivo no válido: ${key}`);
  return key;
}

export function localObjects(root: string): ObjectStore {
  const target = (key: string) => path.join(root, checkedKey(key));
  const walk = async (dir: string, prefix: string): Promise<{ key: string; size: number }[]> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const found: { key: string; size: number }[] = [];
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) found.push(...(await walk(path.join(dir, entry.name), key)));
      else if (entry.isFile() && !entry.name.startsWith('.')) found.push({ key, size: (await fs.stat(path.join(dir, entry.name))).size });
    }
    return found;
  };
  return {
    async put(key, data) {
      await fs.mkdir(path.dirname(target(key)), { recursive: true });
      await fs.writeFile(target(key), data);
    },
    async putFile(key, file) {
      await fs.mkdir(path.dirname(target(key)), { recursive: true });
      // Copied under a hidden name and renamed: a listing never shows a half-written file.
      const partial = path.join(path.dirname(target(key)), `.${path.basename(key)}.${randomUUID()}`);
      // Stored files (backups among them) are readable by the server's user only, whatever the umask.
      try {
        await fs.copyFile(file, partial);
        await fs.chmod(partial, 0o600);
        await fs.rename(partial, target(key));
      } catch (error) {
        // A copy cut by a full disk leaves nothing behind: the part written would hold the space.
        await fs.rm(partial, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    get: (key) => fs.readFile(target(key)).catch(() => null),
    async stream(key) {
      const file = target(key);
      return (await fs.stat(file).catch(() => null))?.isFile() ? createReadStream(file) : null;
    },
    async list(prefix = '') {
      const base = prefix ? path.join(root, checkedKey(prefix)) : root;
      return (await walk(base, prefix)).sort((a, b) => a.key.localeCompare(b.key));
    },
    remove: (key) => fs.rm(target(key), { force: true }),
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder inside the bucket, so uploads and backups of one installation share a bucket. */
  prefix: string;
}

const xmlValues = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1]!);
const xmlText = (value: string) => value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** An S3-compatible bucket (AWS, MinIO, Ceph, R2…) reached with signed path-style requests. */
export function s3Objects(settings: S3Settings): ObjectStore {
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: 's3' });
  const base = `${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}`;
  const folder = settings.prefix ? `${settings.prefix.replace(/\/$/, '')}/` : '';
  const url = (key: string) => `${base}/${(folder + checkedKey(key)).split('/').map(encodeURIComponent).join('/')}`;
  const expect = async (response: Response, what: string) => {
    if (!response.ok) throw new Error(`S3 ${what}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    async put(key, data) {
      await expect(await client.fetch(url(key), { method: 'PUT', body: new Uint8Array(data) }), `PUT ${key}`);
    },
    async putFile(key, file) {
      // One signed PUT with the payload's SHA-256 computed while reading (S3 takes up to 5 GB).
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
      const size = (await fs.stat(file)).size;
      const body = Readable.toWeb(createReadStream(file)) as ReadableStream;
      const init = { method: 'PUT', body, duplex: 'half', headers: { 'content-length': String(size), 'x-amz-content-sha256': hash.digest('hex') } };
      await expect(await client.fetch(url(key), init as RequestInit), `PUT ${key}`);
    },
    async get(key) {
      const response = await client.fetch(url(key));
      if (response.status === 404) return null;
      return Buffer.from(await (await expect(response, `GET ${key}`)).arrayBuffer());
    },
    async stream(key) {
      const response = await client.fetch(url(key));
      if (response.status === 404) return null;
      await expect(response, `GET ${key}`);
      return response.body ? Readable.fromWeb(response.body as WebReadableStream) : Readable.from([]);
    },
    async list(prefix = '') {
      const found: { key: string; size: number }[] = [];
      let token: string | null = null;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix: folder + (prefix ? `${checkedKey(prefix)}/` : '') });
        if (token) query.set('continuation-token', token);
        const xml = await (await expect(await client.fetch(`${base}?${query}`), 'LIST')).text();
        for (const item of xmlValues(xml, 'Contents')) {
          found.push({ key: xmlText(xmlValues(item, 'Key')[0] ?? '').slice(folder.length), size: Number(xmlValues(item, 'Size')[0] ?? 0) });
        }
        token = xmlValues(xml, 'IsTruncated')[0] === 'true' ? xmlText(xmlValues(xml, 'NextContinuationToken')[0] ?? '') : null;
      } while (token);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    async remove(key) {
      const response = await client.fetch(url(key), { method: 'DELETE' });
      if (response.status !== 404) await expect(response, `DELETE ${key}`);
    },
  };
}

/** Uploads and backups where the configuration puts them: an S3 bucket when configured, else DATA_DIR. */
export function objectStores(config: {
  DATA_DIR: string;
  STORAGE_S3_ENDPOINT?: string;
  STORAGE_S3_BUCKET?: string;
  STORAGE_S3_REGION: string;
  STORAGE_S3_ACCESS_KEY_ID?: string;
  STORAGE_S3_SECRET_ACCESS_KEY?: string;
  STORAGE_S3_PREFIX: string;
}): { uploads: ObjectStore; backups: ObjectStore } {
  if (config.STORAGE_S3_ENDPOINT && config.STORAGE_S3_BUCKET) {
    const settings = {
      endpoint: config.STORAGE_S3_ENDPOINT,
      bucket: config.STORAGE_S3_BUCKET,
      region: config.STORAGE_S3_REGION,
      accessKeyId: config.STORAGE_S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: config.STORAGE_S3_SECRET_ACCESS_KEY ?? '',
    };
    const prefix = config.STORAGE_S3_PREFIX.replace(/\/$/, '');
    return {
      uploads: s3Objects({ ...settings, prefix: prefix ? `${prefix}/uploads` : 'uploads' }),
      backups: s3Objects({ ...settings, prefix: prefix ? `${prefix}/backups` : 'backups' }),
    };
  }
  return { uploads: localObjects(path.join(config.DATA_DIR, 'uploads')), backups: localObjects(path.join(config.DATA_DIR, 'backups')) };
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
