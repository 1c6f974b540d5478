/**
 * Where market prices come from. Two questions only: the USD price of a token, and how many units of a fiat
 * currency one US dollar buys. Values are exact decimal strings (never floats in deal maths).
 */
export interface PriceQuote {
  /** Decimal string, e.g. '143.16027451'. */
  readonly value: string;
  /** When the source published this value. */
  readonly asOf: Date;
  /** The source's confidence interval (±, same unit as value) when it publishes one (Pyth does). */
  readonly confidence?: string;
}

export interface PriceFeed {
  /** 'bundled' or 'pyth+fx' (shown in the price-validation response). */
  readonly source: string;
  /** USD price of one token (SOL, USDC, USDT, …); null when the source has no price for this symbol. */
  cryptoUsd(symbol: string): Promise<PriceQuote | null>;
  /** Units of `code` per 1 USD (EUR ≈ 0.9); null when the source does not know the currency. */
  fiatPerUsd(code: string): Promise<PriceQuote | null>;
}

/** The source cannot be reached (or answered garbage) and nothing usable is cached. */
export class PriceFeedUnavailableError extends Error {
  override name = 'PriceFeedUnavailableError';
}
