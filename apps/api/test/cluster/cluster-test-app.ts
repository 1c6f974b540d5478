/**
 * A test file's view of the shared cluster (global-setup.ts): the load-balanced HTTP adapter, the chain, the
 * database, and the cluster seen as the `ChainTestApp` the deal helpers take (`app` is the adapter, `chain` the
 * standalone localnet with its faucet over JSON-RPC). The helpers read only `app.inject` and these chain fields; the
 * chain's clock cannot be moved in another process, so helpers that advance it (passLockCooldown) are not for here.
 */
import { readFile } from 'node:fs/promises';
import { PROGRAM_ID } from '@jelly/escrow';
import type { Localnet } from '@jelly/localnet';
import { Connection, Keypair } from '@solana/web3.js';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { platformKey } from '../../src/chain/keys/platform-key.ts';
import type { ChainTestApp } from '../helpers/test-chain.ts';
import { jellyFaucet, type Faucet, type ReplicaName } from './cluster.ts';
import type { ReplicaTestCluster } from './global-setup.ts';
import { loadBalancedApp, type LoadBalancedApp } from './http-app.ts';

export interface ClusterTest {
  info: ReplicaTestCluster;
  lb: LoadBalancedApp;
  t: ChainTestApp;
  connection: Connection;
  admin: Keypair;
  desk: Keypair;
  /** The shared database, for assertions on its rows. */
  db: pg.Pool;
  faucet: Faucet;
  replicaUrl(name: ReplicaName): string;
}

function view(info: ReplicaTestCluster): ClusterTest {
  const lb = loadBalancedApp(info.url);
  const connection = new Connection(info.rpcUrl, { commitment: 'confirmed', wsEndpoint: info.wsUrl });
  const admin = Keypair.fromSecretKey(Uint8Array.from(info.adminSecret));
  const faucet = jellyFaucet(info.rpcUrl);
  const localnet = {
    faucet: async (wallet, amounts) => {
      await faucet(wallet, amounts);
      return '';
    },
  } as Pick<Localnet, 'faucet'> as Localnet;
  const t = {
    app: lb.app,
    chain: {
      localnet,
      connection,
      admin: platformKey(admin, 'admin'),
      adminKeypair: admin,
      programId: PROGRAM_ID,
      rpcUrl: info.rpcUrl,
      wsUrl: info.wsUrl,
      cluster: 'custom',
      faucet: localnet.faucet,
      advanceClock: () => {
        throw new Error('the standalone localnet follows wall time');
      },
      produceBlocks: () => {
        throw new Error('the standalone localnet makes its own blocks');
      },
      close: async () => undefined,
    },
    close: async () => undefined,
  } as Omit<ChainTestApp, 'config' | 'clock'> as ChainTestApp;
  return {
    info,
    lb,
    t,
    connection,
    admin,
    desk: Keypair.fromSecretKey(Uint8Array.from(info.deskSecret)),
    db: new pg.Pool({ connectionString: info.databaseUrl, max: 3 }),
    faucet,
    replicaUrl: (name) => info.replicas.find((r) => r.name === name)?.url ?? '',
  };
}

/**
 * The shared cluster for this test file; its fields are filled in by beforeAll, so tests read them inside their
 * bodies. When one of the file's tests fails, every process's log tail is printed after the file.
 */
export function useCluster(): ClusterTest {
  const holder = {} as ClusterTest;
  let failed = false;
  beforeEach(({ onTestFailed }) => onTestFailed(() => void (failed = true)));
  beforeAll(() => {
    Object.assign(holder, view(inject('cluster')));
  });
  afterAll(async () => {
    await holder.db?.end();
    if (!failed) return;
    for (const file of holder.info.logFiles) {
      const tail = (await readFile(file, 'utf8').catch(() => '')).split('\n').slice(-60).join('\n');
      process.stderr.write(`\n--- ${file} ---\n${tail}\n`);
    }
  });
  return holder;
}
