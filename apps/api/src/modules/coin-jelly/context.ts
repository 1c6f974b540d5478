import type { JellyCoin } from '@jelly/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import type { FeePayerConfig } from '../../chain/gate/index.ts';
import type { PriceFeed } from '../prices/index.ts';
import type { CoinJellyConfig } from './coin-jelly-config.ts';
import type { JellyDesk } from './desk.ts';

/** What every Coin Jelly use-case reads: the database, settings, clock, prices, the desk and the chain. */
export interface JellyContext {
  db: Database;
  config: CoinJellyConfig;
  /** The coins offered on this cluster (jellyCoins: the stablecoins at the configured mints). */
  coins: readonly JellyCoin[];
  now: () => Date;
  priceFeed: PriceFeed;
  /** null without a chain (the desk lives on Solana). */
  desk: JellyDesk | null;
  chain: Chain | null;
  feePayer?: FeePayerConfig | undefined;
  log?: FastifyBaseLogger | undefined;
}
