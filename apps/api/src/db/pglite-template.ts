import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { apiPath } from '../lib/package-root.ts';
import * as schema from './schema/index.ts';

export const MIGRATIONS_FOLDER = apiPath('drizzle');

/**
 * The embedded database holds one product's tables in the server's own process: PostgreSQL's default 128 MB of
 * shared buffers would only grow the process (the operating system's page cache already holds the files).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * A new embedded database starts from a template: an initialised, migrated, empty data folder that `npm run build`
 * writes once (scripts/build.mjs). Creating one from nothing runs PostgreSQL's initdb in WebAssembly beside the server,
 * which about doubles the first start's time and its peak memory. The file's name carries a hash of the migrations'
 * journal, so a template made from other migrations is never loaded (the server then creates the database itself).
 */
export function templateFile(): string {
  const journal = readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'));
  const id = createHash('sha256').update(journal).digest('hex').slice(0, 16);
  return apiPath('dist', `pglite-template-${id}.tar.gz`);
}

/** Opens PGlite on `dataDir` (null = in memory); a new data folder starts from the template when there is one. */
export async function openPgliteClient(dataDir: string | null): Promise<PGlite> {
  const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] };
  if (!dataDir) return PGlite.create(options);
  const template = templateFile();
  const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
  if (isNew && existsSync(template)) return PGlite.create(dataDir, { ...options, loadDataDir: new Blob([readFileSync(template)]) });
  return PGlite.create(dataDir, options);
}

/** Brings a PGlite database's schema up to date. */
export async function migratePgliteClient(client: PGlite): Promise<void> {
  await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Writes the template for the current migrations (run by the build, in its own process). */
export async function writeTemplate(): Promise<string> {
  const client = await openPgliteClient(null);
  try {
    await migratePgliteClient(client);
    const dump = await client.dumpDataDir('gzip');
    const file = templateFile();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await client.close();
  }
}
