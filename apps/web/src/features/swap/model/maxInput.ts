/** Rent-exempt minimum of an SPL token account (165 bytes), in lamports. */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n;

export interface MaxInputArgs {
  /** What the wallet holds of the token it pays with, in base units (lamports for SOL). */
  balance: bigint;
  /** The user pays with native SOL. */
  inputIsSol: boolean;
  /** The user's account for the received token does not exist yet (it never does for SOL, received natively). */
  outputAccountMissing: boolean;
}

/**
 * The largest amount Max fills in. The platform pays the network fee, so the only SOL the user needs besides the swap
 * is the rent of the token account the swap opens for them; paying with SOL keeps exactly that back.
 */
export function maxSwapInput({ balance, inputIsSol, outputAccountMissing }: MaxInputArgs): bigint {
  if (!inputIsSol) return balance;
  const kept = outputAccountMissing ? TOKEN_ACCOUNT_RENT_LAMPORTS : 0n;
  return balance > kept ? balance - kept : 0n;
}
