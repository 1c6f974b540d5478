import type { SwapQuote } from '@jelly/contracts';

export interface QuoteClock {
  /** When the quote dies, on this device's clock (ms). */
  expiresAtMs: number;
  /** When the feed published the quote's prices, on this device's clock (ms). */
  publishedAtMs: number;
}

/**
 * The quote's server times moved onto this device's clock: the server stamps `quotedAt`, and the answer arrived at
 * `receivedAtMs` here, so every server instant is shifted by the difference. A phone whose clock is minutes off still
 * sees the quote die when the server will refuse it (the request's travel time only makes it die a little early).
 */
export function quoteClock(quote: Pick<SwapQuote, 'expireAt' | 'quotedAt' | 'publishTime'>, receivedAtMs: number): QuoteClock {
  const quotedAt = Date.parse(quote.quotedAt);
  const offset = Number.isFinite(quotedAt) ? receivedAtMs - quotedAt : 0;
  return { expiresAtMs: Date.parse(quote.expireAt) + offset, publishedAtMs: Date.parse(quote.publishTime) + offset };
}
