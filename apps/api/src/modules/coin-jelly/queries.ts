import type { JellyListItem } from '@jelly/contracts';
import type { StablecoinMints } from '../../chain/stablecoin-mints.ts';
import { jellyCoins } from './coins.ts';
import { asc, eq, inArray } from 'drizzle-orm';
import { jellyEvents, jellyOrders } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/rows.ts';
import type { JellyEventRow, JellyOrderRow } from './jelly-writes.ts';
import { jellyListItemWire } from './to-wire.ts';

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

/** Orders by id as list items (the realtime push), in one query; `mints`: the cluster's (their payment links). */
export async function findJellyListItems(db: Queryable, mints: StablecoinMints, ids: number[]): Promise<Map<number, JellyListItem>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(jellyOrders).where(inArray(jellyOrders.id, [...new Set(ids)]));
  const coins = jellyCoins(mints);
  return new Map(rows.map((row) => [row.id, jellyListItemWire(coins, row)]));
}
