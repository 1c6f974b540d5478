import fp from 'fastify-plugin';
import { jellyCoins } from './coins.ts';
import type { JellyContext } from './context.ts';
import { keypairDesk } from './keypair-desk.ts';
import { DepositWatcher } from './deposit-watcher.ts';
import { checkSeed } from './seed-check.ts';
import { refundJelly, settleJelly } from './settle.ts';

/** What the Coin Jelly routes use: the use-case context and the deposit watcher. */
export interface CoinJellyService {
  ctx: JellyContext;
  watcher: DepositWatcher;
  /** Runs what follows a user's choice or an admin's confirmation: the payout or the refund. */
  proceed(orderId: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null when Coin Jelly is not configured (config.coinJelly absent: some tests). */
    coinJelly: CoinJellyService | null;
  }
}

/**
 * Coin Jelly's service: the deposit watcher (socket subscriptions; its reconciliation poller is a job of the app's
 * list) over every open order, started with the app and stopped on close. It refuses to start with a seed other than the database's (seed-check.ts).
 */
export const coinJellyService = fp(
  async (app) => {
    const config = app.config.coinJelly;
    if (!config) {
      app.decorate('coinJelly', null);
      return;
    }
    await checkSeed(app.db, config.seed, app.config.now());
    const ctx: JellyContext = {
      db: app.db,
      config,
      coins: jellyCoins(app.config.stablecoinMints),
      now: app.config.now,
      priceFeed: app.priceFeed,
      // The swap desk's treasury pays and receives the sweeps (null without a chain or a desk key).
      desk: app.chain && app.desk ? keypairDesk({ db: app.db, chain: app.chain, now: app.config.now, feePayer: app.config.feePayer, log: app.log }, app.desk.key) : null,
      chain: app.chain,
      feePayer: app.config.feePayer,
      log: app.log,
    };
    const watcher = new DepositWatcher(ctx);
    const proceed = async (orderId: number) => {
      await settleJelly(ctx, orderId);
      await refundJelly(ctx, orderId);
      await watcher.watch(orderId);
    };
    app.decorate('coinJelly', { ctx, watcher, proceed });
    app.addHook('onReady', async () => watcher.start());
    app.addHook('onClose', async () => watcher.close());
  },
  { name: 'coin-jelly-service', dependencies: ['prices-service', 'swap-desk'] },
);
