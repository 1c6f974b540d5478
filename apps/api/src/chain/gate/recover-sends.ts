import type { AppError } from '../../errors.ts';
import { releaseAdminSpend, settleAdminSpend } from './spend/index.ts';
import type { Chain } from '../chain.ts';
import { rpcUnavailable, sendRaw, signatureOutcome } from '../transactions/index.ts';
import type { GateContext } from './platform-gate.ts';
import { claimUnfinishedSends, finishPlatformSend, releaseHold, type RecordedSend } from './send-record.ts';
import { logEvent } from '../../lib/log-events.ts';

/** Where an unfinished send stands: it landed, failed on chain, or can never land (its blockhash expired). */
export type SendOutcome = { end: 'landed' } | { end: 'failed'; error: AppError } | { end: 'expired' };

/**
 * An owner's recovery of one of its sends: record the outcome exactly as the live process would have (through
 * finishPlatformSend, so it happens once), and on 'expired' sign and send afresh — the old bytes can never land.
 */
export type SendOwner = (send: RecordedSend, outcome: SendOutcome) => Promise<void>;
/** Owners by send kind; a kind without one is only ended (and its charge settled). */
export type SendOwners = Readonly<Record<string, SendOwner>>;

/**
 * An owner's resumption of work it claimed whose send was never recorded (its process died, or the database failed,
 * between the claim and the gate): claims older than `staleMs` with no pending or landed send are taken over (one
 * replica each, by a conditional update) and finished, signing afresh through the gate. Returns what it resumed.
 */
export type ResumeStaleClaims = (staleMs: number) => Promise<string[]>;

export interface RecoveryReport {
  landed: string[];
  failed: string[];
  expired: string[];
  /** Still able to land: the recorded bytes were sent again (the same signature: it can land once at most). */
  resent: string[];
  /** Claimed work that had no recorded send, taken over and sent afresh (ResumeStaleClaims). */
  resumed: string[];
  errors: { signature: string; error: string }[];
}

/** A held send is left to its holder this long; then another replica may take it. */
const HOLD_MS = 60_000;
const BATCH = 25;

/**
 * The chain's answer for a recorded send, or null while it can still land. The finalized block height is read
 * BEFORE the signature: once it is past the send's last valid height, no block that could hold the send is still to
 * come, so a signature unknown after that is unknown for good.
 */
export async function whereSendStands(chain: Chain, send: RecordedSend): Promise<SendOutcome | null> {
  let height: bigint;
  try {
    height = BigInt(await chain.connection.getBlockHeight('finalized'));
  } catch (error) {
    throw rpcUnavailable(error);
  }
  const outcome = await signatureOutcome(chain, send.signature);
  if (outcome.state === 'confirmed') return { end: 'landed' };
  if (outcome.state === 'failed') return { end: 'failed', error: outcome.error };
  return height > send.lastValidBlockHeight ? { end: 'expired' } : null;
}

/**
 * One run of the send-recovery job: claims unfinished sends (SKIP LOCKED, one replica per send), asks the chain
 * about each and hands the outcome to its owner; a send that can still land is sent again as recorded. The charge
 * follows the chain: its figures once landed or failed, released when it never landed. Then each owner's
 * `resumers` finish work claimed with no send recorded.
 */
export async function recoverPlatformSends(
  ctx: GateContext,
  owners: SendOwners,
  options: { staleMs: number; resumers?: readonly ResumeStaleClaims[] },
): Promise<RecoveryReport> {
  const report: RecoveryReport = { landed: [], failed: [], expired: [], resent: [], resumed: [], errors: [] };
  const sends = await claimUnfinishedSends(ctx.db, ctx.now(), options.staleMs, HOLD_MS, BATCH);
  for (const send of sends) {
    try {
      const outcome = await whereSendStands(ctx.chain, send);
      const owner = owners[send.kind];
      if (!outcome) {
        // Sent again only for an owner that finishes it; a send without one is left to its own module's checks.
        // Refused or unanswered, it changes nothing: the next run asks again.
        if (owner) {
          await sendRaw(ctx.chain, send.raw).catch(() => undefined);
          report.resent.push(send.signature);
        }
        await releaseHold(ctx.db, send.signature);
        continue;
      }
      if (owner) await owner(send, outcome);
      else await finishPlatformSend(ctx.db, send.signature, outcome.end, ctx.now());
      if (outcome.end === 'expired') await releaseAdminSpend(ctx.db, send.signature);
      else await settleAdminSpend(ctx, { signature: send.signature, wallet: null, ip: null, kind: send.kind, orderId: null });
      report[outcome.end].push(send.signature);
    } catch (error) {
      // the hold lapses and a later run (here or on another replica) tries again
      logEvent(ctx.log, 'send.recovery_failed', { err: error, tx: send.signature, kind: send.kind }, 'send recovery: could not finish a send');
      report.errors.push({ signature: send.signature, error: error instanceof Error ? error.message : String(error) });
    }
  }
  // after the sends: a claim whose send this run just ended expired is resumed by the send's owner, not here
  for (const resume of options.resumers ?? []) {
    try {
      report.resumed.push(...(await resume(options.staleMs)));
    } catch (error) {
      logEvent(ctx.log, 'send.recovery_failed', { err: error }, 'send recovery: could not resume stale claims');
      report.errors.push({ signature: '', error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
