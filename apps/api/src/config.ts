import { mkdir } from 'node:fs/promises';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { isPublicKey } from './lib/base58.ts';
import { parseDurationSeconds } from './lib/duration.ts';
import { loadOrCreateJwtSecret } from './lib/jwt-secret.ts';
import { type MarketConfig, readMarketConfig } from './modules/market/index.ts';
import { type PricesConfig, readPricesConfig } from './modules/prices/index.ts';
import { type DealsConfig, readDealsConfig } from './modules/deals/index.ts';
import { readClaimLimitsConfig, type ClaimLimitsConfig } from './modules/orders/index.ts';
import { readSecurityConfig, type SecurityConfig } from './security-config.ts';
import { readFeePayerConfig, type FeePayerConfig } from './modules/fee-payer/index.ts';

export type DatabaseConfig =
  | { driver: 'pglite'; /** null = in memory (tests) */ dataDir: string | null }
  | { driver: 'postgres'; url: string }
  /** An already open PGlite shared by several apps in one process (tests of cross-instance delivery). */
  | { driver: 'pglite-shared'; client: PGlite };

export interface TelegramConfig {
  botToken: string;
  /** polling = the server long-polls getUpdates; webhook = Telegram posts updates to /api/telegram/webhook. */
  mode: 'polling' | 'webhook';
  /** Checked against X-Telegram-Bot-Api-Secret-Token on webhook calls (required in webhook mode). */
  webhookSecret: string | null;
  /** Bot API base URL (tests point it at a local stand-in). */
  apiRoot: string;
  /** Chat that receives support requests; null = none configured. */
  adminChatId: number | null;
}

export interface RateLimitConfig {
  /** Requests per minute and per client IP. */
  nonce: number;
  signIn: number;
  refresh: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the data folder (PGlite files, generated secrets). */
  dataDir: string;
  database: DatabaseConfig;
  adminWallets: ReadonlySet<string>;
  jwtSecret: Uint8Array;
  /** Origin of the site (no trailing slash); its host is the sign-in domain. */
  publicUrl: string;
  /** IPs/CIDRs whose X-Forwarded-For is believed. */
  trustedProxies: string[];
  logLevel: string;
  ipLookupUrl: string | null;
  supportEmail: string;
  supportChatUrl: string;
  telegramBotUsername: string | null;
  /** null when TELEGRAM_BOT_TOKEN is unset (no bot; notifications stay in the app). */
  telegram: TelegramConfig | null;
  solanaRpcUrl: string | null;
  solanaWsUrl: string | null;
  solanaCluster: string;
  /** Path of the admin (fee payer, co-signer) keypair file; null = generated in the data folder (localnet only). */
  adminKeypairFile: string | null;
  /** null = the program id built into @jelly/escrow. */
  escrowProgramId: string | null;
  /** Port of the embedded localnet's JSON-RPC (0 = any free port). */
  localnetPort: number;
  webDist: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  nonceTtlSeconds: number;
  rateLimits: RateLimitConfig;
  /** The clock every use-case reads; tests inject their own. */
  now: () => Date;
  /** Price feed (PRICE_FEED, …) and floating-offer repricing; absent = the bundled table, no repricing (tests). */
  prices?: PricesConfig;
  /** Market page cache (MARKET_PAGE_CACHE_MS); absent = no page cache (tests). */
  market?: MarketConfig;
  /** The payment-window job (PAYMENT_WINDOW_SWEEP_SECONDS); absent = no job (tests call it directly). */
  deals?: DealsConfig;
  /** Per-wallet claim and offer limits (CLAIM_MAX_OPEN_DEALS, …); absent = none (tests that do not exercise them). */
  claimLimits?: ClaimLimitsConfig;
  /** Ban cache and WebSocket caps (BAN_CACHE_SECONDS, REALTIME_MAX_*); absent = DEFAULT_SECURITY_CONFIG. */
  security?: SecurityConfig;
  /** What the admin pays: daily budgets and the runway check (defaults when absent). */
  feePayer?: FeePayerConfig;
}

/** apps/web/dist, found from this file so it does not depend on the working directory. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const NONCE_TTL_SECONDS = 5 * 60;

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const commaList = optional.transform((value) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

const duration = (name: string, fallback: string) =>
  optional.transform((value, ctx) => {
    const seconds = parseDurationSeconds(value ?? fallback);
    if (seconds === null) {
      ctx.addIssue({ code: 'custom', message: `${name} must be a duration like 900, 15m, 12h or 30d` });
      return z.NEVER;
    }
    return seconds;
  });

const positiveInt = (fallback: number) =>
  optional.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number <= 0) {
      ctx.addIssue({ code: 'custom', message: 'must be a positive whole number' });
      return z.NEVER;
    }
    return number;
  });

/** 0 asks the OS for a free port (tests). */
const port = (fallback: number) =>
  optional.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!/^\d+$/.test(value) || number > 65535) {
      ctx.addIssue({ code: 'custom', message: 'must be a port number (0-65535)' });
      return z.NEVER;
    }
    return number;
  });

const httpUrl = optional.pipe(
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional(),
);

const wsUrl = optional.pipe(z.url({ protocol: /^wss?$/, error: 'must be a ws(s) URL' }).optional());

function isIpOrCidr(text: string): boolean {
  const [ip, bits, extra] = text.split('/');
  if (extra !== undefined || !ip) return false;
  const version = isIP(ip);
  if (version === 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
}

const envSchema = z.object({
  PORT: port(8080),
  HOST: optional.transform((value) => value ?? '0.0.0.0'),
  DATA_DIR: optional.transform((value) => value ?? './.data'),
  DATABASE_URL: optional.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  ),
  ADMIN_WALLETS: commaList.refine((wallets) => wallets.every(isPublicKey), {
    message: 'ADMIN_WALLETS must be comma-separated base58 Solana addresses',
  }),
  JWT_SECRET: optional.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  PUBLIC_URL: httpUrl,
  TRUSTED_PROXIES: commaList.refine((entries) => entries.every(isIpOrCidr), {
    message: 'TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges',
  }),
  LOG_LEVEL: optional.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
  IP_LOOKUP_URL: httpUrl,
  SUPPORT_EMAIL: optional.pipe(z.email().optional()),
  SUPPORT_CHAT_URL: httpUrl,
  TELEGRAM_BOT_USERNAME: optional,
  TELEGRAM_BOT_TOKEN: optional.refine((value) => value === undefined || /^\d+:[A-Za-z0-9_-]+$/.test(value), {
    message: 'TELEGRAM_BOT_TOKEN must look like 123456:ABC-DEF (from @BotFather)',
  }),
  TELEGRAM_MODE: optional.pipe(z.enum(['polling', 'webhook'], { error: 'TELEGRAM_MODE must be polling or webhook' }).optional()),
  TELEGRAM_WEBHOOK_SECRET: optional.refine((value) => value === undefined || /^[A-Za-z0-9_-]{1,256}$/.test(value), {
    message: 'TELEGRAM_WEBHOOK_SECRET must be 1-256 characters A-Z, a-z, 0-9, _ or -',
  }),
  TELEGRAM_API_ROOT: httpUrl,
  TELEGRAM_ADMIN_CHAT_ID: optional.refine((value) => value === undefined || /^-?\d{1,20}$/.test(value), {
    message: 'TELEGRAM_ADMIN_CHAT_ID must be a Telegram chat id (an integer, negative for groups)',
  }),
  SOLANA_RPC_URL: httpUrl,
  SOLANA_WS_URL: wsUrl,
  SOLANA_CLUSTER: optional,
  WEB_DIST: optional,
  ADMIN_KEYPAIR: optional,
  ESCROW_PROGRAM_ID: optional.refine((value) => value === undefined || isPublicKey(value), {
    message: 'ESCROW_PROGRAM_ID must be a base58 Solana address',
  }),
  LOCALNET_PORT: optional.transform((value, ctx) => {
    const port = Number(value ?? '0');
    if (!/^\d+$/.test(value ?? '0') || port > 65535) {
      ctx.addIssue({ code: 'custom', message: 'LOCALNET_PORT must be a port number (0 = any free port)' });
      return z.NEVER;
    }
    return port;
  }),
  ACCESS_TOKEN_TTL: duration('ACCESS_TOKEN_TTL', '15m'),
  REFRESH_TOKEN_TTL: duration('REFRESH_TOKEN_TTL', '30d'),
  RATE_LIMIT_AUTH_NONCE: positiveInt(30),
  RATE_LIMIT_AUTH_SIGN_IN: positiveInt(10),
  RATE_LIMIT_AUTH_REFRESH: positiveInt(30),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the environment into a typed config. Creates the data folder and, when JWT_SECRET is unset,
 * the persisted secret inside it. Paths are resolved against `cwd` (the process cwd by default).
 */
export async function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): Promise<AppConfig> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const prices = readPricesConfig(env);
  if (!prices.ok) throw new ConfigError(`Invalid configuration:\n  ${prices.problems.join('\n  ')}`);
  const market = readMarketConfig(env);
  if (!market.ok) throw new ConfigError(`Invalid configuration:\n  ${market.problems.join('\n  ')}`);
  const deals = readDealsConfig(env);
  if (!deals.ok) throw new ConfigError(`Invalid configuration:\n  ${deals.problems.join('\n  ')}`);
  const claimLimits = readClaimLimitsConfig(env);
  if (!claimLimits.ok) throw new ConfigError(`Invalid configuration:\n  ${claimLimits.problems.join('\n  ')}`);
  const security = readSecurityConfig(env);
  if (!security.ok) throw new ConfigError(`Invalid configuration:\n  ${security.problems.join('\n  ')}`);
  const feePayer = readFeePayerConfig(env);
  if (!feePayer.ok) throw new ConfigError(`Invalid configuration:\n  ${feePayer.problems.join('\n  ')}`);
  if (e.SOLANA_RPC_URL && !e.ADMIN_KEYPAIR) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_KEYPAIR: required when SOLANA_RPC_URL points at a real cluster');
  }
  if (e.TELEGRAM_MODE === 'webhook' && e.TELEGRAM_BOT_TOKEN && !e.TELEGRAM_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  TELEGRAM_WEBHOOK_SECRET: required when TELEGRAM_MODE is webhook');
  }
  const dataDir = resolve(cwd, e.DATA_DIR);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const jwtSecret = e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : await loadOrCreateJwtSecret(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    adminWallets: new Set(e.ADMIN_WALLETS),
    jwtSecret,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
    trustedProxies: e.TRUSTED_PROXIES,
    logLevel: e.LOG_LEVEL ?? 'info',
    ipLookupUrl: e.IP_LOOKUP_URL ?? null,
    supportEmail: e.SUPPORT_EMAIL ?? 'support@example.com',
    supportChatUrl: e.SUPPORT_CHAT_URL ?? 'https://example.com/support',
    telegramBotUsername: e.TELEGRAM_BOT_USERNAME ?? null,
    telegram: e.TELEGRAM_BOT_TOKEN
      ? {
          botToken: e.TELEGRAM_BOT_TOKEN,
          mode: e.TELEGRAM_MODE ?? 'polling',
          webhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? null,
          apiRoot: (e.TELEGRAM_API_ROOT ?? 'https://api.telegram.org').replace(/\/+$/, ''),
          adminChatId: e.TELEGRAM_ADMIN_CHAT_ID === undefined ? null : Number(e.TELEGRAM_ADMIN_CHAT_ID),
        }
      : null,
    solanaRpcUrl: e.SOLANA_RPC_URL ?? null,
    solanaWsUrl: e.SOLANA_WS_URL ?? null,
    solanaCluster: e.SOLANA_CLUSTER ?? (e.SOLANA_RPC_URL ? 'custom' : 'localnet'),
    adminKeypairFile: e.ADMIN_KEYPAIR ? resolve(cwd, e.ADMIN_KEYPAIR) : null,
    escrowProgramId: e.ESCROW_PROGRAM_ID ?? null,
    localnetPort: e.LOCALNET_PORT,
    webDist: e.WEB_DIST ? resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    nonceTtlSeconds: NONCE_TTL_SECONDS,
    rateLimits: {
      nonce: e.RATE_LIMIT_AUTH_NONCE,
      signIn: e.RATE_LIMIT_AUTH_SIGN_IN,
      refresh: e.RATE_LIMIT_AUTH_REFRESH,
    },
    now: () => new Date(),
    prices: prices.config,
    market: market.config,
    deals: deals.config,
    claimLimits: claimLimits.config,
    security: security.config,
    feePayer: feePayer.config,
  };
}
