import { USER_ORDERS_MAX_PAGE_SIZE, type UserOffersQuery, type UserOffersResponse, type UserOrderRow } from '@jelly/contracts';
import {
  DEAL_STATUS_GROUPS,
  OWNER_ORDERS_DEFAULT_DIR,
  OWNER_ORDERS_PAGE_SIZE,
  OfferSide,
  OrderStatus,
  clampPage,
  clampPageSize,
  counterpartyWallet,
  dealRoleOf,
} from '@jelly/domain';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { orders } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { createdWithin } from '../../lib/list-filters.ts';
import type { AuthUser } from '../auth/index.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { type OrderRow, toOrder } from './order-view.ts';

/** The rows of the list: its own offers, its deals in either role, or both. */
function kindFilter(wallet: string, kind: UserOffersQuery['Kind']): SQL | undefined {
  const party = or(eq(orders.creatorWallet, wallet), eq(orders.acceptorWallet, wallet));
  if (kind === 'offers') return and(isNull(orders.parentOrderId), eq(orders.creatorWallet, wallet));
  if (kind === 'deals') return and(isNotNull(orders.parentOrderId), party);
  // A deal on the wallet's own offer carries the offer's creator, so "creator or acceptor" is both kinds at once.
  return party;
}

/**
 * Rows where the wallet is the buyer (fiat side) or the seller (crypto side): the creator of a Buy offer and the
 * acceptor of a Sell offer buy; the reverse sell. Offers have no acceptor, so their creator's side decides.
 */
function roleFilter(wallet: string, role: NonNullable<UserOffersQuery['Role']>): SQL | undefined {
  const creatorSide = role === 'buyer' ? OfferSide.Buy : OfferSide.Sell;
  const acceptorSide = role === 'buyer' ? OfferSide.Sell : OfferSide.Buy;
  return or(
    and(eq(orders.creatorWallet, wallet), eq(orders.offerSide, creatorSide)),
    and(eq(orders.acceptorWallet, wallet), eq(orders.offerSide, acceptorSide)),
  );
}

/** The ad-history states of an offer (see OFFER_STATES in the contracts). */
function offerStateFilter(state: NonNullable<UserOffersQuery['OfferStatus']>): SQL | undefined {
  if (state === 'active') return and(eq(orders.status, OrderStatus.Active), gt(orders.amount, '0'));
  if (state === 'filled') return and(eq(orders.status, OrderStatus.Active), eq(orders.amount, '0'));
  return ne(orders.status, OrderStatus.Active);
}

function offerState(row: OrderRow): UserOrderRow['offerStatus'] {
  if (row.status !== OrderStatus.Active) return 'cancelled';
  return BigInt(row.amount) > 0n ? 'active' : 'filled';
}

/** The wire row, seen from the listed wallet's side. */
function toRow(row: OrderRow, dealsCount: number | null, wallet: string): UserOrderRow {
  const isOffer = row.parentOrderId === null;
  return {
    ...toOrder(row),
    kind: isOffer ? 'offer' : 'deal',
    role: dealRoleOf(row, wallet) === 'fiat' ? 'buyer' : 'seller',
    counterpartyWallet: isOffer ? null : counterpartyWallet(row, wallet),
    offerStatus: isOffer ? offerState(row) : null,
    dealsCount: isOffer ? (dealsCount ?? 0) : null,
  };
}

/**
 * GET /platform/all-user-offers/{wallet}: the wallet's offers and deals (as creator or acceptor), newest first by
 * default, with the fiat codes and token names of its whole history (for the dashboard dropdowns).
 * Only the wallet itself and admins may list them: deals are private.
 */
export async function listUserOrders(
  db: Database,
  user: AuthUser,
  wallet: string,
  query: UserOffersQuery,
): Promise<UserOffersResponse> {
  if (wallet !== user.wallet && !user.isAdmin) throw forbidden(ORDER_MESSAGES.userOrdersForbidden);
  if (query.OfferStatus && query.Kind !== 'offers') throw badRequest(ORDER_MESSAGES.offerStatusNeedsOffers);
  const page = clampPage(query.Page);
  const size = Math.min(USER_ORDERS_MAX_PAGE_SIZE, clampPageSize(query.Size, OWNER_ORDERS_PAGE_SIZE));
  const descending = (query.Dir ?? OWNER_ORDERS_DEFAULT_DIR) !== 0;

  const filters: (SQL | undefined)[] = [kindFilter(wallet, query.Kind), ...createdWithin(orders.createdAt, query.From, query.To)];
  if (query.OfferStatus) filters.push(offerStateFilter(query.OfferStatus));
  if (query.Status !== undefined) filters.push(eq(orders.status, query.Status));
  // The tabs group deal statuses: an offer (Active or withdrawn) belongs to none of them.
  if (query.StatusGroup) {
    filters.push(isNotNull(orders.parentOrderId), inArray(orders.status, [...DEAL_STATUS_GROUPS[query.StatusGroup]]));
  }
  if (query.TokenMint) filters.push(eq(orders.tokenMint, query.TokenMint));
  if (query.TokenName) filters.push(eq(orders.tokenName, query.TokenName));
  if (query.FiatCode) filters.push(eq(orders.fiatCode, query.FiatCode.toUpperCase()));
  if (query.Side !== undefined) filters.push(eq(orders.offerSide, query.Side));
  if (query.Role) filters.push(roleFilter(wallet, query.Role));
  const where = and(...filters);
  const order = descending ? [desc(orders.createdAt), desc(orders.orderId)] : [asc(orders.createdAt), asc(orders.orderId)];
  const everything = kindFilter(wallet, undefined);
  // Offers only: the deals opened on each (orders_parent_idx), for the rows of this page alone.
  // Written out qualified: Drizzle leaves a single table's columns unqualified, which inside the subquery would name the deal's own.
  const dealsCount = sql<number | null>`CASE WHEN "orders"."parent_order_id" IS NULL THEN
    (SELECT count(*)::int FROM orders AS deal WHERE deal.parent_order_id = "orders"."order_id") END`;

  const [rows, [count], fiatCodes, tokenNames] = await Promise.all([
    db
      .select({ row: orders, dealsCount })
      .from(orders)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
    db.selectDistinct({ value: orders.fiatCode }).from(orders).where(everything).orderBy(orders.fiatCode),
    db.selectDistinct({ value: orders.tokenName }).from(orders).where(everything).orderBy(orders.tokenName),
  ]);
  const total = count?.total ?? 0;
  return {
    orders: rows.map((r) => toRow(r.row, r.dealsCount === null ? null : Number(r.dealsCount), wallet)),
    fiatCodes: fiatCodes.map((r) => r.value),
    tokenNames: tokenNames.map((r) => r.value),
    total,
    totalCount: total,
    page,
    size,
  };
}
