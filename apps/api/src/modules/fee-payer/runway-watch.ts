import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_FEE_PAYER_CONFIG } from './fee-payer-config.ts';
import { checkRunway } from './fee-payer-status.ts';

/**
 * Checks the fee payer's runway (balance / last 24 hours' spend) when the app is ready and then every
 * `runwayCheckMs`, warning in the logs below `runwayWarnDays`. Never two checks at once; the timer does not keep
 * the process alive; stops with the app. Nothing runs without a chain or with the interval at 0.
 */
export const runwayWatch: FastifyPluginAsync = fp(async (app) => {
  const { runwayCheckMs, runwayWarnDays } = app.config.feePayer ?? DEFAULT_FEE_PAYER_CONFIG;
  const chain = app.chain;
  if (!chain || runwayCheckMs <= 0) return;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = checkRunway({ db: app.db, chain, now: app.config.now, log: app.log }, runwayWarnDays)
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'fee payer: runway check failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, runwayCheckMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}, { name: 'fee-payer-runway-watch' });
