import type { Order, OrderPaymentMethod } from '@jelly/contracts';
import type { orders } from '../../db/schema/index.ts';
import { PAYMENT_METHODS } from '../catalogues/index.ts';

export type OrderRow = typeof orders.$inferSelect;

const METHOD_NAMES = new Map(PAYMENT_METHODS.map((m) => [m.id, m.name]));

/** Payment method ids → { id, name } from the catalogue (an id no longer listed keeps its id as name). */
export function paymentMethodsOf(ids: readonly string[]): OrderPaymentMethod[] {
  return ids.map((id) => ({ id, name: METHOD_NAMES.get(id) ?? id }));
}

/** numeric columns come back as '100.00' / '1.500000000000000000': exact decimal text without trailing zeros. */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '');
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The wire form of an order row. */
export function toOrder(row: OrderRow): Order {
  return {
    orderId: row.orderId,
    parentOrderId: row.parentOrderId,
    creatorWallet: row.creatorWallet,
    acceptorWallet: row.acceptorWallet,
    tokenMint: row.tokenMint,
    tokenName: row.tokenName,
    tokenDecimal: row.tokenDecimal,
    amount: row.amount,
    filledQuantity: row.filledQuantity,
    totalAmount: row.totalAmount,
    price: trimDecimal(row.price),
    priceType: row.priceType === 'floating' ? 'floating' : 'fixed',
    premiumPercent: row.premiumPercent === null ? null : trimDecimal(row.premiumPercent),
    minFiatAmount: trimDecimal(row.minFiatAmount),
    maxFiatAmount: trimDecimal(row.maxFiatAmount),
    fiatCode: row.fiatCode,
    fiatAmountCents: row.fiatAmountCents,
    offerSide: row.offerSide,
    status: row.status,
    paymentMethods: paymentMethodsOf(row.paymentMethodIds),
    paymentWindowMinutes: row.paymentWindowMinutes,
    visibleInCountries: row.visibleInCountries,
    autoReply: row.autoReply,
    orderDescription: row.orderDescription,
    tags: row.tags,
    minAccountAgeDays: row.minAccountAgeDays,
    dealStartTime: iso(row.dealStartTime),
    paymentDeadline: iso(row.paymentDeadline),
    ticketId: row.ticketId,
    lockedAt: iso(row.lockedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
