import type { OrderStatus } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/connect.ts';
import { orders } from '../../src/db/schema/index.ts';

const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

export interface TestDeal {
  offerId: number;
  dealId: number;
}

/**
 * An offer and one deal on it, written straight into the orders table (the chat only reads who the parties are and
 * the deal's status). offerSide 0 = Sell offer: the creator is the crypto side.
 */
export async function insertDeal(
  db: Database,
  parties: { creator: string; acceptor: string; offerSide?: 0 | 1; status?: OrderStatus },
): Promise<TestDeal> {
  const common = {
    creatorWallet: parties.creator,
    tokenMint: USDC_MINT,
    tokenName: 'USDC',
    tokenDecimal: 6,
    offerSide: parties.offerSide ?? 0,
    price: '0.92',
    fiatCode: 'EUR',
    paymentWindowMinutes: 30,
  };
  const [offer] = await db
    .insert(orders)
    .values({ ...common, status: 0, amount: '60000000', totalAmount: '100000000' })
    .returning({ orderId: orders.orderId });
  if (!offer) throw new Error('offer insert failed');
  const [deal] = await db
    .insert(orders)
    .values({
      ...common,
      parentOrderId: offer.orderId,
      acceptorWallet: parties.acceptor,
      status: parties.status ?? 1,
      amount: '40000000',
      totalAmount: '40000000',
      fiatAmountCents: '3680',
    })
    .returning({ orderId: orders.orderId });
  if (!deal) throw new Error('deal insert failed');
  return { offerId: offer.orderId, dealId: deal.orderId };
}

export async function setDealStatus(db: Database, dealId: number, status: OrderStatus): Promise<void> {
  await db.update(orders).set({ status }).where(eq(orders.orderId, dealId));
}
