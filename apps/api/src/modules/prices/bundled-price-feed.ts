import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { PriceFeed, PriceQuote } from './price-feed.ts';
import { apiPath } from '../../lib/package-root.ts';

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const snapshotSchema = z.object({
  asOf: z.iso.datetime(),
  sources: z.object({ fiatPerUsd: z.string(), cryptoUsd: z.string() }),
  cryptoUsd: z.record(z.string(), decimal),
  fiatPerUsd: z.record(z.string(), decimal),
});
export type PriceSnapshot = z.infer<typeof snapshotSchema>;

/** The dated snapshot shipped with the server (see bundled-prices.json `sources`). */
export function loadBundledSnapshot(): PriceSnapshot {
  const text = readFileSync(apiPath('src', 'modules', 'prices', 'bundled-prices.json'), 'utf8');
  return snapshotSchema.parse(JSON.parse(text));
}

/** The embedded default: answers from the bundled snapshot, no network. */
export function createBundledPriceFeed(snapshot: PriceSnapshot = loadBundledSnapshot()): PriceFeed {
  const asOf = new Date(snapshot.asOf);
  const quote = (value: string | undefined): PriceQuote | null => (value ? { value, asOf } : null);
  return {
    source: 'bundled',
    cryptoUsd: async (symbol) => quote(snapshot.cryptoUsd[symbol.toUpperCase()]),
    fiatPerUsd: async (code) => quote(snapshot.fiatPerUsd[code.toUpperCase()]),
  };
}
