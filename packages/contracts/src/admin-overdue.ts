import { WAIT_KINDS } from '@jelly/domain';
import { z } from 'zod';
import { isoDateTime } from './common.ts';
import { lazySchema } from './lazy-schema.ts';

/** A wait kind of the domain's wait table (wait-deadlines.ts). */
export const waitKind = lazySchema(() => z.enum(WAIT_KINDS));

/** One record past its deadline, as GET /admin/overdue lists it. */
export const overdueItem = lazySchema(() => z.object({
  kind: waitKind,
  /** The waiting record: a deal, Coin Jelly order or swap id, a send's signature, a support request's id. */
  ref: z.string(),
  /** The record as an admin names it ('Deal #12'). */
  label: z.string(),
  /** What it waits for and how the wait ends, from the wait table. */
  waitsFor: z.string(),
  wayOut: z.string(),
  owner: z.enum(['user', 'counterparty', 'admin', 'server', 'chain']),
  /** When its clock started, and when it became late (since + the kind's allowance). */
  since: isoDateTime,
  deadline: isoDateTime,
  /** The admin back office page to act from. */
  link: z.string(),
  /** When the admins were told (null until the watchdog's next run). */
  notifiedAt: isoDateTime.nullable(),
}));
export type OverdueItem = z.infer<typeof overdueItem>;

/** GET /admin/overdue: everything past its deadline now, the longest overdue first, and the counts by kind. */
export const overdueResponse = lazySchema(() => z.object({
  at: isoDateTime,
  data: z.array(overdueItem),
  counts: z.record(waitKind, z.number().int()),
  total: z.number().int(),
}));
export type OverdueResponse = z.infer<typeof overdueResponse>;
