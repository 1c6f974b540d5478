import type { OrderStatus } from '@jelly/domain';
import type { MarketOffer } from '@jelly/contracts';
import { completionRate, paymentMethodsOf, trimDecimal } from '../orders/index.ts';

/** A row of marketPageSql. */
export interface MarketRow {
  order_id: string;
  creator_wallet: string;
  token_mint: string;
  token_name: string;
  token_decimal: number;
  offer_side: number;
  status: OrderStatus;
  price: string;
  price_type: string;
  premium_percent: string | null;
  amount: string;
  filled_quantity: string;
  total_amount: string;
  amount_tokens: string;
  min_fiat_amount: string;
  max_fiat_amount: string;
  fiat_code: string;
  payment_method_ids: string[];
  visible_in_countries: string[];
  auto_reply: string;
  order_description: string;
  tags: string[];
  min_account_age_days: number;
  payment_window_minutes: number;
  ticket_id: string;
  created_at: string;
  updated_at: string;
  created_ms: number;
  trades: number | null;
  completed: number | null;
}

/** The wire form of a market row: an active offer (so no deal fields) plus its advertiser's counters. */
export function toMarketOffer(r: MarketRow): MarketOffer {
  const trades = r.trades ?? 0;
  const completed = r.completed ?? 0;
  return {
    orderId: Number(r.order_id),
    parentOrderId: null,
    creatorWallet: r.creator_wallet,
    acceptorWallet: null,
    tokenMint: r.token_mint,
    tokenName: r.token_name,
    tokenDecimal: r.token_decimal,
    amount: r.amount,
    filledQuantity: r.filled_quantity,
    totalAmount: r.total_amount,
    price: trimDecimal(r.price),
    priceType: r.price_type === 'floating' ? 'floating' : 'fixed',
    premiumPercent: r.premium_percent === null ? null : trimDecimal(r.premium_percent),
    minFiatAmount: trimDecimal(r.min_fiat_amount),
    maxFiatAmount: trimDecimal(r.max_fiat_amount),
    fiatCode: r.fiat_code,
    fiatAmountCents: null,
    offerSide: r.offer_side,
    status: r.status,
    paymentMethods: paymentMethodsOf(r.payment_method_ids),
    paymentWindowMinutes: r.payment_window_minutes,
    visibleInCountries: r.visible_in_countries,
    autoReply: r.auto_reply,
    orderDescription: r.order_description,
    tags: r.tags,
    minAccountAgeDays: r.min_account_age_days,
    dealStartTime: null,
    paymentDeadline: null,
    ticketId: Number(r.ticket_id),
    lockedAt: null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    creatorStats: { trades, completedTrades: completed, completionRate: completionRate(completed, trades) },
  };
}
