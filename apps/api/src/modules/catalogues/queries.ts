import { asc } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { tokens } from '../../db/schema/index.ts';

export async function selectTokens(db: Database) {
  return db.select().from(tokens).orderBy(asc(tokens.position), asc(tokens.createdAt), asc(tokens.symbol));
}
