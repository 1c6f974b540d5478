import type { SignAndSendResponse } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { PublicKey } from '@solana/web3.js';
import { AppError } from '../../errors.ts';
import { readEscrowConfig } from './chain/escrow-config.ts';
import { preparePlatformSend } from '../../chain/gate/index.ts';
import { readTransaction, signatureOutcome } from '../../chain/transactions/index.ts';
import { lockReclaimables, platformOwners } from './chain/deal-send-terms.ts';
import { authorizeAction, identifyDeal } from './cosigner/authorize-action.ts';
import { checkUnearnedLocks } from './cosigner/check-unearned-locks.ts';
import { checkSigners } from './cosigner/check-signers.ts';
import { classifyInstructions, type ClassifiedTransaction } from './cosigner/classify-instructions.ts';
import {
  answerIfRecorded,
  submitDealTransaction,
  type DealTxContext,
  type DealTxResult,
} from './transactions/index.ts';
import { finishTransaction, insertPendingTransaction } from './deal-writes.ts';
import { findDeal } from './queries.ts';
import { refundOrphanedLock } from './refund-orphaned-lock.ts';
import { syncDealFromChain } from './sync-deal-from-chain.ts';
import type { AuthUser } from '../auth/index.ts';

/**
 * The deal moved on: perhaps this very transaction already landed and its record is gone. When the chain knows
 * the signature, the deal is synced from the chain and the transaction recorded: 'Order already resolved'.
 */
async function answerIfLanded(
  ctx: DealTxContext,
  classified: ClassifiedTransaction,
  caller: string,
  signature: string,
  recentBlockhash: string,
): Promise<DealTxResult | undefined> {
  if ((await signatureOutcome(ctx.chain, signature)).state !== 'confirmed') return undefined;
  const deal = await identifyDeal(ctx.db, ctx.chain, classified, caller).catch(() => undefined);
  if (!deal) return undefined;
  const { deal: after } = await syncDealFromChain(ctx.db, ctx.chain, deal, ctx.now());
  const now = ctx.now();
  if (await insertPendingTransaction(ctx.db, { signature, orderId: deal.orderId, kind: classified.kind, submittedBy: caller, recentBlockhash, createdAt: now })) {
    await finishTransaction(ctx.db, signature, now, { state: 'confirmed', resultStatus: after.status });
  }
  return { signature, orderId: deal.orderId, status: after.status, kind: classified.kind, alreadyProcessed: true };
}

/**
 * POST /platform/admin/sign-and-send — the co-signer. Co-signs (as fee payer) only a transaction that:
 * decodes strictly (≤ 1232 bytes, no lookup tables); has exactly the admin (fee payer) and the caller's own
 * wallet (valid signature) as signers; holds exactly one allow-listed escrow instruction (lock, sign, cancel) plus
 * optional bounded compute-budget settings and idempotent token-account creations for this action's recipients;
 * and whose escrow instruction is exactly the one the deal in the database allows for the caller in its current
 * state. Then it simulates, sends, confirms and moves the deal from what the chain shows. Idempotent per signature.
 */
export async function signAndSend(ctx: DealTxContext, user: AuthUser, base64: string): Promise<SignAndSendResponse> {
  const { chain } = ctx;
  const caller = user.wallet;
  const proposed = readTransaction(base64);
  checkSigners(proposed, chain.admin.publicKey, new PublicKey(caller));
  const classified = classifyInstructions(proposed, chain.programId);
  if (classified.kind === 'lock') await checkUnearnedLocks(ctx.db, ctx.feePayer, caller, ctx.now());

  // the admin signs only through the platform gate, which charges and checks the budgets before anything is sent
  const prepared = preparePlatformSend(ctx, proposed.tx, [chain.admin]);
  const signature = prepared.signature;
  const recorded = await answerIfRecorded(ctx, signature);
  if (recorded) return recorded;

  const escrow = await readEscrowConfig(chain);
  let action;
  try {
    action = await authorizeAction(ctx.db, chain, escrow, classified, caller, ctx.now());
  } catch (error) {
    if (error instanceof AppError && (error.code === 'CONFLICT' || error.code === 'FORBIDDEN')) {
      const landed = await answerIfLanded(ctx, classified, caller, signature, proposed.recentBlockhash);
      if (landed) return landed;
    }
    throw error;
  }
  const result = await submitDealTransaction(
    ctx,
    prepared,
    proposed.recentBlockhash,
    { deal: action.deal, kind: action.kind, submittedBy: caller },
    {
      chargeTo: { wallet: caller, ip: ctx.ip ?? null },
      budgets: 'caller',
      reclaimable: action.kind === 'lock' ? lockReclaimables(chain, action.deal, ctx.now) : [],
      platformOwners: platformOwners(escrow),
    },
  );
  if (action.kind === 'lock' && (result.status === OrderStatus.Cancelled || result.status === OrderStatus.Expired)) {
    // the deal was cancelled or expired while the lock was on its way: give the tokens back now
    const deal = await findDeal(ctx.db, action.deal.orderId);
    if (deal) await refundOrphanedLock(ctx, deal);
  }
  return result;
}
