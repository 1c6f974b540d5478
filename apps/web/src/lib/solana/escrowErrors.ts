import { errorWithMessage, FAILED_TO_SUBMIT_FOR_COSIGN, TX_CONFIRM_TIMEOUT } from '@jelly/domain';
import { describeEscrowError } from '@jelly/escrow';
import { ApiError, errorReason } from '../api/apiError.ts';
import { EscrowActionError } from './escrowActionError.ts';

export { EscrowActionError };

/** The wallet refused or failed to sign: 'Error: {reason}'. */
export function walletSigningError(error: unknown): EscrowActionError {
  return new EscrowActionError(errorWithMessage(signingReason(error)));
}

/**
 * The co-sign call failed. A refusal the server explains (4xx with a message, a program error it reports, the
 * 60 s confirmation time-out) reads 'Error: {message}', with the escrow catalogue's text where the error carries
 * one of its codes; anything else (offline, 5xx, an unreadable answer) is
 * 'Failed to submit transaction for admin co-sign'.
 */
export function coSignError(error: unknown): EscrowActionError {
  const onchain = describeEscrowError(error);
  if (onchain) return new EscrowActionError(errorWithMessage(onchain));
  if (error instanceof ApiError && error.code !== null) {
    const explained = (error.status >= 400 && error.status < 500) || error.message === TX_CONFIRM_TIMEOUT;
    if (explained) return new EscrowActionError(errorWithMessage(error.message));
  }
  return new EscrowActionError(FAILED_TO_SUBMIT_FOR_COSIGN);
}

/** The RPC node could not be reached for what the transaction needs (recent blockhash, accounts). */
export function rpcError(error: unknown): EscrowActionError {
  return new EscrowActionError(errorWithMessage(errorReason(error)));
}

// Wallet adapters wrap the wallet's own error (WalletSignTransactionError.error) and often leave their message empty.
function signingReason(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const inner = (error as { error?: unknown } | null)?.error;
  if (inner !== undefined && inner !== null) return errorReason(inner);
  return errorReason(error);
}
