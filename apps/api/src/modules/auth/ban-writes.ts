import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { bans } from '../../db/schema/index.ts';

type BanRow = typeof bans.$inferSelect;

/** Writes a ban in the caller's transaction; applyBan then makes it bite (sessions, sockets, the guard's cache). */
export async function recordBan(tx: Queryable, ban: { wallet: string; reason: string; until: Date; by: string; at: Date }): Promise<BanRow> {
  const [row] = await tx
    .insert(bans)
    .values({ id: randomUUID(), wallet: ban.wallet, reason: ban.reason, until: ban.until, createdBy: ban.by, createdAt: ban.at })
    .returning();
  if (!row) throw new Error('insert into bans returned no row');
  return row;
}

/**
 * Lifts the wallet's active bans (not lifted, not yet ended) in the caller's transaction, and returns them as they
 * were and as they are now (empty when none was active). The caller forgets the wallet in the BanGuard afterwards.
 */
export async function liftActiveBans(tx: Queryable, wallet: string, lift: { by: string; at: Date }): Promise<{ before: BanRow[]; lifted: BanRow[] }> {
  const active = and(eq(bans.wallet, wallet), isNull(bans.liftedAt), gt(bans.until, lift.at));
  const before = await tx.select().from(bans).where(active);
  if (before.length === 0) return { before, lifted: [] };
  const lifted = await tx.update(bans).set({ liftedAt: lift.at, liftedBy: lift.by }).where(active).returning();
  return { before, lifted };
}
