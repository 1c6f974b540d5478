import { join } from 'node:path';
import { PublicKey } from '@solana/web3.js';
import { PROGRAM_ID } from '@jelly/escrow';
import type { SharedConfig } from '../shared-config.ts';
import type { Chain } from './chain.ts';
import { platformKey } from './keys/platform-key.ts';
import { rpcConnection } from './rpc-connection.ts';

/** Name of the generated admin key inside the data folder (embedded localnet only). */
export const GENERATED_ADMIN_KEYPAIR_FILE = 'localnet-admin-keypair.json';

interface ChainLog {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/**
 * Connects to Solana. With SOLANA_RPC_URL: that cluster, with the admin key from ADMIN_KEYPAIR.
 * Without it: starts the embedded localnet (LiteSVM) in the data folder, with a generated admin key,
 * the escrow program deployed and its config initialised.
 */
export async function startChain(config: SharedConfig, log: ChainLog): Promise<Chain> {
  // The localnet package also reads keypair files; loaded lazily so a real-cluster deployment never starts LiteSVM.
  const localnet = await import('@jelly/localnet');
  const programId = config.escrowProgramId ? new PublicKey(config.escrowProgramId) : PROGRAM_ID;

  if (config.solanaRpcUrl) {
    if (!config.adminKeypairFile) throw new Error('ADMIN_KEYPAIR is required with SOLANA_RPC_URL');
    const admin = platformKey(localnet.readKeypairFile(config.adminKeypairFile), 'admin');
    const connection = rpcConnection(config.solanaRpcUrl, config.solanaWsUrl);
    log.info({ rpcUrl: config.solanaRpcUrl, admin: admin.publicKey.toBase58() }, 'using Solana cluster');
    return {
      connection,
      admin,
      programId,
      rpcUrl: config.solanaRpcUrl,
      wsUrl: config.solanaWsUrl,
      cluster: config.solanaCluster,
      faucet: null,
      close: async () => {},
    };
  }

  const adminKeypair = localnet.loadOrCreateKeypair(join(config.dataDir, GENERATED_ADMIN_KEYPAIR_FILE));
  const admin = platformKey(adminKeypair, 'admin');
  const node = await localnet.startLocalnet({
    dataDir: config.dataDir,
    port: config.localnetPort,
    admin: adminKeypair,
    logger: (message, data) => log.info({ localnet: data ?? {} }, message),
  });
  if (!node.escrow) log.warn({}, 'escrow program is not built: run npm run build:program -w @jelly/escrow');
  log.info({ rpcUrl: node.rpcUrl, admin: admin.publicKey.toBase58() }, 'embedded Solana localnet is running');
  return {
    connection: rpcConnection(node.rpcUrl, node.wsUrl),
    admin,
    programId,
    rpcUrl: node.rpcUrl,
    wsUrl: node.wsUrl,
    cluster: 'localnet',
    faucet: (wallet, amounts) => node.faucet(wallet, amounts),
    close: () => node.close(),
  };
}
