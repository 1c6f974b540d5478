/**
 * Test-only: records in each waiting state, written straight to the owning tables with the times a test needs (the
 * watchdog only reads them). Not imported by product code.
 */
import { randomUUID } from 'node:crypto';
import { SUPPORT_AFTER_END_STATUSES, type JellyStageName, type OrderStatus } from '@jelly/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { dealPayoutWaits, jellyEvents, jellyOrders, orders, platformSends, supportRequests } from '../../db/schema/index.ts';

const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const wallet = () => `W${randomUUID().replaceAll('-', '')}`;

/** A deal (with its offer) in `status`, last changed at `updatedAt`, with its payment window ending at `paymentDeadline`. */
export async function seedDeal(
  db: Database,
  deal: { status: OrderStatus; updatedAt: Date; paymentDeadline?: Date | null },
): Promise<number> {
  const common = {
    creatorWallet: wallet(),
    tokenMint: USDC_MINT,
    tokenName: 'USDC',
    tokenDecimal: 6,
    offerSide: 0,
    price: '0.92',
    fiatCode: 'EUR',
    paymentWindowMinutes: 30,
  };
  const [offer] = await db.insert(orders).values({ ...common, status: 0, amount: '0', totalAmount: '1000000' }).returning({ id: orders.orderId });
  if (!offer) throw new Error('offer insert failed');
  const [row] = await db
    .insert(orders)
    .values({
      ...common,
      parentOrderId: offer.id,
      acceptorWallet: wallet(),
      status: deal.status,
      amount: '1000000',
      totalAmount: '1000000',
      fiatAmountCents: '92',
      paymentDeadline: deal.paymentDeadline ?? null,
      updatedAt: deal.updatedAt,
    })
    .returning({ id: orders.orderId });
  if (!row) throw new Error('deal insert failed');
  return row.id;
}

/** Moves a seeded deal on (as a resolution or an expiry would), at `at`. */
export async function moveSeededDeal(db: Database, dealId: number, status: OrderStatus, at: Date): Promise<void> {
  await db.update(orders).set({ status, updatedAt: at }).where(eq(orders.orderId, dealId));
}

/** A support request on a deal, opened at `at` while the deal was in `statusBefore`. */
/** A support request; on an ended deal it is a case, `open` unless given another state (the support module's rule). */
export async function seedSupportRequest(
  db: Database,
  dealId: number,
  statusBefore: OrderStatus,
  at: Date,
  state: 'open' | 'closed' | null = SUPPORT_AFTER_END_STATUSES.includes(statusBefore) ? 'open' : null,
): Promise<string> {
  const id = randomUUID();
  await db.insert(supportRequests).values({
    id,
    orderId: dealId,
    requesterWallet: wallet(),
    orderUrl: `http://localhost:8080/swap-chat/${dealId}`,
    receiver: 'Admin',
    messageType: 'AdminNotification',
    statusBefore,
    state,
    createdAt: at,
  });
  return id;
}

/** A Coin Jelly order at `stage`, its quote expiring at `expireAt`, last moved (and queued for an admin) at `at`. */
export async function seedJellyOrder(db: Database, stage: JellyStageName, at: Date, expireAt: Date = at, waitingSince: Date | null = null): Promise<number> {
  const [row] = await db
    .insert(jellyOrders)
    .values({
      userWallet: wallet(),
      sendCoin: 'SOL',
      sendChain: 'Solana',
      receiveCoin: 'USDC',
      receiveChain: 'Solana',
      depositAddress: wallet(),
      recipientAddress: wallet(),
      refundAddress: wallet(),
      amountSend: '1000000000',
      amountReceive: '150000000',
      rate: '150',
      stage,
      adminSince: stage === 'awaiting_admin' ? at : null,
      waitingSince,
      expireAt,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: jellyOrders.id });
  if (!row) throw new Error('jelly order insert failed');
  return row.id;
}

/** A timeline event of a seeded order at `stage` (and the order's last write at `at`, as a move would set it). */
export async function seedJellyEvent(db: Database, orderId: number, stage: JellyStageName, at: Date): Promise<void> {
  await db.insert(jellyEvents).values({ orderId, stage, kind: 'stage', actor: 'system', createdAt: at });
  await db.update(jellyOrders).set({ updatedAt: at }).where(eq(jellyOrders.id, orderId));
}

/** A platform send signed at `at`, still `state` (pending by default). */
export async function seedPlatformSend(db: Database, at: Date, state = 'pending'): Promise<string> {
  const signature = wallet();
  await db.insert(platformSends).values({
    signature,
    kind: 'jelly_payout',
    ownerRef: '1',
    raw: '',
    blockhash: wallet(),
    lastValidBlockHeight: 0n,
    state,
    createdAt: at,
    updatedAt: at,
  });
  return signature;
}

/** Ends a seeded platform send as its owner would. */
export async function finishSeededSend(db: Database, signature: string, state: 'landed' | 'failed' | 'expired', at: Date): Promise<void> {
  await db.update(platformSends).set({ state, updatedAt: at }).where(eq(platformSends.signature, signature));
}

/** A deal's refund waiting for the seller's token account since `since` (as the deals module records it). */
export async function seedPayoutWait(db: Database, dealId: number, since: Date): Promise<void> {
  await db.insert(dealPayoutWaits).values({ orderId: dealId, kind: 'refund_expired', recipient: 'seller', recipientWallet: wallet(), mint: USDC_MINT, since });
}
