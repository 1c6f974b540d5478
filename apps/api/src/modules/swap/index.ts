/** The swap module's public surface: other modules and the app import it from here, never from its other files. */
export { readDeskConfig, DEFAULT_DESK_CONFIG } from './desk-config.ts';
export type { DeskConfig } from './desk-config.ts';
export { deskBalances } from './desk-balances.ts';
export { deskService } from './desk-service.ts';
export type { Desk } from './desk-service.ts';
export { findSwapRecords } from './queries.ts';
export { processingSwapSweepRun, settleProcessingSwaps } from './settle-processing-swaps.ts';
export { deleteExpiredQuotes, expiredQuoteSweepRun } from './quote-sweep.ts';
