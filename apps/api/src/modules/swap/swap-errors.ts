import type { ErrorCode } from '@jelly/contracts';
import { SWAP_MESSAGES, type SwapRefusalReason } from '@jelly/domain';
import { AppError } from '../../errors.ts';

/** The HTTP error of each refusal: 400 never quotable, 409 no longer usable, 503 the price feed cannot answer. */
const CODE: Record<SwapRefusalReason, ErrorCode> = {
  pair_unsupported: 'BAD_REQUEST',
  same_token: 'BAD_REQUEST',
  below_minimum: 'BAD_REQUEST',
  above_maximum: 'BAD_REQUEST',
  price_unavailable: 'SERVICE_UNAVAILABLE',
  price_stale: 'SERVICE_UNAVAILABLE',
  desk_inventory_short: 'CONFLICT',
  insufficient_balance: 'CONFLICT',
  quote_not_found: 'NOT_FOUND',
  quote_expired: 'CONFLICT',
  price_moved: 'CONFLICT',
  already_sent: 'CONFLICT',
  transaction_mismatch: 'TRANSACTION_REFUSED',
  transaction_failed: 'TRANSACTION_FAILED',
};

/** A refusal of the desk: its sentence as the message, the reason in `details.reason` (plus any detail given). */
export function swapRefusal(reason: SwapRefusalReason, detail?: string): AppError {
  const message = detail ? `${SWAP_MESSAGES[reason]} ${detail}` : SWAP_MESSAGES[reason];
  return new AppError(CODE[reason], message, { reason });
}
