import { RpcError, RPC_ERROR } from '../rpc/rpc-error.ts';
import type { ExecutionDetails, LocalnetChain } from './localnet-chain.ts';
import { describeTransactionError, type TransactionErrorJson } from './transaction-error.ts';
import { decodeWireTransaction, hasValidSignatures } from './wire-transaction.ts';

export interface SubmitOptions {
  skipPreflight: boolean;
}

/** The error web3.js turns into a SendTransactionError, with the logs in `data`. */
type FailureDetails = Pick<ExecutionDetails, 'logs' | 'unitsConsumed'> & { err: TransactionErrorJson };

function preflightFailure(details: FailureDetails): RpcError {
  return new RpcError(
    RPC_ERROR.sendTransactionPreflightFailure,
    `Transaction simulation failed: ${describeTransactionError(details.err)}`,
    {
      accounts: null,
      err: details.err,
      innerInstructions: null,
      logs: details.logs,
      replacementBlockhash: null,
      returnData: null,
      unitsConsumed: details.unitsConsumed,
    },
  );
}

/**
 * sendTransaction: verify signatures, refuse a replay or an expired blockhash, simulate unless told not to,
 * then execute. Returns the signature once the transaction has landed (final at once on this ledger).
 *
 * Unlike a real node, a transaction that cannot land (expired blockhash, unfunded fee payer) is refused with
 * an error even with skipPreflight, instead of being silently dropped. A replay sent with skipPreflight returns
 * the signature of the transaction that already landed, as a real node does.
 */
export function submitTransaction(chain: LocalnetChain, bytes: Uint8Array, options: SubmitOptions): string {
  const tx = decodeWireTransaction(bytes);
  if (!hasValidSignatures(tx)) {
    throw new RpcError(RPC_ERROR.signatureVerificationFailure, 'Transaction signature verification failure');
  }
  if (chain.history.has(tx.signature)) {
    if (options.skipPreflight) return tx.signature;
    throw preflightFailure({ err: 'AlreadyProcessed', logs: [], unitsConsumed: 0 });
  }
  if (chain.ledger.slotOfValidBlockhash(tx.message.recentBlockhash) === null) {
    throw preflightFailure({ err: 'BlockhashNotFound', logs: [], unitsConsumed: 0 });
  }
  if (!options.skipPreflight) {
    const simulation = chain.simulate(tx);
    if (simulation.err !== null) throw preflightFailure({ ...simulation, err: simulation.err });
  }
  const outcome = chain.execute(tx);
  if (!outcome.landed) {
    const err = outcome.details.err ?? 'SanitizeFailure';
    throw preflightFailure({ ...outcome.details, err });
  }
  return tx.signature;
}
