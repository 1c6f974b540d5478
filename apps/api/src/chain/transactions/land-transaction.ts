import { SendTransactionError } from '@solana/web3.js';
import type { AppError } from '../../errors.ts';
import type { Chain } from '../chain.ts';
import { BLOCKHASH_EXPIRED_MESSAGE, CONFIRM_TIMEOUT_MS, chainFailure, signatureOutcome, type SignatureOutcome } from './submit-transaction.ts';

/** Where a signed transaction ended up after `landTransaction`. */
export type Landing =
  /** On chain, confirmed, without error. */
  | { state: 'confirmed' }
  /** On chain with an error: its fee was paid, its instructions had no effect. */
  | { state: 'failed'; error: AppError }
  /** The node refused it (and the chain does not hold it): it did not land. */
  | { state: 'refused'; error: AppError }
  /** Its blockhash expired before it landed: it never will, so signing afresh cannot pay twice. */
  | { state: 'expired' }
  /** The time-out passed with no answer either way (the node unreachable): it may still land until its blockhash expires. */
  | { state: 'unknown' };

/** Same bytes again every 2 s: a send the node dropped (or whose answer was lost) is not lost with it. */
const REBROADCAST_MS = 2_000;
const BLOCKHASH_CHECK_MS = 1_000;
const POLL_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One send of the signed bytes: null when the node took it (or already has it), the node's refusal otherwise. An
 * unreachable node (after the connection's own retries) is not a refusal: the bytes may have arrived.
 */
async function sendOnce(chain: Chain, raw: Uint8Array): Promise<AppError | null> {
  try {
    await chain.connection.sendRawTransaction(raw, { skipPreflight: true, maxRetries: 0 });
    return null;
  } catch (error) {
    if (!(error instanceof SendTransactionError)) return null;
    const text = error.message;
    if (text.includes('AlreadyProcessed') || text.includes('already been processed')) return null;
    return chainFailure(text, error.logs ?? null);
  }
}

async function statusOf(chain: Chain, signature: string): Promise<SignatureOutcome> {
  return signatureOutcome(chain, signature).catch((): SignatureOutcome => ({ state: 'unknown' }));
}

async function blockhashAlive(chain: Chain, blockhash: string): Promise<boolean> {
  try {
    return (await chain.connection.isBlockhashValid(blockhash, { commitment: 'confirmed' })).value;
  } catch {
    return true; // unknown: keep waiting (the deadline still ends the wait)
  }
}

function settled(outcome: SignatureOutcome): Landing | null {
  if (outcome.state === 'confirmed') return { state: 'confirmed' };
  if (outcome.state === 'failed') return { state: 'failed', error: outcome.error };
  return null;
}

/**
 * Sends signed bytes and keeps re-sending the same bytes until the chain shows the signature (confirmed or failed),
 * the node refuses them, their blockhash expires, or the time-out passes. Before a refusal or an expiry is believed,
 * the signature's status is read: a transaction that landed while its answer was lost counts as landed.
 */
export async function landTransaction(
  chain: Chain,
  raw: Uint8Array,
  target: {
    signature: string;
    recentBlockhash: string;
    timeoutMs?: number | undefined;
    /** Called once, after the node first took the bytes (a crash test's fail-point between send and confirm). */
    onSent?: (() => void) | undefined;
  },
): Promise<Landing> {
  let sent = false;
  const deadline = Date.now() + (target.timeoutMs ?? CONFIRM_TIMEOUT_MS);
  let lastSend = Number.NEGATIVE_INFINITY;
  let lastBlockhashCheck = Date.now();
  for (;;) {
    if (Date.now() - lastSend >= REBROADCAST_MS) {
      lastSend = Date.now();
      const refusal = await sendOnce(chain, raw);
      if (refusal) {
        const landed = settled(await statusOf(chain, target.signature));
        if (landed) return landed;
        if (refusal.message === BLOCKHASH_EXPIRED_MESSAGE) return { state: 'expired' };
        return { state: 'refused', error: refusal };
      }
      if (!sent) {
        sent = true;
        target.onSent?.();
      }
    }
    const landed = settled(await statusOf(chain, target.signature));
    if (landed) return landed;
    if (Date.now() - lastBlockhashCheck >= BLOCKHASH_CHECK_MS) {
      lastBlockhashCheck = Date.now();
      if (!(await blockhashAlive(chain, target.recentBlockhash))) {
        // it may have landed in the blockhash's last block: one more look before calling it expired
        return settled(await statusOf(chain, target.signature)) ?? { state: 'expired' };
      }
    }
    if (Date.now() >= deadline) return { state: 'unknown' };
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
  }
}
