import type { FastifyInstance } from 'fastify';
import type { Chain } from '../chain/chain.ts';
import { recoverPlatformSends, type ResumeStaleClaims, type SendOwners } from '../chain/gate/index.ts';
import { jellySendOwners, jellyStaleClaims } from '../modules/coin-jelly/index.ts';
import { dealSendOwners, dealStaleClaims } from '../modules/deals/index.ts';

/**
 * One run of the send-recovery job (a job of the app's list, every SEND_RECOVERY_SECONDS on every replica with a
 * chain): it finishes platform sends whose process died (chain/gate/recover-sends.ts), each handed to the module
 * that owns its kind, then work those modules claimed whose send was never recorded (their ResumeStaleClaims).
 * Replicas claim sends and stale claims with row locks, so each is finished by one. Built after Coin Jelly's service.
 */
export function sendRecoveryRun(app: FastifyInstance, chain: Chain, staleMs: number): () => Promise<void> {
  const ctx = { db: app.db, chain, now: app.config.now, feePayer: app.config.feePayer, log: app.log };
  const owners: SendOwners = { ...dealSendOwners(ctx), ...(app.coinJelly ? jellySendOwners(app.coinJelly.ctx) : {}) };
  const resumers: ResumeStaleClaims[] = [dealStaleClaims(ctx), ...(app.coinJelly ? [jellyStaleClaims(app.coinJelly.ctx)] : [])];
  return async () => {
    const report = await recoverPlatformSends(ctx, owners, { staleMs, resumers });
    if (report.landed.length || report.failed.length || report.expired.length || report.resumed.length) app.log.info({ sendRecovery: report }, 'send recovery: sends finished');
  };
}
