import type { JellyActor, JellyCoinCode } from '@jelly/contracts';
import { JELLY_MOVES, type JellyMoveName, type JellyStageName } from '@jelly/domain';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { jellyEvents, jellyOrders } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/rows.ts';
import { emitSignal } from '../../realtime/signals.ts';

export type JellyOrderRow = typeof jellyOrders.$inferSelect;
export type JellyEventRow = typeof jellyEvents.$inferSelect;

export interface JellyEventInput {
  kind: string;
  actor?: JellyActor;
  signature?: string | null;
  slot?: number | null;
  amount?: bigint | null;
  coin?: JellyCoinCode | null;
  note?: string | null;
}

/** Appends one timeline entry at the order's (new) stage, and tells the owner's sockets (on commit). */
export async function addJellyEvent(db: Queryable, orderId: number, stage: JellyStageName, event: JellyEventInput, at: Date): Promise<void> {
  const [owner] = await db.select({ wallet: jellyOrders.userWallet }).from(jellyOrders).where(eq(jellyOrders.id, orderId));
  if (owner) await emitSignal(db, { t: 'j', id: orderId, w: owner.wallet });
  await db.insert(jellyEvents).values({
    orderId,
    stage,
    kind: event.kind,
    actor: event.actor ?? 'system',
    signature: event.signature ?? null,
    slot: event.slot ?? null,
    amount: event.amount == null ? null : event.amount.toString(),
    coin: event.coin ?? null,
    note: event.note ?? null,
    createdAt: at,
  });
}

/** What a move writes beside the stage: its timeline entry, other columns, and a narrower condition. */
export interface JellyChange {
  event: JellyEventInput;
  set?: Partial<Omit<JellyOrderRow, 'id' | 'stage'>>;
  /** Narrows the move's conditional UPDATE further (e.g. only while the order is marked waiting). */
  where?: SQL;
}

/**
 * Moves an order by the state table in one conditional UPDATE (only from the move's stages), with its timeline
 * entry. Returns the updated row, or null when the order was not in a stage the move starts from (someone else
 * moved it first). The writers of the three lifecycles take the same arguments: (db, record, move, change, now).
 */
export async function moveJelly(db: Queryable, orderId: number, move: JellyMoveName, change: JellyChange, now: Date): Promise<JellyOrderRow | null> {
  const rule = JELLY_MOVES[move];
  const [row] = await db
    .update(jellyOrders)
    .set({ ...change.set, stage: rule.to, updatedAt: now })
    .where(and(eq(jellyOrders.id, orderId), inArray(jellyOrders.stage, [...rule.from]), change.where))
    .returning();
  if (!row) return null;
  await addJellyEvent(db, orderId, rule.to, { actor: rule.actor, ...change.event }, now);
  return row;
}
