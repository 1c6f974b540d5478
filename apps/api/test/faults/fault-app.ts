/**
 * The real app on a fresh database and localnet, its RPC (HTTP and WebSocket) reached only through the fault proxy;
 * the test's own reads and wallets go to the localnet directly, so a fault hits the product alone.
 */
import type { Chain } from '../../src/chain/chain.ts';
import { rpcConnection, type RpcRetryPolicy } from '../../src/chain/rpc-connection.ts';
import type { AppConfig } from '../../src/config.ts';
import { createChainTestApp, type ChainTestApp } from '../helpers/test-chain.ts';
import { startRpcFaultProxy, type RpcFaultProxy } from '../../src/chain/testing/rpc-fault-proxy.ts';

/**
 * The product's policy with short waits: a held request is abandoned after 1 s (the product's is 15 s), so a test
 * of "never answers" takes a second, not a minute. Attempts, jitter and Retry-After handling are the product's own.
 */
export const TEST_RPC_RETRY: RpcRetryPolicy = { attempts: 5, attemptTimeoutMs: 1_000, baseDelayMs: 50, maxDelayMs: 400, maxWaitMs: 5_000 };

/**
 * Setting up starts a localnet (the escrow program deployed) and migrates a database: seconds on a quiet machine,
 * over a minute when the machine is shared with other test runs, so the hooks get more than vitest's default.
 */
export const SETUP_MS = 180_000;
/** One fault test: a few seconds of retries and pauses alone, several times that on a shared machine. */
export const TEST_MS = 120_000;

export interface FaultTestApp extends ChainTestApp {
  proxy: RpcFaultProxy;
  /** The chain as the app sees it (through the proxy). */
  appChain: Chain;
}

export async function createFaultTestApp(config: Partial<AppConfig> = {}): Promise<FaultTestApp> {
  let proxy: RpcFaultProxy | null = null;
  let appChain: Chain | null = null;
  const t = await createChainTestApp({
    config,
    appChain: async (chain) => {
      proxy = await startRpcFaultProxy({ rpcUrl: chain.localnet.rpcUrl, wsUrl: chain.localnet.wsUrl });
      appChain = { ...chain, connection: rpcConnection(proxy.rpcUrl, proxy.wsUrl, TEST_RPC_RETRY), rpcUrl: proxy.rpcUrl, wsUrl: proxy.wsUrl };
      return appChain;
    },
  }).catch(async (error: unknown) => {
    await (proxy as RpcFaultProxy | null)?.close();
    throw error;
  });
  const started = proxy as RpcFaultProxy | null;
  if (!started || !appChain) throw new Error('the fault proxy did not start');
  return {
    ...t,
    proxy: started,
    appChain,
    close: async () => {
      await t.close();
      await started.close();
    },
  };
}
