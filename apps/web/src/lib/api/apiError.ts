import { errorResponse } from '@jelly/contracts';

/** An API call that did not succeed; `message` is the server's user-facing message when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Builds an ApiError from a failed response, reading the `{ error: { code, message } }` body when present. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: fall back to the status text
  }
  const parsed = errorResponse.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data.error.message, response.status, parsed.data.error.code);
  return new ApiError(response.statusText || `Request failed with status ${response.status}`, response.status);
}

/** A readable reason from anything thrown (wallet errors, API errors, network failures). */
export function errorReason(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}
