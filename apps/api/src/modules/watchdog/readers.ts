import {
  JELLY_STAGE_NAMES,
  type JellyStageName,
  WAIT_DEAL_STATUS,
  WAIT_SWAP_STATUS,
  type WaitKind,
  jellyWaitKind,
} from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import { queryRows } from '../../db/rows.ts';
import { openSupportCases } from './support-cases.ts';

/** A record that waits, as a reader finds it: its id, when its clock started, what an admin sees and follows. */
export interface WaitingRecord {
  ref: string;
  since: Date;
  /** The record as an admin names it ('Deal #12', 'Coin Jelly order #3'). */
  label: string;
  /** The admin back office page to act from. */
  link: string;
}

/**
 * Reads the records of one kind whose clock started before `startedBefore` (the caller passes now − the kind's
 * allowance, so every record returned is past its deadline). Plain reads of the owning modules' tables: the
 * watchdog never writes them.
 */
export type WaitReader = (db: Queryable, startedBefore: Date) => Promise<WaitingRecord[]>;

/** At most this many records per kind per read: the view and the notifications stay bounded on a bad day. */
export const READ_LIMIT = 200;

type Row = { ref: string | number; since: string | Date; label_id?: string | number | null; owner_kind?: string | null };
const at = (value: string | Date) => new Date(value);
const iso = (date: Date) => date.toISOString();

const dealLink = (id: string | number) => `/admin/disputes/${id}`;

const lockedDeals: WaitReader = async (db, startedBefore) => {
  const rows = await queryRows<Row>(db, sql`
    SELECT order_id AS ref, payment_deadline AS since FROM orders
    WHERE parent_order_id IS NOT NULL AND status = ${WAIT_DEAL_STATUS.deal_locked ?? -1}
      AND payment_deadline < ${iso(startedBefore)}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM deal_payout_waits w WHERE w.order_id = orders.order_id)
    ORDER BY payment_deadline LIMIT ${READ_LIMIT}`);
  return rows.map((r) => ({ ref: String(r.ref), since: at(r.since), label: `Deal #${r.ref}`, link: dealLink(r.ref) }));
};

// The dispute's clock is the admin queue's: the deal's first support request, or its review flag (a ban).
const resolvingDeals: WaitReader = async (db, startedBefore) => {
  const rows = await queryRows<Row>(db, sql`
    SELECT ref, since FROM (
      SELECT o.order_id AS ref, COALESCE(
        (SELECT min(r.created_at) FROM support_requests r WHERE r.order_id = o.order_id),
        f.flagged_at, o.updated_at) AS since
      FROM orders o LEFT JOIN deal_review_flags f ON f.order_id = o.order_id
      WHERE o.parent_order_id IS NOT NULL AND o.status = ${WAIT_DEAL_STATUS.deal_admin_resolving ?? -1}
        AND NOT EXISTS (SELECT 1 FROM deal_payout_waits w WHERE w.order_id = o.order_id)
    ) d WHERE since < ${iso(startedBefore)}::timestamptz
    ORDER BY since LIMIT ${READ_LIMIT}`);
  return rows.map((r) => ({ ref: String(r.ref), since: at(r.since), label: `Deal #${r.ref}`, link: dealLink(r.ref) }));
};

// Decided or expired, but the recipient's token account is missing: the deal waits on them, not on a job or an admin
// (the two kinds above leave such a deal to this one).
const payoutWaitingDeals: WaitReader = async (db, startedBefore) => {
  const rows = await queryRows<Row>(db, sql`
    SELECT order_id AS ref, since FROM deal_payout_waits
    WHERE since < ${iso(startedBefore)}::timestamptz
    ORDER BY since LIMIT ${READ_LIMIT}`);
  return rows.map((r) => ({ ref: String(r.ref), since: at(r.since), label: `Deal #${r.ref}`, link: dealLink(r.ref) }));
};

/**
 * When a Coin Jelly order's clock starts at its stage: the quote's expiry, the admin queue's entry, or its entry
 * into the stage. The entry is the first timeline event at the stage since the last event at another one, not
 * updated_at: a move that stays in its stage (a refund's claim, released and claimed again) must not restart it.
 */
function jellyClock(stage: JellyStageName) {
  if (stage === 'awaiting_deposit') return sql.raw('o.expire_at');
  if (stage === 'awaiting_admin') return sql.raw('COALESCE(o.admin_since, o.updated_at)');
  return sql.raw(`COALESCE((
    SELECT min(e.created_at) FROM jelly_events e
    WHERE e.order_id = o.id AND e.stage = o.stage AND e.id > COALESCE(
      (SELECT max(p.id) FROM jelly_events p WHERE p.order_id = o.id AND p.stage <> o.stage), 0)
  ), o.updated_at)`);
}

const jellyStage = (stage: JellyStageName): WaitReader => async (db, startedBefore) => {
  const clock = jellyClock(stage);
  const rows = await queryRows<Row>(db, sql`
    SELECT ref, since FROM (SELECT o.id AS ref, ${clock} AS since FROM jelly_orders o WHERE o.stage = ${stage} AND o.waiting_since IS NULL) w
    WHERE since < ${iso(startedBefore)}::timestamptz
    ORDER BY since LIMIT ${READ_LIMIT}`);
  return rows.map((r) => ({ ref: String(r.ref), since: at(r.since), label: `Coin Jelly order #${r.ref}`, link: '/admin/coin-jelly' }));
};

// Waiting for the recipient's token account (the stage readers above leave these to this one).
const jellyWaitingAccount: WaitReader = async (db, startedBefore) => {
  const rows = await queryRows<Row>(db, sql`
    SELECT id AS ref, waiting_since AS since FROM jelly_orders
    WHERE waiting_since IS NOT NULL AND waiting_since < ${iso(startedBefore)}::timestamptz
    ORDER BY waiting_since LIMIT ${READ_LIMIT}`);
  return rows.map((r) => ({ ref: String(r.ref), since: at(r.since), label: `Coin Jelly order #${r.ref}`, link: '/admin/coin-jelly' }));
};

const processingSwaps: WaitReader = async (db, startedBefore) => {
  const rows = await queryRows<Row>(db, sql`
    SELECT id AS ref, created_at AS since FROM swaps
    WHERE status = ${WAIT_SWAP_STATUS} AND created_at < ${iso(startedBefore)}::timestamptz
    ORDER BY created_at LIMIT ${READ_LIMIT}`);
  return rows.map((r) => ({ ref: String(r.ref), since: at(r.since), label: `Swap #${r.ref}`, link: '/admin/swaps' }));
};

/** Where an admin follows a platform send: its owner's page (a Coin Jelly order, a deal), else the platform figures. */
function sendLink(kind: string | null | undefined, ownerRef: string | number | null | undefined): string {
  if (kind?.startsWith('jelly_')) return '/admin/coin-jelly';
  if (ownerRef !== null && ownerRef !== undefined && /^\d+$/.test(String(ownerRef))) return dealLink(ownerRef);
  return '/admin/platform';
}

const pendingSends: WaitReader = async (db, startedBefore) => {
  const rows = await queryRows<Row>(db, sql`
    SELECT signature AS ref, created_at AS since, owner_ref AS label_id, kind AS owner_kind FROM platform_sends
    WHERE state = 'pending' AND created_at < ${iso(startedBefore)}::timestamptz
    ORDER BY created_at LIMIT ${READ_LIMIT}`);
  return rows.map((r) => ({
    ref: String(r.ref),
    since: at(r.since),
    label: `Platform send ${r.owner_kind ?? ''}${r.label_id ? ` for #${r.label_id}` : ''}`.trim(),
    link: sendLink(r.owner_kind, r.label_id),
  }));
};

const supportCases: WaitReader = async (db, startedBefore) => {
  const cases = await openSupportCases(db, startedBefore, READ_LIMIT);
  return cases.map((c) => ({ ref: c.id, since: c.openedAt, label: `Support case on deal #${c.orderId}`, link: dealLink(c.orderId) }));
};

const jellyReaders = Object.fromEntries(
  JELLY_STAGE_NAMES.flatMap((stage) => {
    const kind = jellyWaitKind(stage);
    return kind ? [[kind, jellyStage(stage)]] : [];
  }),
) as Record<Extract<WaitKind, `jelly_${string}`>, WaitReader>;

/** One reader per kind of the wait table (a kind without a reader does not compile). */
export const WAIT_READERS: Readonly<Record<WaitKind, WaitReader>> = {
  deal_locked: lockedDeals,
  deal_admin_resolving: resolvingDeals,
  deal_payout_waiting: payoutWaitingDeals,
  ...jellyReaders,
  jelly_waiting_account: jellyWaitingAccount,
  swap_processing: processingSwaps,
  platform_send: pendingSends,
  support_case: supportCases,
};
