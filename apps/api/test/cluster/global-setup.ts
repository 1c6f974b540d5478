/**
 * The replica tests' global setup: ONE cluster (cluster.ts) for every test file, with the Bot API stand-in in this
 * process; its description is provided to the files (`inject('cluster')`). Starting three API processes costs about
 * a minute on a loaded two-core machine, so the files share them; each file works with its own wallets and deals.
 * Job intervals are shortened here (every job at 1 s) so the tests see each job's work within seconds.
 */
import type { TestProject } from 'vitest/node';
import { FakeBotApi } from '../../src/modules/telegram/testing.ts';
import { startCluster, type ClusterInfo } from './cluster.ts';

/** The cluster as the replica tests see it: with the Bot API stand-in (its /__fake/calls lists what the replicas sent). */
export interface ReplicaTestCluster extends ClusterInfo {
  telegram: { apiRoot: string; token: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ReplicaTestCluster;
  }
}

export const TELEGRAM_WEBHOOK_SECRET = 'replica-tests-webhook-secret';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bot = new FakeBotApi();
  await bot.start();
  try {
    const cluster = await startCluster({
      env: {
        TELEGRAM_BOT_TOKEN: bot.token,
        TELEGRAM_BOT_USERNAME: bot.botUsername,
        // Webhook mode: polling allows one server per bot token; with replicas Telegram posts to the load balancer.
        TELEGRAM_MODE: 'webhook',
        TELEGRAM_WEBHOOK_SECRET,
        TELEGRAM_API_ROOT: bot.apiRoot,
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
        // Every test wallet signs in from 127.0.0.1; the sign-in limits are not what these tests are about.
        RATE_LIMIT_AUTH_NONCE: '100000',
        RATE_LIMIT_AUTH_SIGN_IN: '100000',
        // Rent the admin funds for one wallet's locks: about 7.1 million lamports a first lock on an offer, so two
        // first locks fit and a third is refused (limits-across-replicas.test.ts); no other test's wallet locks twice
        // without a close in between.
        RENT_BUDGET_WALLET_LAMPORTS: '10000000',
        RENT_RECLAIM_POLL_SECONDS: '1',
        RENT_RECLAIM_SWEEP_SECONDS: '2',
        PAYMENT_WINDOW_SWEEP_SECONDS: '1',
        COIN_JELLY_POLL_SECONDS: '1',
        SWAP_PROCESSING_SWEEP_SECONDS: '1',
      },
    });
    project.provide('cluster', { ...cluster.info, telegram: { apiRoot: bot.apiRoot, token: bot.token } });
    return async () => {
      await cluster.stop();
      await bot.stop();
    };
  } catch (error) {
    await bot.stop();
    throw error;
  }
}
