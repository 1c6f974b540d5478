import { DEAL_STATUS_GROUPS } from '@jelly/domain';
import { and, count, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { adminSpend, orders } from '../../../db/schema/index.ts';
import type { Queryable } from '../../../db/rows.ts';

export interface SpendTotals {
  /** Network fees: base + priority. */
  fees: bigint;
  /** Rent paid minus rent reclaimed (negative when closes gave back more than was funded in the period). */
  rent: bigint;
}

export type SpendScope = { wallet: string } | { ip: string } | 'platform';

function scopeFilter(scope: SpendScope): SQL | undefined {
  if (scope === 'platform') return undefined;
  return 'wallet' in scope ? eq(adminSpend.wallet, scope.wallet) : eq(adminSpend.ip, scope.ip);
}

/** What the admin paid since `since` for transactions in the scope. */
export async function spentSince(db: Queryable, scope: SpendScope, since: Date): Promise<SpendTotals> {
  const [row] = await db
    .select({
      fees: sql<string>`coalesce(sum(${adminSpend.feeLamports}), 0)::text`,
      rent: sql<string>`coalesce(sum(${adminSpend.rentLamports}), 0)::text`,
    })
    .from(adminSpend)
    .where(and(gte(adminSpend.createdAt, since), scopeFilter(scope)));
  return { fees: BigInt(row?.fees ?? '0'), rent: BigInt(row?.rent ?? '0') };
}

/** Deals of the wallet (either party) locked since `since` that ended Cancelled or Expired: no fee was earned. */
export async function unearnedLocksSince(db: Queryable, wallet: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        isNotNull(orders.parentOrderId),
        gte(orders.lockedAt, since),
        inArray(orders.status, [...DEAL_STATUS_GROUPS.cancelled]),
        or(eq(orders.creatorWallet, wallet), eq(orders.acceptorWallet, wallet)),
      ),
    );
  return row?.n ?? 0;
}
