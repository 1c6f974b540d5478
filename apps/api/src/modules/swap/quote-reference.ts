import { z } from 'zod';
import type { OutboundFetch } from '../../lib/outbound-http.ts';

/**
 * A second opinion on a quote: what another venue would pay out for the same input. The desk quotes from its price
 * feed; a reference only guards against a feed that disagrees with the market (mainnet, when configured).
 */
export interface QuoteReference {
  readonly name: string;
  /** Base units of the output the venue would give for `amount` of the input; null when it has no answer. */
  outAmount(request: { inputMint: string; outputMint: string; amount: bigint }): Promise<bigint | null>;
}

/** The part of Jupiter's GET /order answer a reference needs (its other fields are the route and the transaction). */
const jupiterOrder = z.object({
  inAmount: z.string().regex(/^\d+$/),
  outAmount: z.string().regex(/^\d+$/),
  swapMode: z.literal('ExactIn'),
});

export interface JupiterOptions {
  /** The swap API's base URL, e.g. https://api.jup.ag/swap/v2 */
  url: string;
  apiKey: string;
  timeoutMs?: number;
  /** The outbound client (lib/outbound-http.ts). */
  fetch: OutboundFetch;
}

/**
 * Jupiter's swap API as a price reference: GET {url}/order?inputMint&outputMint&amount&swapMode=ExactIn without a
 * taker (a quote only, no transaction), with the API key in x-api-key. Never called unless configured. An outage, an
 * error answer or an amount other than asked reads as "no answer": the reference never blocks quoting by its absence.
 */
export function createJupiterReference(options: JupiterOptions): QuoteReference {
  const doFetch = options.fetch;
  const base = options.url.endsWith('/') ? options.url : `${options.url}/`;
  return {
    name: 'jupiter',
    async outAmount({ inputMint, outputMint, amount }) {
      const url = new URL('order', base);
      url.searchParams.set('inputMint', inputMint);
      url.searchParams.set('outputMint', outputMint);
      url.searchParams.set('amount', amount.toString());
      url.searchParams.set('swapMode', 'ExactIn');
      try {
        const response = await doFetch(url, {
          headers: { 'x-api-key': options.apiKey, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 2_000),
        });
        if (!response.ok) return null;
        const parsed = jupiterOrder.safeParse(await response.json());
        if (!parsed.success || BigInt(parsed.data.inAmount) !== amount) return null;
        return BigInt(parsed.data.outAmount);
      } catch {
        return null;
      }
    },
  };
}
