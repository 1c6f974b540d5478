import { asc, eq } from 'drizzle-orm';
import { jellyEvents, jellyOrders } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/rows.ts';
import type { JellyOrderRow } from './jelly-writes.ts';

export type JellyEventRow = typeof jellyEvents.$inferSelect;

export async function findJellyOrder(db: Queryable, id: number): Promise<JellyOrderRow | undefined> {
  const [row] = await db.select().from(jellyOrders).where(eq(jellyOrders.id, id));
  return row;
}

export async function findJellyOrderByAddress(db: Queryable, address: string): Promise<JellyOrderRow | undefined> {
  const [row] = await db.select().from(jellyOrders).where(eq(jellyOrders.depositAddress, address));
  return row;
}

export async function jellyTimeline(db: Queryable, orderId: number): Promise<JellyEventRow[]> {
  return db.select().from(jellyEvents).where(eq(jellyEvents.orderId, orderId)).orderBy(asc(jellyEvents.id));
}
