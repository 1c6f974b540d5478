import type { Database } from '../../db/connect.ts';
import { orders } from '../../db/schema/index.ts';

export type NewOrderRow = Omit<typeof orders.$inferInsert, 'orderId' | 'amountTokens'>;

export async function insertOrder(db: Database, row: NewOrderRow): Promise<number> {
  const [inserted] = await db.insert(orders).values(row).returning({ orderId: orders.orderId });
  if (!inserted) throw new Error('insert into orders returned no row');
  return inserted.orderId;
}
