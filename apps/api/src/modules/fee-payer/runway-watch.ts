import type { FastifyInstance } from 'fastify';
import type { Chain } from '../../chain/chain.ts';
import { DEFAULT_FEE_PAYER_CONFIG } from '../../chain/gate/index.ts';
import { checkRunway } from './fee-payer-status.ts';

/**
 * One run of the runway watch (a job of the app's list, every `runwayCheckMs` when the app has a chain): checks the
 * fee payer's runway (balance / last 24 hours' spend), warning in the logs below `runwayWarnDays`.
 */
export function runwayWatchRun(app: FastifyInstance, chain: Chain): () => Promise<void> {
  const { runwayWarnDays } = app.config.feePayer ?? DEFAULT_FEE_PAYER_CONFIG;
  return async () => {
    await checkRunway({ db: app.db, chain, now: app.config.now, log: app.log }, runwayWarnDays);
  };
}
