import type { Coin, CreateOrderRequest, Currency, PaymentMethod, PriceType } from '@jelly/contracts';
import {
  DECIMAL_INPUT_PATTERN,
  MAX_PAYMENT_DETAILS_LENGTH,
  offerTakesPaymentDetails,
  decimalToString,
  isDecimalString,
  floatingPrice as domainFloatingPrice,
  marketPriceFromUsd,
  parseDecimal,
  PLACE_ORDER_DEFAULT_PAYMENT_TIME_LIMIT_MINUTES,
  PLACE_ORDER_DEFAULT_PRICE,
  PLACE_ORDER_DEFAULT_PRICE_TYPE,
  PLACE_ORDER_DEFAULT_SIDE,
  placeOrderErrors,
  toBaseUnits,
  togglePaymentMethod,
  type OfferSide,
  type PlaceOrderErrors,
} from '@jelly/domain';

export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 32;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_AUTO_REPLY_LENGTH = 500;
export const MAX_ACCOUNT_AGE_DAYS = 3650;
export const PAYMENT_TIME_LIMITS = [15, 30, 45, 60, 90, 120, 180] as const;

/** Price premium input: an optional minus, digits, an optional decimal part. */
const PREMIUM_INPUT = /^-?\d{0,6}(\.\d{0,6})?$/;
/** Fiat limits have at most 2 decimals (cents). */
const FIAT_INPUT = /^\d*\.?\d{0,2}$/;

/**
 * The place-order draft: side, asset, fiat, priceType, price, totalAmount, fiatMin, fiatMax,
 * paymentMethod list, paymentTimeLimit, tags, description, autoReply, regions, counterParty (minimum account age
 * in days) and the holdings flag — whether the wallet holds what a Sell offer sells (null = not checked / Buy).
 */
export interface PlaceOrderDraft {
  side: OfferSide;
  asset: Coin | null;
  fiat: Currency | null;
  priceType: PriceType;
  /** Fixed price, fiat per token. */
  price: string;
  /** Floating: premium over the market price, percent (may be negative). */
  premiumPercent: string;
  /** In whole tokens. */
  totalAmount: string;
  fiatMin: string;
  fiatMax: string;
  paymentMethods: readonly PaymentMethod[];
  paymentTimeLimit: number;
  tags: readonly string[];
  description: string;
  autoReply: string;
  /** A Sell offer's payment details, by payment method id (private: shown only to the buyer after the lock). */
  paymentDetails: Readonly<Record<string, string>>;
  /** ISO 3166-1 alpha-2 codes; empty or every country = visible everywhere. */
  regions: readonly string[];
  counterParty: { minAccountAgeDays: string };
  holdings: boolean | null;
}

export const initialDraft: PlaceOrderDraft = {
  side: PLACE_ORDER_DEFAULT_SIDE as OfferSide,
  asset: null,
  fiat: null,
  priceType: PLACE_ORDER_DEFAULT_PRICE_TYPE,
  price: PLACE_ORDER_DEFAULT_PRICE,
  premiumPercent: '0',
  totalAmount: '',
  fiatMin: '',
  fiatMax: '',
  paymentMethods: [],
  paymentTimeLimit: PLACE_ORDER_DEFAULT_PAYMENT_TIME_LIMIT_MINUTES,
  tags: [],
  description: '',
  autoReply: '',
  paymentDetails: {},
  regions: [],
  counterParty: { minAccountAgeDays: '0' },
  holdings: null,
};

export type DraftAction =
  | { type: 'side'; side: OfferSide }
  | { type: 'asset'; asset: Coin }
  | { type: 'fiat'; fiat: Currency }
  | { type: 'priceType'; priceType: PriceType }
  | { type: 'text'; field: 'price' | 'totalAmount'; value: string }
  | { type: 'premium'; value: string }
  | { type: 'limit'; field: 'fiatMin' | 'fiatMax'; value: string }
  | { type: 'paymentMethods'; methods: readonly PaymentMethod[] }
  | { type: 'togglePaymentMethod'; method: PaymentMethod }
  | { type: 'paymentTimeLimit'; minutes: number }
  | { type: 'addTag'; tag: string }
  | { type: 'removeTag'; tag: string }
  | { type: 'description'; value: string }
  | { type: 'autoReply'; value: string }
  | { type: 'paymentDetails'; methodId: string; value: string }
  | { type: 'regions'; codes: readonly string[] }
  | { type: 'minAccountAgeDays'; value: string }
  | { type: 'holdings'; holds: boolean | null };

/** Input rules are applied here: a keystroke that breaks a field's format leaves the draft unchanged. */
export function draftReducer(draft: PlaceOrderDraft, action: DraftAction): PlaceOrderDraft {
  switch (action.type) {
    case 'side':
      return { ...draft, side: action.side, holdings: null };
    case 'asset':
      return { ...draft, asset: action.asset, holdings: null };
    case 'fiat':
      return { ...draft, fiat: action.fiat };
    case 'priceType':
      return { ...draft, priceType: action.priceType };
    case 'text':
      if (!DECIMAL_INPUT_PATTERN.test(action.value)) return draft;
      return { ...draft, [action.field]: action.value, ...(action.field === 'totalAmount' ? { holdings: null } : {}) };
    case 'premium':
      return PREMIUM_INPUT.test(action.value) ? { ...draft, premiumPercent: action.value } : draft;
    case 'limit':
      return FIAT_INPUT.test(action.value) ? { ...draft, [action.field]: action.value } : draft;
    case 'paymentMethods':
      return { ...draft, paymentMethods: action.methods };
    case 'togglePaymentMethod':
      return { ...draft, paymentMethods: togglePaymentMethod(draft.paymentMethods, action.method) };
    case 'paymentTimeLimit':
      return { ...draft, paymentTimeLimit: action.minutes };
    case 'addTag': {
      const tag = action.tag.trim().slice(0, MAX_TAG_LENGTH);
      if (!tag || draft.tags.includes(tag) || draft.tags.length >= MAX_TAGS) return draft;
      return { ...draft, tags: [...draft.tags, tag] };
    }
    case 'removeTag':
      return { ...draft, tags: draft.tags.filter((t) => t !== action.tag) };
    case 'description':
      return { ...draft, description: action.value.slice(0, MAX_DESCRIPTION_LENGTH) };
    case 'autoReply':
      return { ...draft, autoReply: action.value.slice(0, MAX_AUTO_REPLY_LENGTH) };
    case 'paymentDetails':
      return { ...draft, paymentDetails: { ...draft.paymentDetails, [action.methodId]: action.value.slice(0, MAX_PAYMENT_DETAILS_LENGTH) } };
    case 'regions':
      return { ...draft, regions: action.codes };
    case 'minAccountAgeDays':
      return /^\d{0,4}$/.test(action.value) ? { ...draft, counterParty: { minAccountAgeDays: action.value } } : draft;
    case 'holdings':
      return { ...draft, holdings: action.holds };
  }
}

/** A readable decimal: '12.' → '12', '.5' → '0.5'; '' stays ''. */
export function cleanDecimal(text: string): string {
  return isDecimalString(text) ? decimalToString(parseDecimal(text)) : text;
}

/** A floating offer's price: market × (100 + premium) / 100, 8 decimals half-up (the server's rule, one code). */
export function floatingPrice(market: string, premiumPercent: string): string | null {
  return domainFloatingPrice(market, premiumPercent);
}

/** The market price in fiat per token from GET /platform/price-validation: cryptoPriceUsd × fiatToUsdRate. */
export function marketPrice(validation: { cryptoPriceUsd: string; fiatToUsdRate: string }): string | null {
  return marketPriceFromUsd(validation.cryptoPriceUsd, validation.fiatToUsdRate);
}

export const PREMIUM_RANGE_MESSAGE = 'Premium must be above -100% and at most 1000%.';
export const MARKET_PRICE_UNAVAILABLE = 'The market price is unavailable right now: use a fixed price or try again later.';

/** The offer's price per token: the fixed price, or the floating price from the market (null while unknown). */
export function effectivePrice(draft: PlaceOrderDraft, market: string | null): string | null {
  if (draft.priceType === 'fixed') return draft.price;
  return market ? floatingPrice(market, draft.premiumPercent || '0') : null;
}

export type DraftErrors = PlaceOrderErrors & { premiumPercent?: string };

/** Every broken rule, per field (the same rules the server runs: domain placeOrderErrors), plus the premium's range. */
export function draftErrors(draft: PlaceOrderDraft, market: string | null): DraftErrors {
  const price = effectivePrice(draft, market);
  const errors: DraftErrors = placeOrderErrors({
    tokenDecimals: draft.asset ? draft.asset.decimals : null,
    fiatCode: draft.fiat ? draft.fiat.code : null,
    price: price ?? '0',
    totalAmount: draft.totalAmount,
    fiatMin: draft.fiatMin,
    fiatMax: draft.fiatMax,
    paymentMethodCount: draft.paymentMethods.length,
    paymentTimeLimit: draft.paymentTimeLimit,
  });
  if (draft.priceType === 'floating') {
    delete errors.price;
    const premium = Number(draft.premiumPercent || '0');
    if (!/^-?(\d+\.?\d*|\.\d+)$/.test(draft.premiumPercent || '0') || !(premium > -100 && premium <= 1000)) {
      errors.premiumPercent = PREMIUM_RANGE_MESSAGE;
    } else if (!price) {
      errors.premiumPercent = MARKET_PRICE_UNAVAILABLE;
    }
  }
  return errors;
}

/** Every country selected means no restriction: the offer is sent as visible everywhere (an empty list). */
export function visibleIn(regions: readonly string[], allCountryCodes: readonly string[]): string[] {
  const everything = allCountryCodes.length > 0 && allCountryCodes.every((code) => regions.includes(code));
  return everything ? [] : [...regions];
}

/** POST /orders/create-order body for a valid draft (asset and fiat chosen, amounts readable). */
export function createOfferBody(draft: PlaceOrderDraft, creatorWallet: string, visibleInCountries: string[]): CreateOrderRequest {
  if (!draft.asset || !draft.fiat) throw new Error('Choose an asset and a currency first');
  const body: CreateOrderRequest = {
    parentOrderId: null,
    amount: toBaseUnits(cleanDecimal(draft.totalAmount), draft.asset.decimals).toString(),
    minFiatAmount: cleanDecimal(draft.fiatMin || '0'),
    maxFiatAmount: cleanDecimal(draft.fiatMax || '0'),
    status: 0,
    fiatCode: draft.fiat.code,
    tokenMint: draft.asset.mint,
    paymentMethodIds: draft.paymentMethods.map((m) => m.id),
    priceType: draft.priceType,
    orderSide: draft.side,
    paymentWindowMinutes: draft.paymentTimeLimit,
    visibleInCountries,
    autoReply: draft.autoReply.trim(),
    orderDescription: draft.description.trim(),
    tags: [...draft.tags],
    creatorWallet,
    acceptorWallet: null,
    tokenDecimal: draft.asset.decimals,
    tokenName: draft.asset.symbol,
    minUserAccountAgeDays: Number(draft.counterParty.minAccountAgeDays || '0'),
    dealStartTime: null,
  };
  const paymentDetails = paymentDetailsOf(draft);
  if (paymentDetails.length > 0) body.paymentDetails = paymentDetails;
  if (draft.priceType === 'fixed') body.price = cleanDecimal(draft.price);
  else body.premiumPercent = normalizePremium(draft.premiumPercent || '0');
  return body;
}

/** A Sell offer's filled-in details, for the methods still selected, in their order. */
export function paymentDetailsOf(draft: PlaceOrderDraft): { paymentMethodId: string; details: string }[] {
  if (!offerTakesPaymentDetails(draft.side)) return [];
  return draft.paymentMethods.flatMap((method) => {
    const details = (draft.paymentDetails[method.id] ?? '').trim();
    return details ? [{ paymentMethodId: method.id, details }] : [];
  });
}

function normalizePremium(text: string): string {
  const negative = text.startsWith('-');
  const magnitude = cleanDecimal(negative ? text.slice(1) : text);
  return negative && magnitude !== '0' ? `-${magnitude}` : magnitude;
}
