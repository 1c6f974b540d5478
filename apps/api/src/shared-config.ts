/**
 * The settings config.ts reads itself and several parts of the app take: the clock, the site's origin, the admin
 * wallets, the database, the chain's address, … Types only, and no module imported: a module names here the shared
 * settings it needs and owns the type of its own settings (auth-config.ts, telegram-config.ts, …), so nothing a
 * module imports leads back to config.ts, which imports every module's reader.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { StablecoinMints } from './chain/stablecoin-mints.ts';
import type { SecurityConfig } from './security-config.ts';

export type DatabaseConfig =
  | { driver: 'pglite'; /** null = in memory (tests) */ dataDir: string | null }
  | { driver: 'postgres'; url: string }
  /** An already open PGlite shared by several apps in one process (tests of cross-instance delivery). */
  | { driver: 'pglite-shared'; client: PGlite };

export interface SharedConfig {
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
  /** Published to the web app (the bot's link) and used by the bot's own replies. */
  telegramBotUsername: string | null;
  solanaRpcUrl: string | null;
  solanaWsUrl: string | null;
  solanaCluster: string;
  /** The stablecoins' mints on this cluster (SOLANA_CLUSTER's list, STABLECOIN_MINTS): the catalogue's, the desk's and Coin Jelly's. */
  stablecoinMints: StablecoinMints;
  /** Path of the admin (fee payer, co-signer) keypair file; null = generated in the data folder (localnet only). */
  adminKeypairFile: string | null;
  /** null = the program id built into @jelly/escrow. */
  escrowProgramId: string | null;
  /** Port of the embedded localnet's JSON-RPC (0 = any free port). */
  localnetPort: number;
  webDist: string;
  /** The clock every use-case reads; tests inject their own. */
  now: () => Date;
  /** Ban cache and WebSocket caps (BAN_CACHE_SECONDS, REALTIME_MAX_*); absent = DEFAULT_SECURITY_CONFIG. */
  security?: SecurityConfig;
}
