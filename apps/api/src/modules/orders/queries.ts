import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { orders, tokens, users } from '../../db/schema/index.ts';
import type { OrderRow } from './order-view.ts';

export async function findToken(db: Database, mint: string) {
  const [row] = await db.select().from(tokens).where(eq(tokens.mint, mint));
  return row;
}

export async function findAccountCreatedAt(db: Database, wallet: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.wallet, wallet));
  return row?.createdAt ?? null;
}

export async function findOrder(db: Database, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  return row;
}
