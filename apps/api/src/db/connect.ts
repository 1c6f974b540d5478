import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseConfig } from '../shared-config.ts';
import { lockDataDir } from '@jelly/localnet/data-dir-lock';
import * as schema from './schema/index.ts';
import { serveBackupRequests } from './pglite-backup.ts';
import { MIGRATIONS_FOLDER, migratePgliteClient, openPgliteClient } from './pglite-template.ts';

export type Schema = typeof schema;
/** The driver-independent Drizzle handle every query module takes. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The connection pool as the metrics report it: PostgreSQL's pool counts (open, idle, callers waiting for a
 * connection); PGlite is one in-process connection with no pool, so there is nothing to wait for or count.
 */
export type DatabasePoolStats = { driver: 'postgres'; total: number; idle: number; waiting: number } | { driver: 'pglite' };

export interface DatabaseHandle {
  db: Database;
  /** Throws when the database does not answer. */
  ping: () => Promise<void>;
  poolStats: () => DatabasePoolStats;
  close: () => Promise<void>;
}

const pglitePool = (): DatabasePoolStats => ({ driver: 'pglite' });

/** Arbitrary constant key: one migrating process at a time per PostgreSQL database. */
const MIGRATION_LOCK_KEY = 7_301_994_215;

/**
 * Opens the configured database and brings its schema up to date. `onConnectionLost` hears about pooled
 * PostgreSQL connections that die while idle (server restart, failover); the pool replaces them.
 */
export async function openDatabase(
  config: DatabaseConfig,
  onConnectionLost: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  if (config.driver === 'postgres') return openPostgres(config.url, onConnectionLost);
  if (config.driver === 'pglite-shared') return openSharedPglite(config.client);
  return openPglite(config.dataDir);
}

/** Several apps on one PGlite (tests): each migrates (a no-op after the first); the owner closes the client. */
async function openSharedPglite(client: PGlite): Promise<DatabaseHandle> {
  await migratePgliteClient(client);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: pglitePool,
    close: async () => {},
  };
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  let unlock = async () => {};
  if (dataDir) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    unlock = await lockDataDir(
      `${dataDir}.lock`,
      (owner) => `The database in ${dataDir} is in use by process ${owner}. Give each server its own DATA_DIR (or stop the other one).`,
    );
  }
  let client: PGlite | undefined;
  try {
    client = await openPgliteClient(dataDir);
    await migratePgliteClient(client);
    // Only the process holding the folder can copy it consistently: `npm run db:backup` asks it (pglite-backup.ts).
    const stopBackups = dataDir ? await serveBackupRequests(client, dataDir) : async () => {};
    const db = drizzlePglite({ client, schema });
    const opened = client;
    return {
      db,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolStats: pglitePool,
      close: async () => {
        await stopBackups();
        await opened.close();
        await unlock();
      },
    };
  } catch (error) {
    await client?.close();
    await unlock();
    throw error;
  }
}

async function openPostgres(url: string, onConnectionLost: (error: Error) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Without a listener, an idle client's error (e.g. the server terminating it) would crash the process.
  pool.on('error', onConnectionLost);
  // So would a checked-out client's: its query fails with the error, then the closing socket emits another on the
  // client itself (a restart or a dropped connection in the middle of a transaction). The pool discards it on release.
  pool.on('connect', (client) => client.on('error', onConnectionLost));
  try {
    // Migrate on one connection holding an advisory lock, so replicas starting together do not race.
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migrateNodePg(drizzleNodePg({ client: connection, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      connection.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({ driver: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
