/**
 * An on-chain action that failed for a reason the user can read; `message` is the exact text to show ('Wallet/program
 * not ready', 'Error: {message}', 'Failed to submit transaction for admin co-sign', …).
 * Its own module (no Solana imports), so screens can recognise it without loading the wallet libraries.
 */
export class EscrowActionError extends Error {
  override readonly name = 'EscrowActionError';
}
