import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { orderId } from './orders.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * A deal's payment window and the parties' requests for more time (bearer, the deal's two parties; admins read):
 * GET /deals/{orderId}/window, POST /deals/{orderId}/window/extensions (ask),
 * POST /deals/{orderId}/window/extensions/{extensionId}/answer (accept or decline).
 */

/** The minutes a party may ask for. */
export const windowExtensionMinutes = lazySchema(() => z.union([z.literal(15), z.literal(30), z.literal(60)], {
  error: 'Ask for 15, 30 or 60 more minutes.',
}));

export const dealWindowParams = lazySchema(() => z.object({ orderId }));
export const windowExtensionParams = lazySchema(() => z.object({
  orderId,
  extensionId: z.coerce.number().int('Extension id must be an integer').positive('Extension id must be positive'),
}));

export const windowExtension = lazySchema(() => z.object({
  id: z.number().int().positive(),
  requestedBy: walletAddress,
  minutes: windowExtensionMinutes,
  state: z.enum(['pending', 'accepted', 'declined']),
  answeredBy: walletAddress.nullable(),
  createdAt: isoDateTime,
  answeredAt: isoDateTime.nullable(),
}));
export type WindowExtension = z.infer<typeof windowExtension>;

/** GET /deals/{orderId}/window, and every ask and answer. */
export const dealWindowResponse = lazySchema(() => z.object({
  orderId: z.number().int().positive(),
  /** The deadline both countdowns and the expiry job use (extensions included); null before one is set. */
  paymentDeadline: isoDateTime.nullable(),
  /** Oldest first. */
  extensions: z.array(windowExtension),
}));
export type DealWindow = z.infer<typeof dealWindowResponse>;

/** POST /deals/{orderId}/window/extensions */
export const requestWindowExtensionRequest = lazySchema(() => z.object({ minutes: windowExtensionMinutes }).strict());
export type RequestWindowExtensionRequest = z.infer<typeof requestWindowExtensionRequest>;

/** POST /deals/{orderId}/window/extensions/{extensionId}/answer */
export const answerWindowExtensionRequest = lazySchema(() => z.object({ answer: z.enum(['accept', 'decline']) }).strict());
export type AnswerWindowExtensionRequest = z.infer<typeof answerWindowExtensionRequest>;

export const dealWindowPaths = {
  window: (orderId: number | string) => `/deals/${encodeURIComponent(String(orderId))}/window`,
  extensions: (orderId: number | string) => `/deals/${encodeURIComponent(String(orderId))}/window/extensions`,
  answer: (orderId: number | string, extensionId: number | string) =>
    `/deals/${encodeURIComponent(String(orderId))}/window/extensions/${encodeURIComponent(String(extensionId))}/answer`,
} as const;
