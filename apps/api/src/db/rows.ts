import type { SQL } from 'drizzle-orm';
import type { Database } from './connect.ts';

/**
 * Runs raw SQL and returns its rows, typed by the caller. Both drivers (PGlite and node-postgres) answer
 * `{ rows }`; Drizzle's driver-independent type leaves it unknown.
 */
export async function queryRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A database or a transaction: what a query function needs to run inside its caller's transaction. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
