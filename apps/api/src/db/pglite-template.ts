import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

const TEMPLATE_PREFIX = 'pglite-template-';

/** Written last into a new data folder, and read first: a folder without it is not a database yet. */
const VERSION_FILE = 'PG_VERSION';

/**
 * A new embedded database starts from a template: an initialised, migrated, empty data folder that `npm run build`
 * writes once (scripts/build.mjs) and a new data folder is copied from. Creating one from nothing runs PostgreSQL's
 * initdb in WebAssembly beside the server, which takes seconds and about 700 MB; loading a tar archive of the folder
 * instead (PGlite's loadDataDir) still takes a second and keeps the unpacked archive's memory in the heap, where a
 * plain file copy takes tens of milliseconds. The folder's name carries a hash of the migrations, so a template made
 * from other migrations is never used (the server then creates the database itself).
 */
export function templateDir(): string {
  return apiPath('dist', `${TEMPLATE_PREFIX}${migrationsId()}`);
}

/** A hash of the migrations (journal and SQL): the same id means the same schema. */
export function migrationsId(): string {
  const hash = createHash('sha256').update(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json')));
  for (const name of readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith('.sql')).sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Opens PGlite on `dataDir` (null = in memory); a new data folder starts from the template when there is one. */
export async function openPgliteClient(dataDir: string | null): Promise<PGlite> {
  const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] };
  if (!dataDir) return PGlite.create(options);
  const template = templateDir();
  if (!existsSync(join(dataDir, VERSION_FILE)) && existsSync(join(template, VERSION_FILE))) {
    // The version file last: a copy cut short leaves a folder without it, copied again (over itself) next time.
    cpSync(template, dataDir, { recursive: true, force: true, filter: (source) => source !== join(template, VERSION_FILE) });
    cpSync(join(template, VERSION_FILE), join(dataDir, VERSION_FILE));
  }
  return PGlite.create(dataDir, options);
}

/** Brings a PGlite database's schema up to date. */
export async function migratePgliteClient(client: PGlite): Promise<void> {
  await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * Writes the template for the current migrations unless it is there already (run by the build, and once before the
 * test suite, each in its own process); returns its folder. A template in place is never replaced: other processes
 * may be copying it.
 */
export async function writeTemplate(): Promise<string> {
  const dir = templateDir();
  if (existsSync(join(dir, VERSION_FILE))) return dir;
  // Made beside its final place and renamed into it, so a build cut short never leaves half a template.
  const draft = `${dir}.draft-${process.pid}`;
  await rm(draft, { recursive: true, force: true });
  await mkdir(dirname(dir), { recursive: true });
  const client = await PGlite.create(draft, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
  try {
    await migratePgliteClient(client);
  } finally {
    await client.close();
  }
  try {
    await rename(draft, dir);
  } catch (error) {
    // Another process put its template in place first: the same migrations, so the same template.
    await rm(draft, { recursive: true, force: true });
    if (!existsSync(join(dir, VERSION_FILE))) throw error;
  }
  // Templates of earlier migrations (and archives of earlier builds) are never read again.
  const stale = (await readdir(dirname(dir))).filter((name) => name.startsWith(TEMPLATE_PREFIX) && join(dirname(dir), name) !== dir && !name.includes('.draft-'));
  for (const name of stale) await rm(join(dirname(dir), name), { recursive: true, force: true });
  return dir;
}
