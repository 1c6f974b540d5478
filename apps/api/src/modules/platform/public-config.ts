import type { PublicConfig } from '@jelly/contracts';
import type { Chain } from '../../chain/chain.ts';
import type { SharedConfig } from '../../shared-config.ts';
import type { PlatformConfig } from './platform-config.ts';

/**
 * The client-visible subset of the configuration; nothing secret may be added here. `embeddedRpc` is the
 * same-origin /rpc address of the embedded localnet as this caller reaches us; a real cluster's URLs are published
 * as configured.
 */
export function publicConfigOf(
  config: SharedConfig & PlatformConfig,
  chain: Chain | null,
  embeddedRpc: { rpcUrl: string; wsUrl: string } | null = null,
): PublicConfig {
  return {
    solanaRpcUrl: embeddedRpc?.rpcUrl ?? chain?.rpcUrl ?? config.solanaRpcUrl,
    solanaWsUrl: embeddedRpc ? embeddedRpc.wsUrl : chain ? chain.wsUrl : config.solanaWsUrl,
    cluster: config.solanaCluster,
    ipLookupUrl: config.ipLookupUrl,
    supportEmail: config.supportEmail,
    supportChatUrl: config.supportChatUrl,
    telegramBotUsername: config.telegramBotUsername,
    escrowProgramId: chain ? chain.programId.toBase58() : null,
    feePayer: chain ? chain.admin.publicKey.toBase58() : null,
    testFunds: chain?.faucet != null,
  };
}
