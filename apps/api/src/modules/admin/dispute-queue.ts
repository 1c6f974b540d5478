import type { DisputeQueueResponse, DisputeQueueRow, SupportCase } from '@jelly/contracts';
import { ADMIN_PAGE_SIZE, type DISPUTE_QUEUE_STATUSES } from '@jelly/contracts';
import { OrderStatus, type SupportCaseState, UNDERWAY_STATUSES, buyerAndSeller, decimalToString, orderStatusLabel } from '@jelly/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import type { AdminConfig } from './admin-config.ts';
import { pageOf } from './admin-scope.ts';
import { pendingApprovals } from './approvals-view.ts';

const HOUR_MS = 60 * 60 * 1000;

interface QueueRow {
  order_id: string | number;
  status: number;
  offer_side: number;
  creator_wallet: string;
  acceptor_wallet: string | null;
  token_mint: string;
  token_name: string;
  token_decimal: number;
  amount: string;
  price: string;
  fiat_code: string;
  fiat_amount_cents: string | null;
  opened_at: Date | string;
  opened_by: string | null;
  flag_reason: string | null;
  flagged_by: string | null;
  flagged_at: Date | string | null;
  case_id: string | null;
  case_state: SupportCaseState | null;
  case_message: string | null;
  case_opened_by: string | null;
  case_opened_at: Date | string | null;
  case_closed_at: Date | string | null;
  case_close_reason: string | null;
  total: string | number;
}

const list = (statuses: readonly number[]) => sql.join(statuses.map((s) => sql`${s}`), sql`, `);

type QueueFilter = (typeof DISPUTE_QUEUE_STATUSES)[number];

function statusFilter(status: QueueFilter): SQL {
  const underway = list(UNDERWAY_STATUSES);
  switch (status) {
    case 'open':
      return sql`o.status = ${OrderStatus.AdminResolving}`;
    case 'flagged':
      return sql`f.order_id IS NOT NULL AND o.status IN (${underway})`;
    case 'resolved':
      return sql`o.status = ${OrderStatus.AdminResolved}`;
    case 'support':
      return sql`c.state = 'open'`;
    case 'all':
      return sql`(o.status IN (${OrderStatus.AdminResolving}, ${OrderStatus.AdminResolved}) OR (f.order_id IS NOT NULL AND o.status IN (${underway})) OR c.id IS NOT NULL)`;
  }
}

/** A deal id, a party's wallet, or one of the deal's transaction signatures. */
function searchFilter(q: string): SQL {
  const asId = /^\d{1,15}$/.test(q) ? sql`o.order_id = ${Number(q)} OR ` : sql``;
  return sql`(${asId}o.creator_wallet = ${q} OR o.acceptor_wallet = ${q} OR o.lock_signature = ${q}
    OR EXISTS (SELECT 1 FROM deal_transactions t WHERE t.order_id = o.order_id AND t.signature = ${q}))`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * GET /admin/disputes — deals awaiting (or given) an admin's decision, the oldest dispute first. The SLA clock starts
 * when the dispute was opened: the deal's first support request, or its review flag for a deal flagged at a ban.
 */
export async function listDisputes(
  db: Database,
  config: AdminConfig,
  query: { status: QueueFilter; token?: string | undefined; fiat?: string | undefined; q?: string | undefined; Page?: number | undefined; Size?: number | undefined },
): Promise<DisputeQueueResponse> {
  const page = pageOf(query, ADMIN_PAGE_SIZE);
  const filters: SQL[] = [sql`o.parent_order_id IS NOT NULL`, statusFilter(query.status)];
  if (query.token) filters.push(sql`(o.token_mint = ${query.token} OR upper(o.token_name) = upper(${query.token}))`);
  if (query.fiat) filters.push(sql`o.fiat_code = ${query.fiat}`);
  if (query.q) filters.push(searchFilter(query.q));
  const rows = await queryRows<QueueRow>(db, sql`
    SELECT o.order_id, o.status, o.offer_side, o.creator_wallet, o.acceptor_wallet, o.token_mint, o.token_name,
      o.token_decimal, o.amount::text AS amount, o.price::text AS price, o.fiat_code,
      o.fiat_amount_cents::text AS fiat_amount_cents,
      COALESCE(c.created_at, s.opened_at, f.flagged_at, o.updated_at) AS opened_at,
      COALESCE(c.requester_wallet, s.opened_by, f.flagged_by) AS opened_by,
      f.reason AS flag_reason, f.flagged_by, f.flagged_at,
      c.id AS case_id, c.state AS case_state, c.message AS case_message, c.requester_wallet AS case_opened_by,
      c.created_at AS case_opened_at, c.closed_at AS case_closed_at, c.close_reason AS case_close_reason,
      count(*) OVER () AS total
    FROM orders o
    LEFT JOIN deal_review_flags f ON f.order_id = o.order_id
    ${LATEST_CASE}
    LEFT JOIN LATERAL (
      SELECT r.created_at AS opened_at, r.requester_wallet AS opened_by FROM support_requests r
      WHERE r.order_id = o.order_id ORDER BY r.created_at ASC LIMIT 1
    ) s ON true
    WHERE ${sql.join(filters, sql` AND `)}
    ORDER BY opened_at ASC, o.order_id ASC
    OFFSET ${page.offset} LIMIT ${page.limit}`);
  const approvals = await pendingApprovals(db, rows.map((r) => Number(r.order_id)));
  const slaMs = config.disputeSlaHours * HOUR_MS;
  const data: DisputeQueueRow[] = rows.map((r) => {
    const orderId = Number(r.order_id);
    const openedAt = new Date(r.opened_at);
    const parties = buyerAndSeller({ offerSide: r.offer_side, creatorWallet: r.creator_wallet, acceptorWallet: r.acceptor_wallet });
    return {
      orderId,
      status: r.status as OrderStatus,
      statusLabel: orderStatusLabel(r.status),
      tokenMint: r.token_mint,
      tokenName: r.token_name,
      tokenDecimal: r.token_decimal,
      amount: r.amount,
      price: decimalToString(r.price),
      fiatCode: r.fiat_code,
      fiatAmountCents: r.fiat_amount_cents,
      ...parties,
      openedAt: openedAt.toISOString(),
      openedBy: r.opened_by,
      slaDueAt: new Date(openedAt.getTime() + slaMs).toISOString(),
      reviewFlag:
        r.flag_reason !== null && r.flagged_at !== null
          ? { reason: r.flag_reason, flaggedAt: iso(r.flagged_at), flaggedBy: r.flagged_by ?? '' }
          : null,
      pendingApproval: approvals.get(orderId) ?? null,
      supportCase: caseOf(r),
    };
  });
  return { data, total: rows[0] ? Number(rows[0].total) : await countOnly(db, filters), page: page.page, size: page.size };
}

/** The deal's latest case on an ended deal (only one is open at a time, and it is the latest). */
const LATEST_CASE = sql`LEFT JOIN LATERAL (
      SELECT r.id, r.state, r.message, r.requester_wallet, r.created_at, r.closed_at, r.close_reason FROM support_requests r
      WHERE r.order_id = o.order_id AND r.state IS NOT NULL ORDER BY r.created_at DESC, r.id DESC LIMIT 1
    ) c ON true`;

function caseOf(r: QueueRow): SupportCase | null {
  if (r.case_id === null || r.case_state === null || r.case_opened_by === null || r.case_opened_at === null) return null;
  return {
    id: r.case_id,
    state: r.case_state,
    message: r.case_message,
    openedBy: r.case_opened_by,
    openedAt: iso(r.case_opened_at),
    closedAt: r.case_closed_at === null ? null : iso(r.case_closed_at),
    closeReason: r.case_close_reason,
  };
}

/** The total when the requested page is past the end (no row carried it). */
async function countOnly(db: Database, filters: SQL[]): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(db, sql`
    SELECT count(*) AS n FROM orders o LEFT JOIN deal_review_flags f ON f.order_id = o.order_id
    ${LATEST_CASE}
    WHERE ${sql.join(filters, sql` AND `)}`);
  return Number(row?.n ?? 0);
}
