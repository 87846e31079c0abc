import fs from 'node:fs';
import lockfile from 'proper-lockfile';

/**
 * PGlite has no guard against a second process opening the same data directory, which
 * corrupts it; the server holds this lock for as long as it runs.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { stale: 15_000, update: 5_000, realpath: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new Error(`Otro proceso de Recaudo ya usa ${dataDir}. Deténgalo o use otro DATA_DIR.`);
    }
    throw error;
  }
}
