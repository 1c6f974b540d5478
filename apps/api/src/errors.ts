import type { ErrorCode } from '@jelly/contracts';

/** HTTP status of every error code (one table for the whole API). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  NONCE_INVALID: 401,
  SIGNATURE_INVALID: 401,
  REFRESH_TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  WALLET_BANNED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** The resource is not in the state this action needs (e.g. a deal already settled). */
  CONFLICT: 409,
  /** The co-signer refuses to sign this transaction (policy: instructions, signers, accounts). */
  TRANSACTION_REFUSED: 400,
  /** The transaction was simulated or sent and the chain rejected it (details.programErrorCode when known). */
  TRANSACTION_FAILED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The app runs without a Solana connection, or the RPC node does not answer. */
  CHAIN_UNAVAILABLE: 503,
  /** A submitted transaction was not confirmed in time; it may still land. */
  CHAIN_TIMEOUT: 504,
};

/** An expected failure whose message is safe to show to the client. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const unauthorized = (message = 'Authentication required.') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this.') => new AppError('FORBIDDEN', message);
export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError('BAD_REQUEST', message, details);
export const validationError = (message: string, fields: Record<string, string>) =>
  new AppError('VALIDATION_ERROR', message, { fields });
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
