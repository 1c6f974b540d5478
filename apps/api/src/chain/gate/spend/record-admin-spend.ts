import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../chain.ts';
import { adminSpend } from '../../../db/schema/index.ts';
import type { Queryable } from '../../../db/rows.ts';
import { budgetWindow, formatResetTime } from './budget-window.ts';
import { DEFAULT_FEE_PAYER_CONFIG, type FeePayerConfig } from './fee-payer-config.ts';
import { logEvent } from '../../../lib/log-events.ts';
import { claimPlatformAlert } from './spend-writes.ts';
import { spentSince } from './spend-queries.ts';

/** Solana's base fee per signature; anything the transaction paid above it is priority fee. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

export interface AdminSpendInput {
  signature: string;
  /** The wallet that caused the transaction (null for the server's own jobs when nobody did). */
  wallet: string | null;
  /** The client IP of the request that caused it, when there was one. */
  ip: string | null;
  /** lock | sign | cancel | admin_resolve | close | … */
  kind: string;
  orderId: number | null;
}

export interface AdminSpendContext {
  db: Queryable;
  chain: Chain;
  now: () => Date;
  feePayer?: FeePayerConfig | undefined;
  log?: FastifyBaseLogger | undefined;
}

export interface RecordedSpend {
  feeLamports: bigint;
  priorityFeeLamports: bigint;
  rentLamports: bigint;
  failed: boolean;
}

/**
 * Records what the admin paid for a transaction it signed as fee payer, read from the transaction's meta on chain:
 * `meta.fee` (base + priority) and the rest of the fee payer's balance change as rent (negative when the
 * transaction closed accounts back to the admin). A transaction that failed on chain is recorded too: its fee was
 * paid. Idempotent per signature. Returns undefined when the chain does not know the transaction (never landed) or
 * the admin was not its fee payer. Logs a warning the first time in a window the platform-wide budget is crossed.
 */
export async function recordAdminSpend(ctx: AdminSpendContext, input: AdminSpendInput): Promise<RecordedSpend | undefined> {
  const tx = await ctx.chain.connection.getTransaction(input.signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  const meta = tx?.meta;
  if (!tx || !meta) return undefined;
  const feePayer = tx.transaction.message.staticAccountKeys[0];
  if (!feePayer?.equals(ctx.chain.admin.publicKey)) return undefined;
  const pre = meta.preBalances[0];
  const post = meta.postBalances[0];
  if (pre === undefined || post === undefined) return undefined;

  const feeLamports = BigInt(meta.fee);
  const baseFee = LAMPORTS_PER_SIGNATURE * BigInt(tx.transaction.signatures.length);
  const spend: RecordedSpend = {
    feeLamports,
    priorityFeeLamports: feeLamports > baseFee ? feeLamports - baseFee : 0n,
    rentLamports: BigInt(pre) - BigInt(post) - feeLamports,
    failed: meta.err !== null,
  };
  const now = ctx.now();
  // The gate charged an estimate before sending (with who caused it): the chain's figures replace it, the
  // charged wallet and IP stay.
  await ctx.db
    .insert(adminSpend)
    .values({ ...input, ...spend, createdAt: now })
    .onConflictDoUpdate({ target: adminSpend.signature, set: { ...spend } });
  await alertIfPlatformBudgetCrossed(ctx, now);
  return spend;
}

/**
 * Charges what a transaction will cost the platform before it is sent (the gate calls this in the database
 * transaction that also queues the accounts to reclaim), so a budget counts a send at once, and a crash after the
 * send cannot hide it. recordAdminSpend replaces the estimate with the chain's figures once it lands.
 */
export async function chargeAdminSpend(
  db: Queryable,
  input: AdminSpendInput & { feeLamports: bigint; priorityFeeLamports: bigint; rentLamports: bigint },
  now: Date,
): Promise<void> {
  await db.insert(adminSpend).values({ ...input, failed: false, createdAt: now }).onConflictDoNothing();
}

/**
 * A charged send is final (landed, failed on chain, or its blockhash died unsent): the chain's figures replace the
 * charge, or the charge is released when the chain never saw it. Call it only once the send can no longer land.
 */
export async function settleAdminSpend(ctx: AdminSpendContext, input: AdminSpendInput): Promise<RecordedSpend | undefined> {
  const recorded = await recordAdminSpend(ctx, input);
  if (!recorded) await releaseAdminSpend(ctx.db, input.signature);
  return recorded;
}

/** A charged transaction that never reached the chain (refused at send, blockhash expired): it cost nothing. */
export async function releaseAdminSpend(db: Queryable, signature: string): Promise<void> {
  await db.delete(adminSpend).where(eq(adminSpend.signature, signature));
}

async function alertIfPlatformBudgetCrossed(ctx: AdminSpendContext, now: Date): Promise<void> {
  const config = ctx.feePayer ?? DEFAULT_FEE_PAYER_CONFIG;
  const window = budgetWindow(now);
  const spent = await spentSince(ctx.db, 'platform', window.start);
  const crossed = [
    { budget: 'network-fee', spent: spent.fees, limit: config.feeBudgets.platform },
    { budget: 'rent', spent: spent.rent, limit: config.rentBudgets.platform },
  ].filter((b) => b.spent >= b.limit);
  for (const b of crossed) {
    if (!(await claimPlatformAlert(ctx.db, window.start, b.budget))) continue;
    logEvent(
      ctx.log,
      'fee_payer.budget_reached',
      { feePayer: { budget: b.budget, spentLamports: b.spent.toString(), budgetLamports: b.limit.toString(), resetsAt: window.resetsAt } },
      `fee payer: the platform's daily ${b.budget} budget is reached; the co-signer refuses user transactions until ${formatResetTime(window.resetsAt)}`,
    );
  }
}
