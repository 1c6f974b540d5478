import type { AdminOrderResponse } from '@jelly/contracts';
import { EscrowError, escrowMessage } from '@jelly/escrow';
import {
  actionSources,
  adminResolveState,
  adminSideLabel,
  buyerAndSeller,
  decimalToString,
  orderStatusLabel,
} from '@jelly/domain';
import { desc, eq } from 'drizzle-orm';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { supportRequests } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { NOTHING_LOCKED_FOR_BUYER } from './admin-resolve.ts';
import { dealEscrowAddresses, readTicket } from './chain/read-ticket.ts';
import { findDeal, orderExists } from './queries.ts';
import { listExtensions, toWindowExtension } from './window/window-queries.ts';

/**
 * GET /admin/orders/{orderId} — the admin order-chat header: order id, fiat/asset, side (BUY when offerSide is 1),
 * buyer (fiat side), seller (crypto side), amount, price, status; whether 'Send to Buyer' / 'Send to Seller' are
 * possible; the on-chain ticket; the support requests; the requests for more time and their answers.
 */
export async function getAdminOrder(
  { db, chain }: { db: Database; chain: Chain | null },
  dealId: number,
): Promise<AdminOrderResponse> {
  const deal = await findDeal(db, dealId);
  if (!deal) {
    if (await orderExists(db, dealId)) throw new AppError('CONFLICT', 'This is an offer: the admin order chat shows deals.');
    throw new AppError('NOT_FOUND', escrowMessage(EscrowError.OrderNotFound));
  }
  const ticket = chain ? await readTicket(chain, deal.offerId, deal.orderId).catch(() => null) : null;
  const { buyerWallet, sellerWallet } = buyerAndSeller(deal);
  const state = adminResolveState(deal.status);
  // Before a lock the buyer cannot receive anything; the seller's side is a plain cancel.
  const unlockedOpen = !ticket && actionSources('adminResolve', { via: 'database' }).includes(deal.status);
  const toSeller = unlockedOpen ? { enabled: true } : state;
  const toBuyer = unlockedOpen ? { enabled: false, reason: NOTHING_LOCKED_FOR_BUYER } : state;
  const requests = await db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.orderId, deal.orderId))
    .orderBy(desc(supportRequests.createdAt))
    .limit(50);
  return {
    orderId: deal.orderId,
    parentOrderId: deal.offerId,
    fiatCode: deal.fiatCode,
    tokenName: deal.tokenName,
    tokenMint: deal.tokenMint,
    tokenDecimal: deal.tokenDecimal,
    offerSide: deal.offerSide,
    side: adminSideLabel(deal.offerSide),
    buyerWallet,
    sellerWallet,
    amount: deal.amount.toString(),
    price: decimalToString(deal.price),
    fiatAmountCents: deal.fiatAmountCents?.toString() ?? null,
    status: deal.status,
    statusLabel: orderStatusLabel(deal.status),
    resolve: {
      toBuyer: { enabled: toBuyer.enabled, ...(toBuyer.reason ? { reason: toBuyer.reason } : {}) },
      toSeller: { enabled: toSeller.enabled, ...(toSeller.reason ? { reason: toSeller.reason } : {}) },
    },
    escrow:
      ticket && chain
        ? {
            ticketAddress: dealEscrowAddresses(chain, deal.offerId, deal.orderId).ticket.toBase58(),
            status: ticket.status,
            amount: ticket.amount.toString(),
            cryptoGuySigned: ticket.cryptoGuySigned,
            fiatGuySigned: ticket.fiatGuySigned,
          }
        : null,
    supportRequests: requests.map((r) => ({
      id: r.id,
      requesterWallet: r.requesterWallet,
      orderUrl: r.orderUrl,
      createdAt: r.createdAt.toISOString(),
    })),
    extensions: (await listExtensions(db, deal.orderId)).map(toWindowExtension),
  };
}
