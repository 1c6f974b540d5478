import type { AdminSwapUpdate, SwapRecord } from '@jelly/contracts';
import { decideAdminSwapMove, SWAP_COMPLETED_NEEDS_TX } from '@jelly/domain';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { recordAdminAct } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { checkSettlingTransaction } from './check-settling-transaction.ts';
import { SWAP_NOT_FOUND } from './get-swap.ts';
import { findSwap, findSwapByTx } from './queries.ts';
import { toSwapRecord } from './swap-view.ts';
import { moveSwap } from './swap-writes.ts';

/** A swap's audit subject; prefixed because deal ids are recorded as bare numbers. */
export const swapSubject = (id: number) => `swap:${id}`;

export const SWAP_CHANGED_MEANWHILE = 'The swap changed meanwhile. Reload it and try again.';
/** One transaction settles one swap. */
export const txRecordedElsewhere = (id: number) => `This transaction is already recorded for swap #${id}.`;

/**
 * PATCH /admin/swaps/{id}: an admin moves a swap record to the status asked for, with a reason, in one transaction
 * with its audit row — only by an admin move of the swap state table (@jelly/domain): completing a Processing or
 * Failed swap needs a transaction the chain shows paid the user the quoted output; failing needs a Processing swap.
 * A txID a Coin Jelly order holds is refused with 409 by the database's claim on it (db/tx-claims.ts), nothing written.
 */
export async function adminUpdateSwap(
  ctx: { db: Database; chain: Chain | null; now: () => Date },
  admin: AuthUser,
  id: number,
  body: AdminSwapUpdate,
): Promise<SwapRecord> {
  const row = await findSwap(ctx.db, id);
  if (!row) throw notFound(SWAP_NOT_FOUND);
  const decision = decideAdminSwapMove(row.status, body.status);
  if (!decision.ok) throw conflict(decision.message);
  const txId = body.txID === undefined ? row.txId : body.txID;
  const other = txId && txId !== row.txId ? await findSwapByTx(ctx.db, txId) : undefined;
  if (other) throw conflict(txRecordedElsewhere(other.id));
  if (decision.move === 'admin_complete') {
    if (!txId) throw badRequest(SWAP_COMPLETED_NEEDS_TX);
    if (!ctx.chain) throw new AppError('CHAIN_UNAVAILABLE', 'The transaction cannot be checked: the server has no Solana connection.');
    await checkSettlingTransaction(ctx.chain, row, txId);
  }
  const failureReason = decision.move === 'admin_fail' ? body.reason : null;
  const now = ctx.now();
  const change = { txId, failureReason, clearRaw: true, seen: row.status };
  const moved = await moveSwap(ctx.db, id, decision.move, change, now, async (tx, after) => {
    await recordAdminAct(tx, {
      actor: admin.wallet,
      action: 'swap_edited',
      subject: swapSubject(id),
      before: { status: row.status, txID: row.txId },
      after: { status: after.status, txID: after.txId },
      txSignature: after.txId,
      reason: body.reason,
      details: { swapId: id },
      at: now,
    });
  });
  if (!moved) throw conflict(SWAP_CHANGED_MEANWHILE);
  return toSwapRecord(moved);
}
