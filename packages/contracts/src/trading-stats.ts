// A trader's public record: the trading stats of the profile, the dashboard and the market's advertiser line.
import { z } from 'zod';
import { isoDateTime, walletAddress } from './common.ts';
import { baseUnits } from './orders.ts';
import { lazySchema } from './lazy-schema.ts';

/** GET /platform/trading-stats/{walletAddress} (public). Deals count for both parties. */
export const tradingStatsParams = lazySchema(() => z.object({ walletAddress }));
export const tradingStatsResponse = lazySchema(() => z.object({
  wallet: walletAddress,
  /** Deals that reached Completed. */
  completedDeals: z.number().int(),
  /** Deals that ended (Completed, Cancelled, Admin Resolved, Expired). */
  finishedDeals: z.number().int(),
  cancelledDeals: z.number().int(),
  /** completedDeals / finishedDeals × 100, 1 decimal; null before the first finished deal. */
  completionRate: z.number().nullable(),
  /** Deals still running (In Progress, Locked, Signed By One Party, Admin Resolving). */
  openDeals: z.number().int(),
  /** Completed deals where this wallet was the buyer (fiat side) / the seller (crypto side). */
  buyDeals: z.number().int(),
  sellDeals: z.number().int(),
  /** Completed volume per token, base units. */
  volume: z.array(z.object({ tokenMint: z.string(), tokenName: z.string(), tokenDecimal: z.number().int(), amount: baseUnits })),
  /** Average seconds from the escrow lock to completion; null without completed locked deals. */
  avgReleaseSeconds: z.number().nullable(),
  /** Active offers with something left to claim. */
  activeOffers: z.number().int(),
  /** First sign-in; null when the wallet never signed in. */
  accountCreatedAt: isoDateTime.nullable(),
  /** Deals that reached Completed in the last 30 days (by when they completed). */
  completedDeals30d: z.number().int(),
  /** completionRate over the deals that ended in the last 30 days; null when none ended then. */
  completionRate30d: z.number().nullable(),
  /** Average seconds from the escrow lock to the buyer marking the deal paid, over deals this wallet paid; null without. */
  avgPaymentSeconds: z.number().nullable(),
  /** Share of the wallet's reviews with 4 or 5 stars, in percent with 1 decimal; null without reviews. */
  positiveFeedbackPercent: z.number().nullable(),
  /** Reviews received (reports are not reviews). */
  reviewsCount: z.number().int(),
  /** Average review score, 1 decimal; null without reviews. */
  ratingAverage: z.number().nullable(),
  /** When the wallet's first deal completed; null before any. */
  firstTradeAt: isoDateTime.nullable(),
}));
export type TradingStats = z.infer<typeof tradingStatsResponse>;
