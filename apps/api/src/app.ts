import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { apiRoutes } from './api-routes.ts';
import type { Chain } from './chain/chain.ts';
import type { AppConfig } from './config.ts';
import { auth } from './plugins/auth.ts';
import { database } from './plugins/database.ts';
import { docs } from './plugins/docs.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { outboundHttp } from './plugins/outbound-http.ts';
import { lenientJsonBody } from './plugins/json-body.ts';
import { generateRequestId, loggerOptions, requestIdHeader, requestLogger } from './plugins/logging.ts';
import { rateLimits } from './plugins/rate-limit.ts';
import { sendLogs } from './plugins/send-logs.ts';
import { responseSerializerCompiler } from './lib/response-check.ts';
import { periodicJobs } from './jobs.ts';
import { IntervalJobs } from './lib/interval-job.ts';
import { coinJellyService } from './modules/coin-jelly/index.ts';
import { priceService } from './modules/prices/index.ts';
import { deskService } from './modules/swap/index.ts';
import { telegramService } from './modules/telegram/index.ts';
import { metrics } from './modules/metrics/index.ts';
import { realtime } from './realtime/plugin.ts';
import { compression } from './plugins/compression.ts';
import { rpcProxy } from './plugins/rpc-proxy.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { staticWeb } from './plugins/static-web.ts';
import { textGuard } from './plugins/text-guard.ts';

export interface BuildAppOptions {
  /** Where logs go (stdout by default); tests capture them here. */
  logStream?: DestinationStream;
  /**
   * The Solana connection and admin key (server.ts starts it; see chain/start-chain.ts). Without it, routes that
   * need the chain answer 503; tests that do not touch the chain leave it out.
   */
  chain?: Chain;
  /** Resolves once the web build is written (see server.ts); the static web app is registered after it. */
  webBuilt?: Promise<unknown>;
}

/** Builds the whole server (API under /api, web app at /) without listening. Call `close()` when done. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: generateRequestId,
    childLoggerFactory: requestLogger,
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The database plugin runs the migrations and the embedded database's start: on a busy machine (or a large
    // migration) that outlasts Fastify's 10 s default. A plugin that hangs for good still fails start, after 2 min.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', config);
  app.decorate('chain', options.chain ?? null);
  app.decorate('draining', false);
  const jobs = new IntervalJobs(app.log);
  app.decorate('jobs', jobs);
  // The drain stops the jobs from claiming new work at once; their runs in progress finish, and close waits for them.
  app.decorate('startDraining', () => {
    app.draining = true;
    jobs.pause();
  });

  try {
    await app.register(requestIdHeader);
    await app.register(securityHeaders);
    await app.register(compression);
    await app.register(errorHandler);
    await app.register(textGuard);
    await app.register(lenientJsonBody);
    await app.register(cookie);
    await app.register(database, { database: config.database });
    await app.register(sendLogs);
    // Before every route, so its request timing sees them all; GET /metrics is outside /api.
    await app.register(metrics);
    await app.register(auth);
    await app.register(realtime);
    await app.register(rateLimits);
    await app.register(docs);
    await app.register(outboundHttp);
    // The modules' services: what the routes use (the price feed, the Telegram bot, the Coin Jelly watcher); each stops on close.
    await app.register(telegramService);
    await app.register(priceService);
    await app.register(deskService);
    await app.register(coinJellyService);
    await app.register(apiRoutes, { prefix: '/api' });
    // Every periodic job, one list (jobs.ts): after the services they use, so they close before them.
    await app.register(periodicJobs);
    await app.register(rpcProxy);
    await options.webBuilt;
    await app.register(staticWeb, { webDist: config.webDist });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
