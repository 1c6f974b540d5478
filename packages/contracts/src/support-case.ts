import { SUPPORT_CASE_STATES } from '@jelly/domain';
import { z } from 'zod';
import { adminReason } from './admin-common.ts';
import { isoDateTime, walletAddress } from './common.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * A case opened on a deal that had ended (completed, expired or cancelled): what the parties and the admins see of it.
 * Open until an admin closes it with a reason.
 */
export const supportCase = lazySchema(() => z.object({
  id: z.string(),
  state: z.enum(SUPPORT_CASE_STATES),
  /** The words of the party who opened it. */
  message: z.string().nullable(),
  openedBy: walletAddress,
  openedAt: isoDateTime,
  closedAt: isoDateTime.nullable(),
  /** The admin's reason for closing it (both parties read it). */
  closeReason: z.string().nullable(),
}));
export type SupportCase = z.infer<typeof supportCase>;

/** POST /admin/disputes/{orderId}/support-case/close (admins): closes the deal's open case with a reason. */
export const closeSupportCaseRequest = lazySchema(() => z.object({ reason: adminReason }));
export type CloseSupportCaseRequest = z.input<typeof closeSupportCaseRequest>;
