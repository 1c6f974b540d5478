import { mkdir } from 'node:fs/promises';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isPublicKey } from './lib/base58.ts';
import { configProblems, optionalHttpUrl, optionalText } from './lib/env-fields.ts';
import { loadOrCreateJwtSecret } from './lib/jwt-secret.ts';
import type { OutboundHttpOptions } from './lib/outbound-http.ts';
import { readOutboundConfig } from './lib/outbound-policy.ts';
import { type MarketConfig, readMarketConfig } from './modules/market/index.ts';
import { type PricesConfig, readPricesConfig } from './modules/prices/index.ts';
import { type DealsConfig, readDealsConfig } from './modules/deals/index.ts';
import { type DeskConfig, readDeskConfig } from './modules/swap/index.ts';
import { type AdminConfig, readAdminConfig } from './modules/admin/index.ts';
import { readClaimLimitsConfig, type ClaimLimitsConfig } from './modules/orders/index.ts';
import { readRatingLimitsConfig, type RatingLimitsConfig } from './modules/rating/index.ts';
import { readSecurityConfig } from './security-config.ts';
import { readFeePayerConfig, type FeePayerConfig } from './chain/gate/index.ts';
import { readAuthConfig, type AuthConfig } from './modules/auth/index.ts';
import { readPlatformConfig, type PlatformConfig } from './modules/platform/index.ts';
import { readTelegramConfig, type TelegramConfig } from './modules/telegram/index.ts';
import { readAttachmentsConfig, type AttachmentsConfig } from './modules/attachments/index.ts';
import { readCoinJellyConfig, resolveCoinJellyConfig, type CoinJellyConfig } from './modules/coin-jelly/index.ts';
import type { ConfigRead } from './lib/env-fields.ts';
import { readFailpoint } from './lib/failpoint.ts';
import { readHealthConfig, type HealthConfig } from './modules/health/index.ts';
import { readStablecoinMints } from './chain/stablecoin-mints.ts';
import { readSendRecoveryConfig, type SendRecoveryConfig } from './chain/gate/index.ts';
import { readWatchdogConfig, type WatchdogConfig } from './modules/watchdog/index.ts';
import { readMetricsConfig, type MetricsConfig } from './modules/metrics/index.ts';
import type { SharedConfig } from './shared-config.ts';
import { apiPath } from './lib/package-root.ts';

/**
 * The whole configuration: the shared settings (shared-config.ts, read by this file) and each module's own, read by
 * that module's reader (auth: token lifetimes and rate limits; platform: support and IP lookup; telegram;
 * attachments: storage; deals, market, prices, orders' claim limits, rating's daily caps, fee payer, Coin Jelly, the swap desk, admin).
 * Only the app's composition takes the whole (app.ts, server.ts, `app.config`); a module names the parts it takes.
 */
export interface AppConfig extends SharedConfig, AuthConfig, PlatformConfig {
  /** null when TELEGRAM_BOT_TOKEN is unset (no bot; notifications stay in the app). */
  telegram: TelegramConfig | null;
  /** Price feed (PRICE_FEED, …) and floating-offer repricing; absent = the bundled table, no repricing (tests). */
  prices?: PricesConfig;
  /** Market page cache (MARKET_PAGE_CACHE_MS); absent = no page cache (tests). */
  market?: MarketConfig;
  /** The payment-window job (PAYMENT_WINDOW_SWEEP_SECONDS); absent = no job (tests call it directly). */
  deals?: DealsConfig;
  /** Per-wallet claim and offer limits (CLAIM_MAX_OPEN_DEALS, …); absent = none (tests that do not exercise them). */
  claimLimits?: ClaimLimitsConfig;
  /** Per-wallet daily caps on reports and blocks (REPORT_MAX_PER_DAY, BLOCK_MAX_PER_DAY); absent = none (tests that do not exercise them). */
  ratingLimits?: RatingLimitsConfig;
  /** What the admin pays: daily budgets and the runway check (defaults when absent). */
  feePayer?: FeePayerConfig;
  /** Where chat attachments are stored (S3_*); absent = local disk under DATA_DIR/attachments. */
  attachments?: AttachmentsConfig;
  /** Coin Jelly (COIN_JELLY_*: deposit seed, limits, poller); absent = Coin Jelly answers 503 (tests that skip it). */
  coinJelly?: CoinJellyConfig;
  /** The swap desk: its key, spread, limits (DESK_KEYPAIR, SWAP_*); absent = DEFAULT_DESK_CONFIG. */
  swap?: DeskConfig;
  /** The back office: four-eyes amount and dispute SLA (ADMIN_FOUR_EYES_FIAT_AMOUNT, DISPUTE_SLA_HOURS); defaults when absent. */
  admin?: AdminConfig;
  /**
   * The outbound client's allow-list (OUTBOUND_ALLOW_HOSTS) and, in tests, its resolver; absent = public addresses
   * only (tests that call a local server list it here).
   */
  outbound?: OutboundHttpOptions;
  /** The send-recovery job (SEND_RECOVERY_SECONDS, SEND_STALE_SECONDS); absent = no job (tests call it directly). */
  sendRecovery?: SendRecoveryConfig;
  /** Drain and shutdown times, readiness's RPC threshold (SHUTDOWN_*, RPC_UNREADY_AFTER); absent = defaults. */
  health?: HealthConfig;
  /** The watchdog over waiting money (WATCHDOG_SWEEP_SECONDS); absent = no job (tests call it directly). */
  watchdog?: WatchdogConfig;
  /** Who may read GET /metrics (METRICS_ALLOW); absent = this machine only (127.0.0.1, ::1). */
  metrics?: MetricsConfig;
  /** TEST ONLY: JELLY_FAILPOINT, the point at which the server kills itself (lib/failpoint.ts); absent = none. */
  failpoint?: string | null;
}

/** apps/web/dist, found from this file so it does not depend on the working directory. */
export const DEFAULT_WEB_DIST = apiPath('..', 'web', 'dist');

const commaList = optionalText.transform((value) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

/** 0 asks the OS for a free port (tests). */
const port = (fallback: number) =>
  optionalText.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!/^\d+$/.test(value) || number > 65535) {
      ctx.addIssue({ code: 'custom', message: 'must be a port number (0-65535)' });
      return z.NEVER;
    }
    return number;
  });

const wsUrl = optionalText.pipe(z.url({ protocol: /^wss?$/, error: 'must be a ws(s) URL' }).optional());

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
  HOST: optionalText.transform((value) => value ?? '0.0.0.0'),
  DATA_DIR: optionalText.transform((value) => value ?? './.data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  ),
  ADMIN_WALLETS: commaList.refine((wallets) => wallets.every(isPublicKey), {
    message: 'ADMIN_WALLETS must be comma-separated base58 Solana addresses',
  }),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  PUBLIC_URL: optionalHttpUrl,
  TRUSTED_PROXIES: commaList.refine((entries) => entries.every(isIpOrCidr), {
    message: 'TRUSTED_PROXIES must be comma-separated IP addresses or CIDR ranges',
  }),
  LOG_LEVEL: optionalText.pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional()),
  TELEGRAM_BOT_USERNAME: optionalText,
  SOLANA_RPC_URL: optionalHttpUrl,
  SOLANA_WS_URL: wsUrl,
  SOLANA_CLUSTER: optionalText,
  WEB_DIST: optionalText,
  ADMIN_KEYPAIR: optionalText,
  ESCROW_PROGRAM_ID: optionalText.refine((value) => value === undefined || isPublicKey(value), {
    message: 'ESCROW_PROGRAM_ID must be a base58 Solana address',
  }),
  LOCALNET_PORT: optionalText.transform((value, ctx) => {
    const port = Number(value ?? '0');
    if (!/^\d+$/.test(value ?? '0') || port > 65535) {
      ctx.addIssue({ code: 'custom', message: 'LOCALNET_PORT must be a port number (0 = any free port)' });
      return z.NEVER;
    }
    return port;
  }),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A module reader's settings, or a ConfigError naming each problem. */
function settled<Config>(read: ConfigRead<Config>): Config {
  if (!read.ok) throw new ConfigError(`Invalid configuration:\n  ${read.problems.join('\n  ')}`);
  return read.config;
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
    const problems = configProblems(parsed.error).problems;
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const auth = settled(readAuthConfig(env));
  const platform = settled(readPlatformConfig(env));
  const stablecoinMints = settled(readStablecoinMints(env));
  const prices = settled(readPricesConfig(env));
  const market = settled(readMarketConfig(env));
  const deals = settled(readDealsConfig(env));
  const claimLimits = settled(readClaimLimitsConfig(env));
  const ratingLimits = settled(readRatingLimitsConfig(env));
  const security = settled(readSecurityConfig(env));
  const feePayer = settled(readFeePayerConfig(env));
  const coinJellySettings = settled(readCoinJellyConfig(env));
  const swap = settled(readDeskConfig(env, cwd));
  const admin = settled(readAdminConfig(env));
  const outbound = settled(readOutboundConfig(env));
  const sendRecovery = settled(readSendRecoveryConfig(env));
  const watchdog = settled(readWatchdogConfig(env));
  const failpoint = settled(readFailpoint(env));
  const health = settled(readHealthConfig(env));
  const metrics = settled(readMetricsConfig(env));
  if (e.SOLANA_RPC_URL && !e.ADMIN_KEYPAIR) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_KEYPAIR: required when SOLANA_RPC_URL points at a real cluster');
  }
  const telegram = settled(readTelegramConfig(env));
  const dataDir = resolve(cwd, e.DATA_DIR);
  const attachments = readAttachmentsConfig(env, dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const coinJelly = await resolveCoinJellyConfig(coinJellySettings, dataDir);
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
    ...platform,
    telegramBotUsername: e.TELEGRAM_BOT_USERNAME ?? null,
    telegram,
    solanaRpcUrl: e.SOLANA_RPC_URL ?? null,
    solanaWsUrl: e.SOLANA_WS_URL ?? null,
    solanaCluster: e.SOLANA_CLUSTER ?? (e.SOLANA_RPC_URL ? 'custom' : 'localnet'),
    stablecoinMints,
    adminKeypairFile: e.ADMIN_KEYPAIR ? resolve(cwd, e.ADMIN_KEYPAIR) : null,
    escrowProgramId: e.ESCROW_PROGRAM_ID ?? null,
    localnetPort: e.LOCALNET_PORT,
    webDist: e.WEB_DIST ? resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    ...auth,
    now: () => new Date(),
    prices,
    market,
    deals,
    claimLimits,
    ratingLimits,
    security,
    feePayer,
    attachments,
    coinJelly,
    swap,
    admin,
    outbound,
    sendRecovery,
    health,
    watchdog,
    metrics,
    failpoint,
  };
}
