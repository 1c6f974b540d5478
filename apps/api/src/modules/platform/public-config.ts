import type { PublicConfig } from '@jelly/contracts';
import type { AppConfig } from '../../config.ts';

/** The client-visible subset of the configuration; nothing secret may be added here. */
export function publicConfigOf(config: AppConfig): PublicConfig {
  return {
    solanaRpcUrl: config.solanaRpcUrl,
    solanaWsUrl: config.solanaWsUrl,
    cluster: config.solanaCluster,
    ipLookupUrl: config.ipLookupUrl,
    supportEmail: config.supportEmail,
    supportChatUrl: config.supportChatUrl,
    telegramBotUsername: config.telegramBotUsername,
  };
}
