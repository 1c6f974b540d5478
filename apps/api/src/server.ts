import { pino } from 'pino';
import { buildApp } from './app.ts';
import { startChain } from './chain/start-chain.ts';
import { ConfigError, loadConfig } from './config.ts';
import { armFailpoint } from './lib/failpoint.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = await loadConfig();
  armFailpoint(config.failpoint ?? null);
  const bootLog = pino({ level: config.logLevel });
  const chain = await startChain(config, bootLog);
  const app = await buildApp(config, { chain });
  app.addHook('onClose', () => chain.close());

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      database: config.database.driver,
      webDist: config.webDist,
      solanaRpcUrl: chain.rpcUrl,
    },
    `Jelly is serving ${config.publicUrl} (API docs at ${config.publicUrl}/api/docs)`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Jelly API failed to start:', error);
  process.exit(1);
});
