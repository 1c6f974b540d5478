import { eq, max } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { tokens } from '../../db/schema/index.ts';

/** A listed token's row, as the catalogues module stores it. */
export type TokenRow = typeof tokens.$inferSelect;
export type NewTokenRow = Omit<typeof tokens.$inferInsert, 'position'>;
export type TokenChanges = Partial<Omit<TokenRow, 'mint' | 'createdAt'>>;

/**
 * Lists a token last in the catalogue's order (one position after the highest); null when the mint is listed
 * already. The admin's Add Token calls it inside its own transaction, with the audit row beside it.
 */
export async function insertListedToken(tx: Queryable, row: NewTokenRow): Promise<TokenRow | null> {
  const [last] = await tx.select({ position: max(tokens.position) }).from(tokens);
  const [inserted] = await tx
    .insert(tokens)
    .values({ ...row, position: (last?.position ?? 0) + 1 })
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

/** Changes a listed token's fields; null when no token has this mint. */
export async function updateListedToken(tx: Queryable, mint: string, changes: TokenChanges): Promise<TokenRow | null> {
  const [updated] = await tx.update(tokens).set(changes).where(eq(tokens.mint, mint)).returning();
  return updated ?? null;
}
