import { OFFER_VALUE_TOO_LARGE, U64_MAX, type CreateOrderInput } from '@jelly/contracts';
import {
  OfferSide,
  OrderStatus,
  fiatCentsForBaseUnits,
  fromBaseUnits,
  placeOrderErrors,
  type PlaceOrderField,
} from '@jelly/domain';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import { badRequest, forbidden, validationError } from '../../errors.ts';
import { type AuthUser, findActiveBan, walletBannedError } from '../auth/index.ts';
import { floatingPrice, marketPrice, type PriceFeed, PriceFeedUnavailableError } from '../prices/index.ts';
import type { ClaimLimitsConfig } from './claim-limits-config.ts';
import { enforceOfferLimit } from './claim-limits.ts';
import { isKnownCountry, isKnownFiat, isKnownPaymentMethod } from './catalogue-checks.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { checkPaymentDetails, insertPaymentDetails } from './offer-payment-details.ts';
import { insertOrder } from './order-writes.ts';
import { findToken } from './queries.ts';
import { assertSellCovered } from './sell-coverage.ts';

export interface OrderContext {
  db: Database;
  chain: Chain | null;
  priceFeed: PriceFeed;
  now: () => Date;
  /** Per-wallet claim and offer limits; undefined = none. */
  claimLimits?: ClaimLimitsConfig;
}

const PREMIUM_MIN_EXCLUSIVE = -100;
const PREMIUM_MAX = 1000;
const fiatCents = /^\d+(\.\d{1,2})?$/;

/**
 * A new offer (parentOrderId empty): the creator is the signed-in wallet; every field is checked again here
 * (the same rules as the /p2p form, @jelly/domain placeOrderErrors); a Sell offer needs the creator's on-chain
 * balance to cover the total together with its other open Sell offers of the token.
 */
export async function createOffer(ctx: OrderContext, user: AuthUser, body: CreateOrderInput): Promise<{ orderId: number }> {
  const ban = await findActiveBan(ctx.db, user.wallet, ctx.now());
  if (ban) throw walletBannedError(ban);
  if (body.creatorWallet && body.creatorWallet !== user.wallet) throw forbidden(ORDER_MESSAGES.notYourWallet);
  if (body.status !== undefined && body.status !== OrderStatus.Active) throw badRequest(ORDER_MESSAGES.offerStatus);
  if (body.acceptorWallet) throw badRequest('A new offer has no acceptor.');

  // The contract guarantees these for an offer (superRefine); narrow them for TypeScript.
  const { tokenMint, fiatCode, orderSide, minFiatAmount, maxFiatAmount, paymentMethodIds, paymentWindowMinutes } = body;
  if (!tokenMint || !fiatCode || orderSide === undefined || !minFiatAmount || !maxFiatAmount || !paymentMethodIds) {
    throw badRequest('Missing offer fields.');
  }

  const token = await findToken(ctx.db, tokenMint);
  // A disabled token takes no new offers (deals already running in it go on).
  if (!token || token.disabled) throw validationError(ORDER_MESSAGES.unknownToken, { asset: ORDER_MESSAGES.unknownToken });
  if (
    (body.tokenDecimal !== undefined && body.tokenDecimal !== token.decimals) ||
    (body.tokenName !== undefined && body.tokenName !== token.symbol)
  ) {
    throw badRequest(ORDER_MESSAGES.tokenMismatch);
  }
  if (!isKnownFiat(fiatCode)) throw validationError(ORDER_MESSAGES.unknownFiat, { fiat: ORDER_MESSAGES.unknownFiat });
  if (paymentMethodIds.some((id) => !isKnownPaymentMethod(id))) {
    throw validationError(ORDER_MESSAGES.unknownPaymentMethod, { paymentMethods: ORDER_MESSAGES.unknownPaymentMethod });
  }
  if (new Set(paymentMethodIds).size !== paymentMethodIds.length) {
    throw validationError(ORDER_MESSAGES.duplicatePaymentMethod, { paymentMethods: ORDER_MESSAGES.duplicatePaymentMethod });
  }
  const paymentDetails = checkPaymentDetails(body.paymentDetails, orderSide, paymentMethodIds);
  const countries = [...new Set(body.visibleInCountries ?? [])];
  if (countries.some((code) => !isKnownCountry(code))) throw badRequest(ORDER_MESSAGES.unknownCountry);
  for (const [field, value] of [
    ['fiatMin', minFiatAmount],
    ['fiatMax', maxFiatAmount],
  ] as const) {
    if (!fiatCents.test(value)) throw validationError(ORDER_MESSAGES.fiatDecimals, { [field]: ORDER_MESSAGES.fiatDecimals });
  }

  const priceType = body.priceType ?? 'fixed';
  let price = body.price ?? '';
  let premiumPercent: string | null = null;
  if (priceType === 'floating') {
    premiumPercent = body.premiumPercent ?? '0';
    const premium = Number(premiumPercent);
    if (!(premium > PREMIUM_MIN_EXCLUSIVE && premium <= PREMIUM_MAX)) throw badRequest(ORDER_MESSAGES.premiumRange);
    let market;
    try {
      market = await marketPrice(ctx.priceFeed, token.symbol, fiatCode);
    } catch (error) {
      if (!(error instanceof PriceFeedUnavailableError)) throw error;
    }
    if (!market) throw badRequest(ORDER_MESSAGES.marketPriceUnavailable);
    price = floatingPrice(market.price, premiumPercent);
  }

  const totalAmount = BigInt(body.amount);
  const errors = placeOrderErrors({
    tokenDecimals: token.decimals,
    fiatCode,
    price,
    totalAmount: fromBaseUnits(totalAmount, token.decimals),
    fiatMin: minFiatAmount,
    fiatMax: maxFiatAmount,
    paymentMethodCount: paymentMethodIds.length,
    paymentTimeLimit: paymentWindowMinutes ?? Number.NaN,
  });
  const fields = Object.entries(errors) as [PlaceOrderField, string][];
  const first = fields[0];
  if (first) throw validationError(first[1], Object.fromEntries(fields));
  // The escrow stores the deal's fiat value as u64 cents: an offer worth more could be claimed but never locked.
  if (fiatCentsForBaseUnits(totalAmount, token.decimals, price) > U64_MAX) {
    throw validationError(OFFER_VALUE_TOO_LARGE, { totalAmount: OFFER_VALUE_TOO_LARGE });
  }

  if (orderSide === OfferSide.Sell) {
    await assertSellCovered(ctx.db, ctx.chain, user.wallet, token, totalAmount, totalAmount);
  }

  const now = ctx.now();
  // The limit check and the insert share a transaction (the check holds a per-wallet lock until commit).
  const orderId = await ctx.db.transaction(async (tx) => {
    await enforceOfferLimit(tx, ctx.claimLimits, user.wallet, now);
    const id = await insertOrder(tx, {
      parentOrderId: null,
      creatorWallet: user.wallet,
      acceptorWallet: null,
      tokenMint: token.mint,
      tokenName: token.symbol,
      tokenDecimal: token.decimals,
      offerSide: orderSide,
      status: OrderStatus.Active,
      price,
      priceType,
      premiumPercent,
      amount: totalAmount.toString(),
      filledQuantity: '0',
      totalAmount: totalAmount.toString(),
      minFiatAmount,
      maxFiatAmount,
      fiatCode,
      paymentMethodIds,
      visibleInCountries: countries,
      autoReply: body.autoReply ?? '',
      orderDescription: body.orderDescription ?? '',
      tags: [...new Set(body.tags ?? [])],
      minAccountAgeDays: body.minUserAccountAgeDays ?? 0,
      paymentWindowMinutes: paymentWindowMinutes ?? 0,
      createdAt: now,
      updatedAt: now,
    });
    await insertPaymentDetails(tx, id, paymentDetails, now);
    return id;
  });
  return { orderId };
}
