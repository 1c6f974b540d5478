import { finishPlatformSend, type SendOwners } from '../../chain/gate/index.ts';
import type { JellyContext } from './context.ts';
import { payoutFailed, recordPayout, recordRefund, recordSweep, refundFailed } from './record-sends.ts';
import { payClaimed, sendRefund, sweepDeposit } from './settle.ts';

/**
 * Coin Jelly's part of the send recovery (chain/gate): a payout, refund or sweep whose process died is finished
 * exactly as that process would have finished it. Landed: recorded (the order moves on); failed on chain: the
 * payout waits for an admin, the refund's claim is released; expired unlanded: sent afresh (the old bytes can never
 * land, so nothing pays twice).
 */
export function jellySendOwners(ctx: JellyContext): SendOwners {
  const orderOf = (ref: string | null) => Number(ref);
  return {
    async jelly_payout(send, outcome) {
      const orderId = orderOf(send.ownerRef);
      if (outcome.end === 'landed') {
        if (await recordPayout(ctx, orderId, send.signature)) await sweepDeposit(ctx, orderId);
      } else if (outcome.end === 'failed') {
        await finishPlatformSend(ctx.db, send.signature, 'failed', ctx.now(), (tx) => payoutFailed(tx, orderId, outcome.error, ctx.now()));
      } else if (await finishPlatformSend(ctx.db, send.signature, 'expired', ctx.now())) {
        await payClaimed(ctx, orderId);
      }
    },
    async jelly_refund(send, outcome) {
      const orderId = orderOf(send.ownerRef);
      if (outcome.end === 'landed') {
        await recordRefund(ctx, orderId, send.signature);
      } else if (outcome.end === 'failed') {
        await finishPlatformSend(ctx.db, send.signature, 'failed', ctx.now(), (tx) => refundFailed(tx, orderId, outcome.error, ctx.now()));
      } else if (await finishPlatformSend(ctx.db, send.signature, 'expired', ctx.now())) {
        await sendRefund(ctx, orderId);
      }
    },
    async jelly_sweep(send, outcome) {
      const orderId = orderOf(send.ownerRef);
      if (outcome.end === 'landed') await recordSweep(ctx, orderId, send.signature);
      else if (await finishPlatformSend(ctx.db, send.signature, outcome.end, ctx.now())) await sweepDeposit(ctx, orderId);
    },
  };
}
