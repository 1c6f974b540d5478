import { errorWithMessage } from '@jelly/domain';
import { apiErrorMessage } from '../../../lib/api/apiError.ts';

/** A failed admin act's toast: the server's reason for a refusal ('Error: {message}'), else the act's own failure text. */
export function refusalText(error: unknown, fallback: string): string {
  const said = apiErrorMessage(error, '');
  return said ? errorWithMessage(said) : fallback;
}
