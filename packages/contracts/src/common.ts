import { z } from 'zod';

/** Every error response of the API has this shape. */
export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A base58 Solana address (32 bytes → 32–44 base58 characters). Checked for real on the server. */
export const walletAddress = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid wallet address');
