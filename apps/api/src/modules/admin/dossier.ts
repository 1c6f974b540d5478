import type { AuditEntry, DealResolution, DisputeDossier, DossierParty, TradingStats } from '@jelly/contracts';
import { type OrderStatus, buyerAndSeller, dealRoleOf } from '@jelly/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { chatAttachments, chatMessages, dealReviewFlags, orders, supportRequests } from '../../db/schema/index.ts';
import { auditEntriesOfDeal } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { toChatMessage } from '../chat/index.ts';
import { getAdminOrder, getDealWindow } from '../deals/index.ts';
import { latestSupportCase } from '../support/index.ts';
import { toOrder, tradingStats } from '../orders/index.ts';
import type { PriceFeed } from '../prices/index.ts';
import type { AdminConfig } from './admin-config.ts';
import { needsFourEyes } from './four-eyes.ts';
import { approvalsOfDeal } from './approvals-view.ts';
import { activeBanOf, bansOf } from './ban-view.ts';
import { dealTimeline } from './dossier-timeline.ts';

const HOUR_MS = 60 * 60 * 1000;
const EARLIER_DISPUTES = 20;

export interface DossierContext {
  db: Database;
  chain: Chain | null;
  now: () => Date;
  admin: AdminConfig;
  priceFeed: PriceFeed;
}

const summaryOf = (s: TradingStats) => ({ trades: s.finishedDeals, completedTrades: s.completedDeals, completionRate: s.completionRate });

async function partyOf(db: Database, wallet: string | null, orderId: number, now: Date): Promise<DossierParty | null> {
  if (!wallet) return null;
  const [stats, banList, earlier] = await Promise.all([
    tradingStats(db, wallet, now),
    bansOf(db, wallet, now),
    queryRows<{ order_id: string | number; status: number; offer_side: number; creator_wallet: string; acceptor_wallet: string | null; opened_at: Date | string; resolved_to: string | null }>(db, sql`
      SELECT o.order_id, o.status, o.offer_side, o.creator_wallet, o.acceptor_wallet, min(r.created_at) AS opened_at,
        (SELECT CASE a.action WHEN 'resolve_to_buyer' THEN 'buyer' ELSE 'seller' END FROM admin_audit_log a
          WHERE a.order_id = o.order_id AND a.action IN ('resolve_to_buyer', 'resolve_to_seller')
          ORDER BY a.created_at DESC LIMIT 1) AS resolved_to
      FROM orders o JOIN support_requests r ON r.order_id = o.order_id
      WHERE o.parent_order_id IS NOT NULL AND (o.creator_wallet = ${wallet} OR o.acceptor_wallet = ${wallet}) AND o.order_id <> ${orderId}
      GROUP BY o.order_id ORDER BY opened_at DESC LIMIT ${EARLIER_DISPUTES}`),
  ]);
  return {
    wallet,
    summary: summaryOf(stats),
    stats,
    earlierDisputes: earlier.map((d) => ({
      orderId: Number(d.order_id),
      status: d.status as OrderStatus,
      openedAt: new Date(d.opened_at).toISOString(),
      role: dealRoleOf({ offerSide: d.offer_side, creatorWallet: d.creator_wallet, acceptorWallet: d.acceptor_wallet }, wallet) === 'fiat' ? 'buyer' : 'seller',
      resolvedTo: d.resolved_to === 'buyer' ? 'buyer' : d.resolved_to === 'seller' ? 'seller' : null,
    })),
    activeBan: activeBanOf(banList),
  };
}

/** The decision both parties see: from the resolution's audit row, with the four-eyes requester and approver. */
function resolutionOf(audit: readonly AuditEntry[]): DealResolution | null {
  const resolved = [...audit].reverse().find((a) => a.action === 'resolve_to_buyer' || a.action === 'resolve_to_seller');
  if (!resolved) return null;
  const approved = [...audit].reverse().find((a) => a.action === 'resolve_approved');
  const requester = (approved?.before as { requestedBy?: unknown } | null | undefined)?.requestedBy;
  return {
    releaseTo: resolved.action === 'resolve_to_buyer' ? 'buyer' : 'seller',
    reason: resolved.reason ?? '',
    resolvedBy: approved && typeof requester === 'string' ? requester : resolved.actor,
    approvedBy: approved ? approved.actor : null,
    resolvedAt: resolved.at,
    signature: resolved.txSignature,
  };
}

/** GET /admin/disputes/{orderId} — the whole case on one page. */
export async function getDossier(ctx: DossierContext, admin: AuthUser, orderId: number): Promise<DisputeDossier> {
  const { db } = ctx;
  const now = ctx.now();
  const header = await getAdminOrder({ db, chain: ctx.chain }, orderId);
  const [row] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!row) throw new Error(`deal ${orderId} vanished`);
  const [audit, [flag], [firstRequest], messages, attachments, approvals, paymentWindow, supportCase] = await Promise.all([
    auditEntriesOfDeal(db, orderId),
    db.select().from(dealReviewFlags).where(eq(dealReviewFlags.orderId, orderId)),
    db.select().from(supportRequests).where(eq(supportRequests.orderId, orderId)).orderBy(asc(supportRequests.createdAt)).limit(1),
    db.select().from(chatMessages).where(eq(chatMessages.dealId, orderId)).orderBy(asc(chatMessages.id)),
    db.select().from(chatAttachments).where(eq(chatAttachments.dealId, orderId)),
    approvalsOfDeal(db, orderId),
    getDealWindow(db, admin, orderId),
    latestSupportCase(db, orderId),
  ]);
  const { buyerWallet, sellerWallet } = buyerAndSeller(row);
  const fiatAmountCents = row.fiatAmountCents === null ? null : BigInt(row.fiatAmountCents);
  const [buyer, seller, timeline, fourEyesRequired] = await Promise.all([
    partyOf(db, buyerWallet, orderId, now),
    partyOf(db, sellerWallet, orderId, now),
    dealTimeline(db, row, audit, flag ?? null),
    needsFourEyes(
      ctx.admin.fourEyes,
      { fiatAmountCents, fiatCode: row.fiatCode, amount: BigInt(row.amount), tokenDecimal: row.tokenDecimal, tokenName: row.tokenName },
      ctx.priceFeed,
    ),
  ]);
  const byMessage = new Map(attachments.map((a) => [a.messageId, a]));
  const opened = firstRequest?.createdAt ?? flag?.flaggedAt ?? null;
  return {
    header,
    deal: toOrder(row),
    openedAt: opened?.toISOString() ?? null,
    slaDueAt: opened ? new Date(opened.getTime() + ctx.admin.disputeSlaHours * HOUR_MS).toISOString() : null,
    timeline,
    chat: messages.map((m) => {
      const a = byMessage.get(m.id);
      return {
        message: toChatMessage(m),
        attachment: a
          ? { objectKey: a.objectKey, originalName: a.originalName, contentType: a.contentType, sizeBytes: a.sizeBytes, sha256: a.sha256 }
          : null,
      };
    }),
    buyer,
    seller,
    paymentWindow,
    reviewFlag: flag ? { reason: flag.reason, flaggedAt: flag.flaggedAt.toISOString(), flaggedBy: flag.flaggedBy } : null,
    fourEyes: {
      required: fourEyesRequired,
      thresholdFiat: ctx.admin.fourEyes?.amount ?? null,
      thresholdCurrency: ctx.admin.fourEyes?.currency ?? null,
    },
    pendingApproval: approvals.find((a) => a.state === 'pending') ?? null,
    resolution: resolutionOf(audit),
    supportCase,
  };
}
