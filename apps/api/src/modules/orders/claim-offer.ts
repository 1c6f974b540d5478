import type { CreateOrderInput } from '@jelly/contracts';
import {
  AMOUNT_EXCEEDS_AVAILABLE,
  OfferSide,
  OrderStatus,
  claimQuote,
  compareDecimal,
  dealPrice,
  fiatCentsForBaseUnits,
  formatCents,
  formatDealPrice,
  fromBaseUnits,
} from '@jelly/domain';
import { sql } from 'drizzle-orm';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { type AuthUser, findActiveBan, walletBannedError } from '../auth/index.ts';
import { isBlockedEitherWay } from '../rating/index.ts';
import { postAutoReply } from '../chat/index.ts';
import { notifyOfferClaimed } from '../notifications/index.ts';
import { marketPrice, PriceFeedUnavailableError } from '../prices/index.ts';
import { enforceClaimLimits } from './claim-limits.ts';
import type { OrderContext } from './create-offer.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import type { OrderRow } from './order-view.ts';
import { checkClaimPaymentDetails, insertPaymentDetails } from './offer-payment-details.ts';
import { findAccountCreatedAt, findOrder } from './queries.ts';
import { assertSellCoveredAtClaim } from './sell-coverage.ts';
import { queryRows } from '../../db/rows.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The price a deal on this offer is made at, frozen on the deal: the listed price, or for a floating offer the live
 * one with its premium (the listed price while the feed has none). The Claim Offer estimate runs the same rule.
 */
async function claimPrice(ctx: OrderContext, offer: OrderRow): Promise<string> {
  if (offer.priceType !== 'floating') return dealPrice(offer, null).price;
  let market: string | null = null;
  try {
    market = (await marketPrice(ctx.priceFeed, offer.tokenName, offer.fiatCode))?.price ?? null;
  } catch (error) {
    if (!(error instanceof PriceFeedUnavailableError)) throw error;
  }
  return dealPrice(offer, market).price;
}

/**
 * A claim that names the price its total was shown at is made at that price or not at all: a live price that moved
 * since is refused (409) with the new price and total, and nothing is taken from the offer.
 */
function checkQuotedPrice(quotedPrice: string | undefined, price: string, amount: bigint, offer: OrderRow): void {
  if (quotedPrice === undefined || compareDecimal(quotedPrice, price) === 0) return;
  const cents = fiatCentsForBaseUnits(amount, offer.tokenDecimal, price);
  throw new AppError('CONFLICT', ORDER_MESSAGES.priceChanged(formatDealPrice(price), formatCents(cents), offer.fiatCode, offer.tokenName), {
    price,
    fiatAmountCents: cents.toString(),
  });
}

/** Fields a claim may repeat from the offer; when sent they must match (the server never takes them from the client). */
function checkEchoedFields(body: CreateOrderInput, offer: OrderRow, caller: string): void {
  if (body.acceptorWallet && body.acceptorWallet !== caller) throw forbidden(ORDER_MESSAGES.notYourClaim);
  if (body.status !== undefined && body.status !== OrderStatus.InProgress) throw badRequest(ORDER_MESSAGES.claimStatus);
  const mismatches = [
    body.creatorWallet && body.creatorWallet !== offer.creatorWallet ? 'creatorWallet' : null,
    body.tokenMint && body.tokenMint !== offer.tokenMint ? 'tokenMint' : null,
    body.fiatCode && body.fiatCode !== offer.fiatCode ? 'fiatCode' : null,
    body.orderSide !== undefined && body.orderSide !== offer.offerSide ? 'orderSide' : null,
    body.tokenDecimal !== undefined && body.tokenDecimal !== offer.tokenDecimal ? 'tokenDecimal' : null,
  ].filter((f): f is string => f !== null);
  if (mismatches.length > 0) throw badRequest(`${ORDER_MESSAGES.claimMismatch}: ${mismatches.join(', ')}.`);
}

/** The signed-in caller of a claim, with the country its request comes from (null when unknown). */
export type Claimant = AuthUser & { country: string | null };

/**
 * A claim (parentOrderId set): creates the deal, In Progress, with the caller as acceptor. The offer's available
 * amount is taken with one conditional UPDATE (status still Active and enough left), so concurrent claims can
 * never take more than the offer has; the deal row is inserted in the same transaction.
 */
export async function claimOffer(
  ctx: OrderContext,
  user: Claimant,
  body: CreateOrderInput & { parentOrderId: number },
): Promise<{ orderId: number }> {
  const { parentOrderId } = body;
  const callerCountry = user.country;
  const now = ctx.now();
  const ban = await findActiveBan(ctx.db, user.wallet, now);
  if (ban) throw walletBannedError(ban);

  const offer = await findOrder(ctx.db, parentOrderId);
  if (!offer) throw notFound(ORDER_MESSAGES.offerNotFound);
  if (offer.parentOrderId !== null) throw badRequest(ORDER_MESSAGES.claimADeal);
  if (offer.creatorWallet === user.wallet) throw forbidden(ORDER_MESSAGES.claimOwnOffer);
  // A block (POST /user-bans/ban) works both ways: neither side can start a deal with the other.
  if (await isBlockedEitherWay(ctx.db, user.wallet, offer.creatorWallet)) throw forbidden(ORDER_MESSAGES.claimBlocked);
  checkEchoedFields(body, offer, user.wallet);
  const paymentDetails = checkClaimPaymentDetails(body.paymentDetails, offer.offerSide, offer.paymentMethodIds);
  if (offer.status !== OrderStatus.Active) throw conflict(ORDER_MESSAGES.offerNotActive);

  const amount = BigInt(body.amount);
  if (amount <= 0n) throw badRequest(ORDER_MESSAGES.claimAmount);
  if (amount > BigInt(offer.amount)) throw conflict(AMOUNT_EXCEEDS_AVAILABLE);

  if (offer.minAccountAgeDays > 0) {
    const createdAt = (await findAccountCreatedAt(ctx.db, user.wallet)) ?? now;
    if (now.getTime() - createdAt.getTime() < offer.minAccountAgeDays * DAY_MS) {
      throw forbidden(ORDER_MESSAGES.accountTooNew(offer.minAccountAgeDays));
    }
  }
  // Region rules fail closed: a caller whose country is unknown cannot claim a region-limited offer.
  if (offer.visibleInCountries.length > 0) {
    if (!callerCountry) throw forbidden(ORDER_MESSAGES.regionUnknown);
    if (!offer.visibleInCountries.includes(callerCountry)) throw forbidden(ORDER_MESSAGES.regionNotAllowed);
  }
  if (offer.offerSide === OfferSide.Sell) await assertSellCoveredAtClaim(ctx, offer, amount);

  const price = await claimPrice(ctx, offer);
  checkQuotedPrice(body.quotedPrice, price, amount, offer);
  const quote = claimQuote({
    amountText: fromBaseUnits(amount, offer.tokenDecimal),
    available: fromBaseUnits(BigInt(offer.amount), offer.tokenDecimal),
    price,
    fiatCode: offer.fiatCode,
    minFiatAmount: offer.minFiatAmount,
    maxFiatAmount: offer.maxFiatAmount,
  });
  if (quote.limitError) throw badRequest(quote.limitError);
  const fiatCents = fiatCentsForBaseUnits(amount, offer.tokenDecimal, price);
  if (fiatCents <= 0n) throw badRequest('The amount is too small: its fiat value rounds to 0.');

  const deadline = new Date(now.getTime() + offer.paymentWindowMinutes * 60_000);
  return ctx.db.transaction(async (tx) => {
    await enforceClaimLimits(tx, ctx.claimLimits, user.wallet, now);
    const taken = await queryRows<{ order_id: number }>(tx, sql`
      UPDATE orders SET amount = amount - ${amount.toString()}::numeric, updated_at = ${now}
      WHERE order_id = ${offer.orderId} AND parent_order_id IS NULL AND status = ${OrderStatus.Active}
        AND amount >= ${amount.toString()}::numeric
      RETURNING order_id`);
    if (taken.length !== 1) {
      const current = await findOrder(tx, offer.orderId);
      if (current?.status !== OrderStatus.Active) throw conflict(ORDER_MESSAGES.offerNotActive);
      throw conflict(AMOUNT_EXCEEDS_AVAILABLE);
    }
    // ticket_id = the deal's own id (the on-chain FillTicket id), so take the id from the sequence first.
    const inserted = await queryRows<{ order_id: string | number }>(tx, sql`
      WITH id AS (SELECT nextval(pg_get_serial_sequence('orders', 'order_id')) AS v)
      INSERT INTO orders (
        order_id, parent_order_id, creator_wallet, acceptor_wallet, token_mint, token_name, token_decimal,
        offer_side, status, price, price_type, premium_percent, amount, filled_quantity, total_amount,
        min_fiat_amount, max_fiat_amount, fiat_code, fiat_amount_cents, payment_method_ids, visible_in_countries,
        auto_reply, order_description, tags, min_account_age_days, payment_window_minutes, deal_start_time,
        payment_deadline, ticket_id, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT id.v, ${offer.orderId}, ${offer.creatorWallet}, ${user.wallet}, ${offer.tokenMint}, ${offer.tokenName},
        ${offer.tokenDecimal}, ${offer.offerSide}, ${OrderStatus.InProgress}, ${price}::numeric, ${offer.priceType},
        ${offer.premiumPercent}::numeric, ${amount.toString()}::numeric, 0, ${amount.toString()}::numeric,
        ${offer.minFiatAmount}::numeric, ${offer.maxFiatAmount}::numeric, ${offer.fiatCode},
        ${fiatCents.toString()}::numeric, ${toTextArray(offer.paymentMethodIds)}::text[],
        ${toTextArray(offer.visibleInCountries)}::text[], ${offer.autoReply}, ${offer.orderDescription},
        ${toTextArray(offer.tags)}::text[], ${offer.minAccountAgeDays}, ${offer.paymentWindowMinutes}, ${now},
        ${deadline}, id.v, ${now}, ${now}
      FROM id
      RETURNING order_id`);
    const row = inserted[0];
    if (!row) throw new AppError('INTERNAL_ERROR', 'The deal could not be created.');
    // A Buy offer's claimer (the seller) gives their payment details with the deal, in its own transaction.
    await insertPaymentDetails(tx, Number(row.order_id), paymentDetails, now);
    await postAutoReply(tx, { dealId: Number(row.order_id), creatorWallet: offer.creatorWallet, content: offer.autoReply, createdAt: now });
    // Notifications: the offer's creator hears about the claim in this same transaction.
    await notifyOfferClaimed(tx, Number(row.order_id), now, ctx.claimLimits?.claimNotificationBatchMinutes);
    return { orderId: Number(row.order_id) };
  });
}

/** A PostgreSQL array literal for text[] parameters ({"a","b"}), quoting every element. */
function toTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
