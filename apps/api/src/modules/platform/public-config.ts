import type { PublicConfig } from '@jelly/contracts';
import type { Chain } from '../../chain/chain.ts';
import type { AppConfig } from '../../config.ts';

/** The client-visible subset of the configuration; nothing secret may be added here. */
export function publicConfigOf(config: AppConfig, chain: Chain | null): PublicConfig {
  return {
    solanaRpcUrl: chain?.rpcUrl ?? config.solanaRpcUrl,
    solanaWsUrl: chain ? chain.wsUrl : config.solanaWsUrl,
    cluster: config.solanaCluster,
    ipLookupUrl: config.ipLookupUrl,
    supportEmail: config.supportEmail,
    supportChatUrl: config.supportChatUrl,
    telegramBotUsername: config.telegramBotUsername,
    escrowProgramId: chain ? chain.programId.toBase58() : null,
    feePayer: chain ? chain.admin.publicKey.toBase58() : null,
  };
}
