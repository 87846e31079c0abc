import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|ico|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/** A copy newer than its file was written by an earlier build into the same folder (the login's, vite.login.config.ts, follows the app's). */
async function compressedAlready(file: string): Promise<boolean> {
  const [source, copy] = await Promise.all([fs.stat(file), fs.stat(`${file}.br`).catch(() => null)]);
  return copy !== null && copy.mtimeMs >= source.mtimeMs;
}

/**
 * Writes `file.br` (Brotli, best) and `file.gz` (gzip, best) beside each compressible file of the
 * build, once, so the server sends them by Accept-Encoding without compressing per request
 * (@fastify/static's preCompressed). A copy that comes out no smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'recaudo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.includes(`${path.sep}.vite`))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          if (await compressedAlready(file)) return;
          const content = await fs.readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
