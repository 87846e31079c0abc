import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { createDatabase, dropDatabase, untilNoSessions } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data directory (PGlite runs), or null. */
    pgliteSnapshot: string | null;
    /** A migrated database on DATABASE_URL's server to copy (PostgreSQL runs), or null. */
    postgresTemplate: string | null;
  }
}

/**
 * Every test file opens its own database, and migrating an empty PGlite took 1.5–2.5 s of a
 * worker's CPU, where loading a migrated dump takes 0.3–0.5 s; on PostgreSQL a database copied
 * from a migrated template skips the migrations the same way. Both are made once per run here.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'recaudo-pglite-'));
    const file = path.join(folder, 'migrated.tar');
    const handle = await openDatabase({ dataDir: null });
    const dump = await handle.pglite!.dumpDataDir('none');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide('pgliteSnapshot', file);
    project.provide('postgresTemplate', null);
    return () => fs.rm(folder, { recursive: true, force: true });
  }
  const template = await createDatabase(url, 'recaudo_template');
  const handle = await openDatabase({ url: template.url, dataDir: null });
  await handle.close();
  // A database is copied only while nobody is connected to it.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await untilNoSessions(admin, template.name);
  await admin.end();
  project.provide('pgliteSnapshot', null);
  project.provide('postgresTemplate', template.name);
  return () => dropDatabase(url, template.name);
}
