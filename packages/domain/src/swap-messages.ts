/**
 * What the swap desk answers when it refuses a quote or a submit, one sentence per reason. The API sends the
 * sentence as the error message and the reason as `details.reason`, so the swap page can branch on the reason and
 * show the sentence (every refusal of a quote offers a fresh quote).
 */
export const SWAP_REFUSAL_REASONS = [
  'pair_unsupported',
  'same_token',
  'price_unavailable',
  'price_stale',
  'below_minimum',
  'above_maximum',
  'desk_inventory_short',
  'insufficient_balance',
  'quote_not_found',
  'quote_expired',
  'price_moved',
  'already_sent',
  'transaction_mismatch',
  'transaction_failed',
] as const;
export type SwapRefusalReason = (typeof SWAP_REFUSAL_REASONS)[number];

export const SWAP_MESSAGES = {
  // Which tokens depends on the cluster's mint list (devnet has no USDT), so the sentence names none.
  pair_unsupported: 'This pair cannot be swapped here: choose two of the listed tokens.',
  same_token: 'Choose two different tokens.',
  price_unavailable: 'No price is available for this pair right now. Try again in a moment.',
  price_stale: 'The price feed is out of date, so the desk cannot quote right now. Try again in a moment.',
  below_minimum: 'The amount is below the smallest swap the desk quotes.',
  above_maximum: 'The amount is above the largest swap the desk quotes.',
  desk_inventory_short: 'The desk does not hold enough of the token you want for this amount. Try a smaller amount.',
  insufficient_balance: 'Your wallet does not hold enough for this swap.',
  quote_not_found: 'This quote is unknown. Get a fresh quote.',
  quote_expired: 'This quote has expired. Get a fresh quote.',
  price_moved: 'The price moved beyond the quoted band since this quote. Get a fresh quote.',
  already_sent: "You've already sent this request.",
  transaction_mismatch: 'The signed transaction does not match the quote.',
  transaction_failed: 'The swap transaction failed on chain; nothing was exchanged.',
} as const satisfies Record<SwapRefusalReason, string>;

/** The reason an admin gives for editing a swap record (written to the audit log). */
export const SWAP_REASON_MIN = 3;
export const SWAP_REASON_MAX = 500;
export const SWAP_REASON_LENGTH = `The reason must be ${SWAP_REASON_MIN} to ${SWAP_REASON_MAX} characters`;
/** A swap cannot be marked Completed without the transaction that settled it. */
export const SWAP_COMPLETED_NEEDS_TX = 'Enter the transaction id that settled this swap to mark it Completed.';
