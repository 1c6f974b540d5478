import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Every error code the API answers with. The HTTP status is fixed per code (see the API's error table);
 * clients may branch on the code, and show `message` to people.
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'NONCE_INVALID',
  'SIGNATURE_INVALID',
  'REFRESH_TOKEN_INVALID',
  'FORBIDDEN',
  'WALLET_BANNED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'TRANSACTION_REFUSED',
  'TRANSACTION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'CHAIN_UNAVAILABLE',
  'CHAIN_TIMEOUT',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Every error response of the API has this shape; `details` is optional and code-specific. */
export const errorResponse = lazySchema(() => z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
}));
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Details of a WALLET_BANNED (403) error. */
export const walletBannedDetails = lazySchema(() => z.object({
  reason: z.string(),
  /** ISO date-time until which the ban holds. */
  until: z.string(),
}));
export type WalletBannedDetails = z.infer<typeof walletBannedDetails>;

/** A base58 Solana address (32 bytes → 32–44 base58 characters). Checked for real on the server. */
export const walletAddress = lazySchema(() => z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid wallet address'));

/** An ISO 8601 date-time string as produced by Date#toISOString. */
export const isoDateTime = lazySchema(() => z.iso.datetime());
