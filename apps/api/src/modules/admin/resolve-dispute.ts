import { randomUUID } from 'node:crypto';
import type { AdminResolveOutcome, ResolveApprovalDecisionResponse } from '@jelly/contracts';
import { ADMIN_RESOLVE_REFUSALS, type OrderStatus } from '@jelly/domain';
import { and, eq } from 'drizzle-orm';
import { resolveApprovals } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { recordAdminAct } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { type AdminResolveContext, adminResolve, clearReviewFlag, findDeal } from '../deals/index.ts';
import type { PriceFeed } from '../prices/index.ts';
import type { AdminConfig } from './admin-config.ts';
import { needsFourEyes } from './four-eyes.ts';
import { toApproval } from './approvals-view.ts';

export const APPROVAL_PENDING = 'A resolution of this deal already awaits a second admin.';
export const APPROVAL_NOT_FOUND = 'No such resolution request on this deal.';
export const APPROVAL_DECIDED = 'This resolution request was already decided.';
export const OWN_REQUEST = 'You asked for this resolution: a different admin must approve or reject it.';

export interface ResolveDisputeContext extends AdminResolveContext {
  admin: AdminConfig;
  /** Converts the deal's fiat value to the four-eyes threshold's currency. */
  priceFeed: PriceFeed;
}

/**
 * POST /admin/orders/{orderId}/resolve — with a reason. At or under the four-eyes threshold (the larger of the deal's
 * fiat value and its escrowed tokens' market value, in the threshold's currency; a deal the price feed cannot value
 * counts as above) the resolution runs at
 * once (the deals module's on-chain resolution, which audits it and shows the reason to both parties). Above it the
 * request is recorded and audited, and waits for a different admin (decideApproval).
 */
export async function resolveDispute(
  ctx: ResolveDisputeContext,
  admin: AuthUser,
  input: { dealId: number; releaseTo: 'buyer' | 'seller'; reason: string },
): Promise<AdminResolveOutcome> {
  const deal = await findDeal(ctx.db, input.dealId);
  if (!deal || !(await needsFourEyes(ctx.admin.fourEyes, deal, ctx.priceFeed))) {
    const result = await adminResolve(ctx, admin, input);
    await clearReviewFlag(ctx.db, input.dealId);
    return { state: 'executed', ...result, reason: input.reason };
  }
  const refusal = ADMIN_RESOLVE_REFUSALS.get(deal.status as OrderStatus);
  if (refusal !== undefined) throw conflict(refusal);
  const now = ctx.now();
  const approval = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(resolveApprovals)
      .values({ id: randomUUID(), orderId: deal.orderId, releaseTo: input.releaseTo, reason: input.reason, requestedBy: admin.wallet, requestedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(APPROVAL_PENDING);
    await recordAdminAct(tx, {
      actor: admin.wallet,
      action: 'resolve_requested',
      orderId: deal.orderId,
      before: { status: deal.status },
      after: toApproval(row),
      reason: input.reason,
      at: now,
    });
    return toApproval(row);
  });
  return { state: 'pending_approval', orderId: deal.orderId, approval };
}

/**
 * POST /admin/disputes/{orderId}/approvals — a second admin approves (the resolution runs in their name, with the
 * requester's reason) or rejects (with their own reason). The requester can never decide their own request. The
 * request is claimed before the resolution runs, so two approvers cannot both run it; a failed run frees it again.
 */
export async function decideApproval(
  ctx: ResolveDisputeContext,
  admin: AuthUser,
  orderId: number,
  body: { approvalId: string; decision: 'approve' | 'reject'; reason?: string | undefined },
): Promise<ResolveApprovalDecisionResponse> {
  const [current] = await ctx.db
    .select()
    .from(resolveApprovals)
    .where(and(eq(resolveApprovals.id, body.approvalId), eq(resolveApprovals.orderId, orderId)));
  if (!current) throw notFound(APPROVAL_NOT_FOUND);
  if (current.requestedBy === admin.wallet) throw forbidden(OWN_REQUEST);
  if (current.state !== 'pending') throw conflict(APPROVAL_DECIDED);
  const now = ctx.now();
  const state = body.decision === 'approve' ? 'approved' : 'rejected';
  const [claimed] = await ctx.db
    .update(resolveApprovals)
    .set({ state, decidedBy: admin.wallet, decidedAt: now, decisionReason: body.reason ?? null })
    .where(and(eq(resolveApprovals.id, current.id), eq(resolveApprovals.state, 'pending')))
    .returning();
  if (!claimed) throw conflict(APPROVAL_DECIDED);

  if (state === 'rejected') {
    await recordAdminAct(ctx.db, {
      actor: admin.wallet,
      action: 'resolve_rejected',
      orderId,
      before: toApproval(current),
      after: toApproval(claimed),
      reason: body.reason ?? null,
      at: now,
    });
    return { approval: toApproval(claimed), resolution: null };
  }

  let resolution;
  try {
    resolution = await adminResolve(ctx, admin, {
      dealId: orderId,
      releaseTo: current.releaseTo === 'buyer' ? 'buyer' : 'seller',
      reason: current.reason,
    });
  } catch (error) {
    await ctx.db
      .update(resolveApprovals)
      .set({ state: 'pending', decidedBy: null, decidedAt: null, decisionReason: null })
      .where(eq(resolveApprovals.id, current.id));
    throw error;
  }
  await clearReviewFlag(ctx.db, orderId);
  await recordAdminAct(ctx.db, {
    actor: admin.wallet,
    action: 'resolve_approved',
    orderId,
    before: toApproval(current),
    after: { ...toApproval(claimed), status: resolution.status },
    txSignature: resolution.signature,
    reason: current.reason,
    details: { requestedBy: current.requestedBy },
    at: now,
  });
  return { approval: toApproval(claimed), resolution };
}
