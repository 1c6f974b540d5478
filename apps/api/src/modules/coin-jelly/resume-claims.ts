import { sql, type SQL } from 'drizzle-orm';
import type { ResumeStaleClaims } from '../../chain/gate/index.ts';
import { queryRows } from '../../db/rows.ts';
import type { JellyContext } from './context.ts';
import { payClaimed, sendRefund, sweepDeposit, SWEEP_FAILED } from './settle.ts';
import { logEvent } from '../../lib/log-events.ts';

/** Orders taken over per kind and run; the rest wait for the next run. */
const BATCH = 10;

/** No send of this kind for the order is pending or landed (a pending one is the send recovery's). */
const noLiveSend = (kind: string) =>
  sql`NOT EXISTS (SELECT 1 FROM platform_sends s WHERE s.kind = ${kind} AND s.owner_ref = o.id::text AND s.state IN ('pending', 'landed'))`;

/**
 * What a Coin Jelly claim looks like when its send was never recorded, per send kind: the order in the stage its
 * claim put it in, with no live send of that kind. A refused payout is the admins' (admin_since), a refused refund
 * released its claim (back to refunding), a refused sweep left a sweep_failed event: none of them is resumed.
 */
const STALE_CLAIMS: Readonly<Record<string, SQL>> = {
  jelly_payout: sql`o.stage = 'settling' AND o.payout_tx IS NULL AND o.admin_since IS NULL AND ${noLiveSend('jelly_payout')}`,
  jelly_refund: sql`o.stage = 'refund_sending' AND ${noLiveSend('jelly_refund')}`,
  jelly_sweep: sql`o.stage = 'completed' AND o.send_chain = 'Solana' AND o.received > 0 AND ${noLiveSend('jelly_sweep')}
    AND NOT EXISTS (SELECT 1 FROM jelly_events e WHERE e.order_id = o.id AND e.kind IN ('sweep', ${SWEEP_FAILED}))`,
};

const RESUME: Readonly<Record<string, (ctx: JellyContext, orderId: number) => Promise<void>>> = {
  jelly_payout: payClaimed,
  jelly_refund: sendRefund,
  jelly_sweep: sweepDeposit,
};

/**
 * Coin Jelly's claims whose send was never recorded (the process died, or the database failed, between the claim
 * and the gate): untouched for `staleMs`, each is taken over by one replica (its updated_at moved to now, SKIP
 * LOCKED, so the next look is `staleMs` away) and sent as its claimant would have. The gate's one-live-send rule
 * (oneLive) refuses a second send when the claimant was only slow.
 */
export function jellyStaleClaims(ctx: JellyContext): ResumeStaleClaims {
  return async (staleMs) => {
    const resumed: string[] = [];
    const at = ctx.now().toISOString();
    for (const [kind, where] of Object.entries(STALE_CLAIMS)) {
      const rows = await queryRows<{ id: string | number }>(
        ctx.db,
        sql`
          UPDATE jelly_orders SET updated_at = ${at}::timestamptz
          WHERE id IN (
            SELECT o.id FROM jelly_orders o
            WHERE ${where} AND o.updated_at < ${at}::timestamptz - ${`${staleMs} milliseconds`}::interval
            ORDER BY o.updated_at
            LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED
          )
          RETURNING id`,
      );
      for (const row of rows) {
        const orderId = Number(row.id);
        logEvent(ctx.log, 'send.resumed', { orderId, kind }, 'coin jelly: a claim with no recorded send is resumed');
        try {
          await RESUME[kind]?.(ctx, orderId);
          resumed.push(`${kind}:${orderId}`);
        } catch (error) {
          // the claim stays: the next look (staleMs on) resumes it again
          logEvent(ctx.log, 'send.recovery_failed', { err: error, orderId, kind }, 'coin jelly: a resumed claim did not go through');
        }
      }
    }
    return resumed;
  };
}
