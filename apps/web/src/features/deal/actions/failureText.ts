import { errorWithMessage } from '@jelly/domain';
import { ApiError } from '../../../lib/api/apiError.ts';
import { EscrowActionError } from '../../../lib/solana/escrowActionError.ts';

/**
 * The text to show for a failed action: the action error's own message, the server's explanation of a refusal
 * ('Error: {message}'), or the action's generic failure message.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof EscrowActionError) return error.message;
  if (error instanceof ApiError && error.code !== null && error.status >= 400 && error.status < 500) {
    return errorWithMessage(error.message);
  }
  return fallback;
}
