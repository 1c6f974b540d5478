import { EscrowError, escrowErrorMessage, escrowMessage, extractCustomErrorCode } from '@jelly/escrow';
import { TX_CONFIRM_TIMEOUT } from '@jelly/domain';
import type { TransactionError, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Chain } from '../chain.ts';
import { AppError } from '../../errors.ts';

/** Confirmation level 'confirmed', time-out 60 s: long enough for a congested cluster, short enough to tell the user. */
export const CONFIRM_TIMEOUT_MS = 60_000;
const POLL_MS = 400;

export const BLOCKHASH_EXPIRED_MESSAGE = "The transaction's blockhash has expired. Build it again and retry.";

/** Why the chain refused a transaction, in words a user can act on; the program's code when there is one. */
export function chainFailure(err: TransactionError | string | object, logs: readonly string[] | null): AppError {
  const code = extractCustomErrorCode({ err, logs: logs ?? [] });
  if (code !== undefined) {
    const message = escrowErrorMessage(code) ?? `Program error ${code}`;
    return new AppError('TRANSACTION_FAILED', message, { programErrorCode: code });
  }
  const text = typeof err === 'string' ? err : JSON.stringify(err);
  if (text.includes('BlockhashNotFound')) return new AppError('TRANSACTION_FAILED', BLOCKHASH_EXPIRED_MESSAGE);
  if (text.includes('AlreadyProcessed')) return new AppError('CONFLICT', escrowMessage(EscrowError.AlreadyPerformed));
  if (text.includes('InsufficientFundsForFee') || text.includes('InsufficientFundsForRent')) {
    return new AppError('CHAIN_UNAVAILABLE', 'The platform cannot pay network fees right now. Please try again later.');
  }
  return new AppError('TRANSACTION_FAILED', `The transaction failed on chain: ${text.slice(0, 200)}`);
}

/** Runs the fully signed transaction against the current chain state; throws the mapped failure. */
export async function simulateOrThrow(chain: Chain, tx: VersionedTransaction): Promise<readonly string[]> {
  let result;
  try {
    result = await chain.connection.simulateTransaction(tx, { sigVerify: true, commitment: 'confirmed' });
  } catch (error) {
    throw rpcUnavailable(error);
  }
  if (result.value.err) throw chainFailure(result.value.err, result.value.logs);
  return result.value.logs ?? [];
}

/** Sends the raw transaction (already simulated, so without a second preflight). */
export async function sendRaw(chain: Chain, raw: Uint8Array): Promise<void> {
  try {
    await chain.connection.sendRawTransaction(raw, { skipPreflight: true, maxRetries: 5 });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    // A replay of something already landed: the caller looks the signature up instead.
    if (text.includes('AlreadyProcessed') || text.includes('already been processed')) return;
    const code = extractCustomErrorCode(error);
    if (code !== undefined || text.includes('Blockhash')) throw chainFailure(text, null);
    throw rpcUnavailable(error);
  }
}

export type SignatureOutcome = { state: 'confirmed' } | { state: 'failed'; error: AppError } | { state: 'unknown' };

/** Where a signature stands on chain right now (confirmed or finalized counts as confirmed). */
export async function signatureOutcome(chain: Chain, signature: string): Promise<SignatureOutcome> {
  let status;
  try {
    status = (await chain.connection.getSignatureStatuses([signature], { searchTransactionHistory: true })).value[0];
  } catch (error) {
    throw rpcUnavailable(error);
  }
  if (!status) return { state: 'unknown' };
  if (status.err) return { state: 'failed', error: chainFailure(status.err, await transactionLogs(chain, signature)) };
  if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') return { state: 'confirmed' };
  return { state: 'unknown' };
}

/** Polls until the signature is confirmed or failed; 504 'Transaction failed to confirm in 60s' after the time-out. */
export async function confirmOrThrow(chain: Chain, signature: string, timeoutMs = CONFIRM_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await signatureOutcome(chain, signature);
    if (outcome.state === 'confirmed') return;
    if (outcome.state === 'failed') throw outcome.error;
    if (Date.now() >= deadline) throw new AppError('CHAIN_TIMEOUT', TX_CONFIRM_TIMEOUT, { signature });
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}

/** The log lines of a landed transaction (events are parsed from them). */
export async function transactionLogs(chain: Chain, signature: string): Promise<string[] | null> {
  const tx = await chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  return tx?.meta?.logMessages ?? null;
}

/** Whether a blockhash can still be used; a pending transaction built on an expired one can never land. */
export async function isBlockhashStillValid(chain: Chain, blockhash: string): Promise<boolean> {
  try {
    return (await chain.connection.isBlockhashValid(blockhash, { commitment: 'confirmed' })).value;
  } catch (error) {
    throw rpcUnavailable(error);
  }
}

/** The RPC node failed or is unreachable (its error text stays out of the response: it may name internal hosts). */
export function rpcUnavailable(_error: unknown): AppError {
  return new AppError('CHAIN_UNAVAILABLE', 'The Solana node did not answer. Please try again.');
}

/** A transaction's id: its fee payer's signature (ed25519 is deterministic: the same message, the same signature). */
export function signatureOf(tx: VersionedTransaction): string {
  const first = tx.signatures[0];
  if (!first) throw new Error('transaction has no signature slot');
  return bs58.encode(first);
}
