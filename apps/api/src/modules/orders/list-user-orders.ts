import type { UserOffersQuery, UserOffersResponse } from '@jelly/contracts';
import { OWNER_ORDERS_DEFAULT_DIR, OWNER_ORDERS_PAGE_SIZE, clampPage, clampPageSize } from '@jelly/domain';
import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { orders } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { toOrder } from './order-view.ts';

export const USER_ORDERS_MAX_PAGE_SIZE = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** yyyy-MM-dd → that day's start (UTC); an ISO date-time → itself. `endOfDay` moves a plain date to the next day. */
function readDate(text: string, endOfDay: boolean): Date {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(plain ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(date.getTime())) throw badRequest(`Invalid date: ${text}`);
  return plain && endOfDay ? new Date(date.getTime() + DAY_MS) : date;
}

/**
 * GET /platform/all-user-offers/{wallet}: the wallet's offers and deals (as creator or acceptor), newest first by
 * default, with the fiat codes and token names found among all of them (for the dashboard dropdowns).
 * Only the wallet itself and admins may list them: deals are private.
 */
export async function listUserOrders(
  db: Database,
  user: AuthUser,
  wallet: string,
  query: UserOffersQuery,
): Promise<UserOffersResponse> {
  if (wallet !== user.wallet && !user.isAdmin) throw forbidden(ORDER_MESSAGES.userOrdersForbidden);
  const page = clampPage(query.Page);
  const size = Math.min(USER_ORDERS_MAX_PAGE_SIZE, clampPageSize(query.Size, OWNER_ORDERS_PAGE_SIZE));
  const descending = (query.Dir ?? OWNER_ORDERS_DEFAULT_DIR) !== 0;

  const mine = or(eq(orders.creatorWallet, wallet), eq(orders.acceptorWallet, wallet));
  const filters: (SQL | undefined)[] = [mine];
  if (query.Status !== undefined) filters.push(eq(orders.status, query.Status));
  if (query.TokenMint) filters.push(eq(orders.tokenMint, query.TokenMint));
  if (query.FiatCode) filters.push(eq(orders.fiatCode, query.FiatCode.toUpperCase()));
  if (query.Side !== undefined) filters.push(eq(orders.offerSide, query.Side));
  if (query.From) filters.push(gte(orders.createdAt, readDate(query.From, false)));
  if (query.To) filters.push(lt(orders.createdAt, readDate(query.To, true)));
  const where = and(...filters);
  const order = descending ? [desc(orders.createdAt), desc(orders.orderId)] : [asc(orders.createdAt), asc(orders.orderId)];

  const [rows, [count], fiatCodes, tokenNames] = await Promise.all([
    db.select().from(orders).where(where).orderBy(...order).limit(size).offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
    db.selectDistinct({ value: orders.fiatCode }).from(orders).where(mine).orderBy(orders.fiatCode),
    db.selectDistinct({ value: orders.tokenName }).from(orders).where(mine).orderBy(orders.tokenName),
  ]);
  const total = count?.total ?? 0;
  return {
    orders: rows.map(toOrder),
    fiatCodes: fiatCodes.map((r) => r.value),
    tokenNames: tokenNames.map((r) => r.value),
    total,
    totalCount: total,
    page,
    size,
  };
}
