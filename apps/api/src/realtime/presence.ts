import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { dealViewers, type ChatRoomKind } from '../db/schema/index.ts';

/** A chat room: a deal's, or a swap's (their ids are separate sequences, so the kind is part of the key). */
export interface ChatRoom {
  kind: ChatRoomKind;
  id: number;
}

/** A process refreshes its viewers this often… */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/** …and a viewer row not refreshed for this long belongs to a process that died. */
export const PRESENCE_STALE_MS = 90_000;

/**
 * "Viewing a chat room" across API processes: a row per open deal-room or swap-room subscription. Written on subscribe/unsubscribe
 * (rare) and refreshed in bulk per process, so the chat use-case on any process can ask whether the recipient
 * has the deal open anywhere.
 */
export async function addViewer(
  db: Database,
  row: { subscriptionId: string; wallet: string; room: ChatRoom; processId: string; now: Date },
): Promise<void> {
  await db
    .insert(dealViewers)
    .values({
      subscriptionId: row.subscriptionId,
      wallet: row.wallet,
      roomKind: row.room.kind,
      dealId: row.room.id,
      processId: row.processId,
      seenAt: row.now,
    })
    .onConflictDoUpdate({ target: dealViewers.subscriptionId, set: { seenAt: row.now } });
}

export async function removeViewer(db: Database, subscriptionId: string): Promise<void> {
  await db.delete(dealViewers).where(eq(dealViewers.subscriptionId, subscriptionId));
}

/** Keeps this process's rows fresh and drops rows that no live process refreshes. */
export async function refreshViewers(db: Database, processId: string, now: Date): Promise<void> {
  await db.update(dealViewers).set({ seenAt: now }).where(eq(dealViewers.processId, processId));
  await db.delete(dealViewers).where(lt(dealViewers.seenAt, new Date(now.getTime() - PRESENCE_STALE_MS)));
}

export async function removeProcessViewers(db: Database, processId: string): Promise<void> {
  await db.delete(dealViewers).where(eq(dealViewers.processId, processId));
}

/** True when the wallet has the deal open on some API process (a live subscription). */
export async function isViewingDeal(db: Pick<Database, 'select'>, wallet: string, dealId: number, now: Date): Promise<boolean> {
  return isViewingRoom(db, wallet, { kind: 'deal', id: dealId }, now);
}

/** True when the wallet has the chat room (a deal's or a swap's) open on some API process. */
export async function isViewingRoom(db: Pick<Database, 'select'>, wallet: string, room: ChatRoom, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(dealViewers)
    .where(
      and(
        eq(dealViewers.wallet, wallet),
        eq(dealViewers.roomKind, room.kind),
        eq(dealViewers.dealId, room.id),
        gt(dealViewers.seenAt, new Date(now.getTime() - PRESENCE_STALE_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
