import type { Chain } from './chain/chain.ts';
import type { AppConfig } from './config.ts';
import type { Database, DatabasePoolStats } from './db/connect.ts';
import type { AuthUser, BanGuard } from './modules/auth/index.ts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Bot } from 'grammy';
import type { PriceFeed } from './modules/prices/index.ts';
import type { Desk } from './modules/swap/index.ts';
import type { OutboundFetch } from './lib/outbound-http.ts';
import type { IntervalJobs } from './lib/interval-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Solana RPC + admin key; null when the app was built without a chain (some tests). */
    chain: Chain | null;
    db: Database;
    pingDatabase: () => Promise<void>;
    /** The database pool's counts now (the metrics). */
    databasePool: () => DatabasePoolStats;
    /** Set on SIGTERM (server.ts): readiness answers 503 `draining` while the replica keeps serving. */
    draining: boolean;
    /** The drain's start (server.ts, on SIGTERM): sets `draining` and pauses every job (runs in progress finish). */
    startDraining: () => void;
    /** The app's periodic jobs, one list (src/jobs.ts): started on ready, paused on drain, closed with the app. */
    jobs: IntervalJobs;
    /** preHandler: requires a valid bearer access token and sets request.user. */
    authenticate: preHandlerAsyncHookHandler;
    /** Cached (≤ 5 s) ban lookups used by authenticate and the WebSocket; see applyBan. */
    bans: BanGuard;
    /** preHandler (after authenticate): requires an admin. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** The one client of the server's own outbound HTTP requests (lib/outbound-http.ts): public addresses only. */
    outboundFetch: OutboundFetch;
    /** The configured price feed (modules/prices price service). */
    priceFeed: PriceFeed;
    /** The swap desk's key and settings; null without a chain (modules/swap desk service). */
    desk: Desk | null;
    /** The Telegram bot behind the webhook route; null without TELEGRAM_BOT_TOKEN (modules/telegram service). */
    telegramBot: Bot | null;
    /** The Telegram outbox worker the telegram-outbox job polls; null without TELEGRAM_BOT_TOKEN. */
    telegramOutbox: { drain(): Promise<void> } | null;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; null on public routes. */
    user: AuthUser | null;
  }
}
