import { PriceFeedUnavailableError, type PriceFeed } from '../prices/index.ts';
import { swapRefusal } from './swap-errors.ts';

export interface SwapPrice {
  value: string;
  confidence: string | undefined;
  asOf: Date;
}

/**
 * The USD prices of both tokens, or the refusal: none → price_unavailable; a live price older than `maxAgeMs` (or the
 * feed calling its own price stale) → price_stale. The bundled table is a fixed reference without an age.
 */
export async function readPrices(
  feed: PriceFeed,
  inSymbol: string,
  outSymbol: string,
  now: Date,
  maxAgeMs: number,
): Promise<{ input: SwapPrice; output: SwapPrice; publishTime: Date }> {
  let quotes;
  try {
    quotes = await Promise.all([feed.cryptoUsd(inSymbol), feed.cryptoUsd(outSymbol)]);
  } catch (error) {
    if (error instanceof PriceFeedUnavailableError) {
      throw swapRefusal(/stale/i.test(error.message) ? 'price_stale' : 'price_unavailable');
    }
    throw error;
  }
  const [input, output] = quotes;
  if (!input || !output) throw swapRefusal('price_unavailable');
  const oldest = input.asOf < output.asOf ? input.asOf : output.asOf;
  if (feed.source !== 'bundled' && now.getTime() - oldest.getTime() > maxAgeMs) throw swapRefusal('price_stale');
  return {
    input: { value: input.value, confidence: input.confidence, asOf: input.asOf },
    output: { value: output.value, confidence: output.confidence, asOf: output.asOf },
    publishTime: oldest,
  };
}
