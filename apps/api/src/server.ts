import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { startChain } from './chain/start-chain.ts';
import { ConfigError, loadConfig } from './config.ts';
import { armFailpoint } from './lib/failpoint.ts';
import { DEFAULT_HEALTH_CONFIG } from './modules/health/index.ts';

export interface StartOptions {
  /**
   * Resolves once the web app the server serves is written: `npm start` (scripts/start.mjs) builds it while the
   * server starts, and the server waits for it only where it reads the web build, just before it listens.
   */
  webBuilt?: Promise<unknown>;
}

/** Reads the environment, starts the chain, builds the app and listens; SIGTERM drains and closes it, SIGINT closes it. */
export async function startServer(options: StartOptions = {}): Promise<void> {
  // Where the start's time goes, logged once it listens (milliseconds since the process started; for npm start the
  // first figure includes the server's build, and webBuilt says when the web build was written).
  const at = () => Math.round(performance.now());
  const startup: Record<string, number> = { loaded: at() };
  void options.webBuilt?.then(() => (startup.webBuilt = at()), () => {});
  const config = await loadConfig();
  startup.config = at();
  armFailpoint(config.failpoint ?? null);
  const bootLog = pino({ level: config.logLevel });
  const chain = await startChain(config, bootLog);
  startup.chain = at();
  const app = await buildApp(config, { chain, webBuilt: options.webBuilt });
  startup.app = at();
  app.addHook('onClose', () => chain.close());

  const { drainMs, shutdownTimeoutMs } = config.health ?? DEFAULT_HEALTH_CONFIG;
  let closing = false;
  // SIGTERM (a deploy, a supervisor): drain first — readiness answers 503 while every request is still served, so
  // the balancer takes the replica out before it stops listening; then close (in-flight requests and sends finish,
  // jobs stop, sockets are told to reconnect elsewhere) and exit 0. SIGINT (a person at a terminal) closes at once.
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const drain = signal === 'SIGTERM' ? drainMs : 0;
    app.startDraining();
    app.log.info({ signal, drainMs: drain }, drain ? 'draining: reporting not ready, still serving' : 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    const closeApp = () =>
      app.close().then(
        () => {
          app.log.info('shut down');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
    if (drain) setTimeout(closeApp, drain);
    else void closeApp();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  startup.listening = at();
  app.log.info(
    {
      startupMs: startup,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      database: config.database.driver,
      webDist: config.webDist,
      solanaRpcUrl: chain.rpcUrl,
    },
    `Jelly is serving ${config.publicUrl} (API docs at ${config.publicUrl}/api/docs)`,
  );
}

/** Reports a failed start and exits. */
export function failedToStart(error: unknown): never {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Jelly API failed to start:', error);
  process.exit(1);
}

// Run as a program (`node dist/server.js`, `tsx watch src/server.ts`), not when npm start imports it.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) startServer().catch(failedToStart);
