/**
 * The replica tests' global setup: ONE cluster (cluster.ts) for every test file, with the Bot API stand-in in this
 * process; its description is provided to the files (`inject('cluster')`). Starting three API processes costs about
 * a minute on a loaded two-core machine, so the files share them; each file works with its own wallets and deals.
 * Job intervals are shortened here (every job at 1 s) so the tests see each job's work within seconds.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { FakeBotApi } from '../../src/modules/telegram/testing.ts';
import { REPLICA_NAMES, startCluster, type ClusterInfo, type ReplicaName, type RunningCluster } from './cluster.ts';

/**
 * The cluster as the replica tests see it: with the Bot API stand-in (its /__fake/calls lists what the replicas sent),
 * and `control`, where a test restarts a replica as a deploy does (POST /restart/{name} answers cluster.ts's Restarted).
 */
export interface ReplicaTestCluster extends ClusterInfo {
  telegram: { apiRoot: string; token: string };
  control: string;
}

/** The processes belong to this (the setup's) process: the test files ask it over HTTP to restart one. */
async function startControl(cluster: RunningCluster): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const name = /^\/restart\/([a-z])$/.exec(request.url ?? '')?.[1] as ReplicaName | undefined;
    if (request.method !== 'POST' || !name || !REPLICA_NAMES.includes(name)) {
      response.writeHead(404).end();
      return;
    }
    cluster.restart(name).then(
      (restarted) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(restarted)),
      (error: unknown) => response.writeHead(500).end(error instanceof Error ? error.message : String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
        // the product's drain: HAProxy checks every 2 s and takes a replica out after 3 failed checks (rolling-restart.test.ts)
        SHUTDOWN_DRAIN_SECONDS: '8',
      },
    });
    const control = await startControl(cluster);
    project.provide('cluster', { ...cluster.info, telegram: { apiRoot: bot.apiRoot, token: bot.token }, control: control.url });
    return async () => {
      await control.close();
      await cluster.stop();
      await bot.stop();
    };
  } catch (error) {
    await bot.stop();
    throw error;
  }
}
