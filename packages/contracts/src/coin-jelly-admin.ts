import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { jellyAmount, jellyCoinCode, jellyListItem, jellyStatus } from './coin-jelly.ts';
import { lazySchema } from './lazy-schema.ts';

/** Coin Jelly's admin side: Update Jelly, the deposit confirmation for coins off Solana, and the queue. */

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * PATCH /admin/update-jelly (admin): record the payout txID and/or move the status.
 * Completed needs a txID in the receive chain's format; a Solana txID is checked on chain (recipient, coin,
 * amount) first. Failed needs a reason. Every change is in the audit log.
 */
export const updateJellyRequest = lazySchema(() => z.object({
  id: z.number().int().positive('Order id must be positive'),
  txID: z.preprocess(emptyToUndefined, z.string().trim().max(128).optional()),
  status: jellyStatus,
  reason: z.preprocess(emptyToUndefined, z.string().trim().max(500).optional()),
}));
export type UpdateJellyRequest = z.input<typeof updateJellyRequest>;
export type UpdateJellyInput = z.output<typeof updateJellyRequest>;

/**
 * POST /admin/coin-jelly/confirm-deposit (admin): for a send coin off Solana, the admin confirms what arrived at the
 * deposit address (its txID in that chain's format and the amount in whole coins).
 */
export const confirmJellyDepositRequest = lazySchema(() => z.object({
  id: z.number().int().positive('Order id must be positive'),
  txID: z.string().trim().min(1, 'txID is required').max(128),
  amount: jellyAmount,
}));
export type ConfirmJellyDepositRequest = z.infer<typeof confirmJellyDepositRequest>;

/** A deposit to a known deposit address that no open order could take (after completion, a second payer…). */
export const unattributedJellyDeposit = lazySchema(() => z.object({
  /** With signature, what identifies the deposit. */
  orderId: z.number().int().positive(),
  address: z.string(),
  coin: jellyCoinCode,
  signature: z.string(),
  slot: z.number().int().nullable(),
  amount: z.string(),
  at: isoDateTime,
  resolved: z.boolean(),
}));
export type UnattributedJellyDeposit = z.infer<typeof unattributedJellyDeposit>;

/**
 * GET /admin/coin-jelly/queue (admin): orders needing an admin first (awaiting_admin, oldest first, with the
 * minutes they have waited), then the unattributed deposits, then the orders waiting for the user's choice (after an
 * under-, over- or late payment, or a moved rate: nothing for an admin to do yet, but a deposit sits there meanwhile),
 * oldest first, with the minutes since the question was put.
 */
export const jellyAdminQueueResponse = lazySchema(() => z.object({
  orders: z.array(jellyListItem.extend({ waitingMinutes: z.number().int().min(0) })),
  deposits: z.array(unattributedJellyDeposit),
  awaitingUser: z.array(jellyListItem.extend({ waitingMinutes: z.number().int().min(0) })),
}));
export type JellyAdminQueueResponse = z.infer<typeof jellyAdminQueueResponse>;

