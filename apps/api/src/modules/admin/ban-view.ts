import type { AdminBan } from '@jelly/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { bans } from '../../db/schema/index.ts';

export type BanRow = typeof bans.$inferSelect;

export function toAdminBan(row: BanRow, now: Date): AdminBan {
  return {
    id: row.id,
    wallet: row.wallet,
    reason: row.reason,
    until: row.until.toISOString(),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftedBy: row.liftedBy,
    active: row.liftedAt === null && row.until.getTime() > now.getTime(),
  };
}

/** Every ban of the wallet, newest first. */
export async function bansOf(db: Queryable, wallet: string, now: Date): Promise<AdminBan[]> {
  const rows = await db.select().from(bans).where(eq(bans.wallet, wallet)).orderBy(desc(bans.createdAt));
  return rows.map((row) => toAdminBan(row, now));
}

/** The active ban that ends last, if any. */
export function activeBanOf(list: readonly AdminBan[]): AdminBan | null {
  const active = list.filter((b) => b.active).sort((a, b) => b.until.localeCompare(a.until));
  return active[0] ?? null;
}
