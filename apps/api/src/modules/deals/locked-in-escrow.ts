import { OrderStatus } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../db/rows.ts';

/** What the database says one offer's escrow vault holds: the deals it has recorded as locked there. */
export interface LockedInVault {
  offerId: number;
  dealIds: number[];
  tokenMint: string;
  tokenName: string;
  tokenDecimal: number;
  /** Base units. */
  amount: bigint;
}

/**
 * Deals whose tokens the database counts as in escrow, per offer (one vault per offer on chain): Locked and Signed By
 * One Party always; Admin Resolving only when the lock was recorded (a dispute may start before any lock). A lock
 * the database never recorded is then a difference the proof of escrow shows, as it must.
 */
export async function lockedInEscrowByOffer(db: Queryable): Promise<LockedInVault[]> {
  const rows = await queryRows<{ offer_id: string | number; deal_ids: (string | number)[]; token_mint: string; token_name: string; token_decimal: number; amount: string }>(
    db,
    sql`SELECT parent_order_id AS offer_id, array_agg(order_id ORDER BY order_id) AS deal_ids, min(token_mint) AS token_mint,
               min(token_name) AS token_name, min(token_decimal) AS token_decimal, sum(amount)::text AS amount
          FROM orders
         WHERE parent_order_id IS NOT NULL
           AND (status IN (${OrderStatus.CryptoGuyLockedCrypto}, ${OrderStatus.SignedByOneParty})
                OR (status = ${OrderStatus.AdminResolving} AND locked_at IS NOT NULL))
         GROUP BY parent_order_id
         ORDER BY parent_order_id`,
  );
  return rows.map((row) => ({
    offerId: Number(row.offer_id),
    dealIds: row.deal_ids.map(Number),
    tokenMint: row.token_mint,
    tokenName: row.token_name,
    tokenDecimal: row.token_decimal,
    amount: BigInt(row.amount),
  }));
}
