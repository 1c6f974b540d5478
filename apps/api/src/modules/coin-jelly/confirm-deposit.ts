import type { ConfirmJellyDepositRequest, JellyOrder } from '@jelly/contracts';
import { badRequest, conflict, notFound, validationError } from '../../errors.ts';
import { recordAdminAct } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { jellySubject } from './admin-audit.ts';
import { coinFacts } from './coins.ts';
import type { JellyContext } from './context.ts';
import { creditDeposit } from './credit-deposit.ts';
import { orderView } from './order-view.ts';
import { findJellyOrder } from './queries.ts';
import { amountUnits } from './quote.ts';
import { canonicalTxId, txIdProblem } from './tx-id.ts';

export const SOLANA_DEPOSITS_ARE_READ = 'Solana deposits are read from the chain; there is nothing to confirm by hand';
export const DEPOSIT_ALREADY_CONFIRMED = 'This deposit transaction is already recorded for this order';

/**
 * An admin confirms what arrived at an off-Solana deposit address (its txID and amount), which the server cannot
 * watch itself. It is credited exactly like a watched deposit: exact → on to the payout; otherwise the user chooses.
 * A txID another order or swap already holds is refused (409): one transaction pays one record.
 */
export async function confirmJellyDeposit(
  ctx: JellyContext,
  admin: AuthUser,
  input: ConfirmJellyDepositRequest,
  proceed: (orderId: number) => Promise<void>,
): Promise<JellyOrder> {
  const order = await findJellyOrder(ctx.db, input.id);
  if (!order) throw notFound('Order not found.');
  if (order.sendChain === 'Solana') throw badRequest(SOLANA_DEPOSITS_ARE_READ);
  // Only a Solana stablecoin can leave a cluster's list; the coins confirmed here are always known.
  const send = coinFacts(order.sendCoin, order.sendChain)!;
  const problem = txIdProblem(send.chain, input.txID);
  if (problem) throw validationError(problem, { txID: problem });
  const amount = amountUnits(input.amount, send);
  if (amount <= 0n) throw validationError('The amount must be above 0', { amount: 'The amount must be above 0' });
  const txId = canonicalTxId(send.chain, input.txID);
  const now = ctx.now();
  const outcome = await creditDeposit(ctx, order.id, { signature: txId, slot: null, amount, at: now }, 'refuse');
  if (outcome === 'duplicate') throw conflict(DEPOSIT_ALREADY_CONFIRMED);
  await recordAdminAct(ctx.db, {
    actor: admin.wallet,
    action: 'coin_jelly_deposit_confirmed',
    subject: jellySubject(order.id),
    after: { received: input.amount, outcome },
    txSignature: txId,
    details: { jellyId: order.id },
    at: now,
  });
  if (outcome === 'exact') await proceed(order.id);
  return orderView(ctx.db, ctx.coins, order.id);
}
