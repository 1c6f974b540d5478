// A fresh, migrated database for each test file, copied from a template migrated once: migrating from nothing costs
// seconds per file (PGlite runs initdb in WebAssembly first), a copy tens of milliseconds.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, migrationsId } from '../../src/db/pglite-template.ts';
import type { DatabaseConfig } from '../../src/shared-config.ts';

export interface TestDatabase {
  database: DatabaseConfig;
  /** Deletes the database (its folder, or the PostgreSQL database). */
  drop: () => Promise<void>;
}

/** Arbitrary constant key: one process at a time makes the PostgreSQL template. */
const TEMPLATE_LOCK_KEY = 7_301_994_216;

/**
 * PGlite by default, in a temporary folder copied from the build's template (the suite's global setup writes it when
 * missing; without one the server creates the database itself). When DATABASE_URL is set (CI's second run and the
 * process tests), a new `jelly_test_<random>` database on that server, made from a migrated template database.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'jelly-test-db-'));
    return { database: { driver: 'pglite', dataDir: join(dir, 'pglite') }, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const name = `jelly_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, async (server) => {
    const template = await postgresTemplate(server, serverUrl);
    await server.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  });
  return {
    database: { driver: 'postgres', url: databaseUrl(serverUrl, name) },
    drop: () => onServer(serverUrl, (server) => server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined)),
  };
}

/**
 * The server's template for the current migrations, made on first use: migrated under another name and renamed, so
 * a half-made template is never copied. Nobody stays connected to it (PostgreSQL copies only an unused database).
 */
async function postgresTemplate(server: pg.Client, serverUrl: string): Promise<string> {
  const template = `jelly_template_${migrationsId()}`;
  const exists = async () => (await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1;
  if (await exists()) return template;
  await server.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
  try {
    if (await exists()) return template;
    const draft = `${template}_draft`;
    await server.query(`DROP DATABASE IF EXISTS ${draft} WITH (FORCE)`);
    await server.query(`CREATE DATABASE ${draft}`);
    const client = new pg.Client({ connectionString: databaseUrl(serverUrl, draft) });
    await client.connect();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.end();
    }
    await server.query(`ALTER DATABASE ${draft} RENAME TO ${template}`);
    return template;
  } finally {
    await server.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  }
}

async function onServer<T>(serverUrl: string, work: (server: pg.Client) => Promise<T>): Promise<T> {
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  try {
    return await work(server);
  } finally {
    await server.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
