import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The admin back office (every route: bearer + the admin role, checked on the server against the current admin list;
 * 401 signed out, 403 otherwise). Lists page with Page (default 1) and Size (default 20, at most 100).
 */

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** The text of a resolution or four-eyes reason, as both parties read it. */
export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 500;
/** Hours the admins aim to decide a dispute in, from its opening (DISPUTE_SLA_HOURS overrides it). */
export const DEFAULT_DISPUTE_SLA_HOURS = 24;
/** A ban without `until` lasts this long. */
export const DEFAULT_BAN_HOURS = 24;

export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const optionalText = (max: number) => z.preprocess(emptyToUndefined, z.string().trim().max(max).optional());
export const pageParam = lazySchema(() => z.preprocess(emptyToUndefined, z.coerce.number().int('Page must be a whole number').min(1, 'Page starts at 1').optional()));
export const sizeParam = lazySchema(() => z.preprocess(
  emptyToUndefined,
  z.coerce.number().int('Size must be a whole number').min(1).max(ADMIN_MAX_PAGE_SIZE, `Size is at most ${ADMIN_MAX_PAGE_SIZE}`).optional(),
));
export const pageInfo = { total: z.number().int(), page: z.number().int(), size: z.number().int() };

export const adminReason = lazySchema(() => z
  .string({ error: 'A reason is required' })
  .trim()
  .min(ADMIN_REASON_MIN, `The reason needs at least ${ADMIN_REASON_MIN} characters`)
  .max(ADMIN_REASON_MAX, `At most ${ADMIN_REASON_MAX} characters`));

export const releaseTo = lazySchema(() => z.enum(['buyer', 'seller']));

export const adminBan = lazySchema(() => z.object({
  id: z.string(),
  wallet: walletAddress,
  reason: z.string(),
  until: isoDateTime,
  createdBy: z.string(),
  createdAt: isoDateTime,
  /** Set by an unban. */
  liftedAt: isoDateTime.nullable(),
  liftedBy: z.string().nullable(),
  /** Holds now: not lifted and until is in the future. */
  active: z.boolean(),
}));
export type AdminBan = z.infer<typeof adminBan>;
