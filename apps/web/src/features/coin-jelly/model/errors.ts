import { apiErrorMessage } from '../../../lib/api/apiError.ts';

export const TRY_AGAIN = 'Check your connection and try again.';

/** The server's explanation of a refused call, or a general one. */
export const failureMessage = (error: unknown): string => apiErrorMessage(error, TRY_AGAIN);

/** The HTTP status of a failed RTK Query call, if it had one. */
export function failureStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : null;
}
