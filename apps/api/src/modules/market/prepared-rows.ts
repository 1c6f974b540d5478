import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

const dialect = new PgDialect();

/**
 * Runs a hot read as a named prepared statement on PostgreSQL (node-postgres prepares it once per connection, so
 * PostgreSQL skips parsing and, after a few runs, planning); the name is a hash of the text, so one text always
 * has one name. On PGlite (one embedded connection, no network) it runs as a plain query.
 */
export async function preparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `m_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  const result = await client.query<T & pg.QueryResultRow>({ name, text, values: params });
  return result.rows;
}
