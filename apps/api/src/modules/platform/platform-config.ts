import { z } from 'zod';
import { type ConfigRead, optionalHttpUrl, optionalText, readEnv } from '../../lib/env-fields.ts';

/** What the public client configuration tells the web app about support and IP lookup. */
export interface PlatformConfig {
  ipLookupUrl: string | null;
  supportEmail: string;
  supportChatUrl: string;
}

const envSchema = z.object({
  IP_LOOKUP_URL: optionalHttpUrl,
  SUPPORT_EMAIL: optionalText.pipe(z.email().optional()),
  SUPPORT_CHAT_URL: optionalHttpUrl,
});

/**
 * IP_LOOKUP_URL (default none), SUPPORT_EMAIL (default support@example.com), SUPPORT_CHAT_URL (default
 * https://example.com/support). Returns the problems instead of throwing.
 */
export function readPlatformConfig(env: NodeJS.ProcessEnv): ConfigRead<PlatformConfig> {
  return readEnv(envSchema, env, (e) => {
    return {
      ok: true,
      config: {
        ipLookupUrl: e.IP_LOOKUP_URL ?? null,
        supportEmail: e.SUPPORT_EMAIL ?? 'support@example.com',
        supportChatUrl: e.SUPPORT_CHAT_URL ?? 'https://example.com/support',
      },
    };
  });
}
