import { errorResponse } from '@jelly/contracts';

/** An API call that did not succeed; `message` is the server's user-facing message when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
    /** The error's code-specific `details`, when the server sent some. */
    readonly details: Record<string, unknown> | null = null,
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
  if (parsed.success) return new ApiError(parsed.data.error.message, response.status, parsed.data.error.code, parsed.data.error.details ?? null);
  return new ApiError(response.statusText || `Request failed with status ${response.status}`, response.status);
}

/** A readable reason from anything thrown (wallet errors, API errors, network failures). */
export function errorReason(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

/**
 * A failed RTK Query call (what `unwrap()` throws) as the error a direct call threw: an HTTP failure is an ApiError
 * with its status and the server's `{ error: { code, message } }`; a network failure an Error with fetch's own reason
 * (fetchBaseQuery keeps it as 'TypeError: …'); anything else (a malformed answer) is passed on as it is.
 */
export function apiErrorFromQuery(error: unknown): unknown {
  const failed = error as { status?: unknown; originalStatus?: unknown; data?: unknown; error?: unknown } | null | undefined;
  if (failed?.status === 'FETCH_ERROR' && typeof failed.error === 'string') return new Error(failed.error.replace(/^\w*Error: /, ''));
  const status = typeof failed?.status === 'number' ? failed.status : typeof failed?.originalStatus === 'number' ? failed.originalStatus : null;
  if (status === null) return error;
  const parsed = errorResponse.safeParse(failed?.data);
  if (parsed.success) return new ApiError(parsed.data.error.message, status, parsed.data.error.code, parsed.data.error.details ?? null);
  return new ApiError(`Request failed with status ${status}`, status);
}

/** Awaits an endpoint dispatched outside a component (`dispatch(x.endpoints.y.initiate(args))`), throwing as ApiError. */
export async function unwrapApi<T>(call: { unwrap: () => Promise<T> }): Promise<T> {
  try {
    return await call.unwrap();
  } catch (error) {
    throw apiErrorFromQuery(error);
  }
}

/**
 * The one reader of a failed call's text: the server's explanation of a refusal (a 4xx with the
 * `{ error: { code, message } }` body, whether RTK Query's error or an ApiError), else `fallback`. A 5xx keeps its
 * details in the server's logs and a network failure says nothing a person can act on, so both show the fallback.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  const failure = error instanceof ApiError ? error : apiErrorFromQuery(error);
  const refused = failure instanceof ApiError && failure.code !== null && failure.status >= 400 && failure.status < 500;
  return refused && failure.message ? failure.message : fallback;
}
