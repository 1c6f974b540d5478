import { OfferSide, OrderStatus } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { orders } from '../../db/schema/index.ts';

export interface SeededDeal {
  offerId: number;
  dealId: number;
  creatorWallet: string;
  acceptorWallet: string;
}

/**
 * An offer and a claimed deal on it, written straight into the orders table (tests of delivery do not need the
 * market's use-cases): 40 USDC at 0.92 EUR, Sell offer (creator = crypto side).
 */
export async function seedDeal(
  db: Database,
  parties: { creator: string; acceptor: string },
  overrides: Partial<typeof orders.$inferInsert> = {},
  now: Date = new Date(),
): Promise<SeededDeal> {
  const common = {
    creatorWallet: parties.creator,
    tokenMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    tokenName: 'USDC',
    tokenDecimal: 6,
    offerSide: OfferSide.Sell,
    price: '0.92',
    fiatCode: 'EUR',
    paymentWindowMinutes: 30,
  };
  const [offer] = await db
    .insert(orders)
    .values({ ...common, status: OrderStatus.Active, amount: '60000000', totalAmount: '100000000' })
    .returning({ orderId: orders.orderId });
  if (!offer) throw new Error('seedDeal: no offer');
  const [deal] = await db
    .insert(orders)
    .values({
      ...common,
      parentOrderId: offer.orderId,
      acceptorWallet: parties.acceptor,
      status: OrderStatus.InProgress,
      amount: '40000000',
      totalAmount: '40000000',
      fiatAmountCents: '3680',
      dealStartTime: now,
      paymentDeadline: new Date(now.getTime() + 30 * 60_000),
      ...overrides,
    })
    .returning({ orderId: orders.orderId });
  if (!deal) throw new Error('seedDeal: no deal');
  return { offerId: offer.orderId, dealId: deal.orderId, creatorWallet: parties.creator, acceptorWallet: parties.acceptor };
}

export async function setDealStatus(db: Database, dealId: number, status: OrderStatus): Promise<void> {
  await db.update(orders).set({ status }).where(eq(orders.orderId, dealId));
}
