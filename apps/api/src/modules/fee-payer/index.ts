/** The fee-payer module's public surface: the admin key's balance and runway (its spend ledger is the gate's, chain/gate). */
export { feePayerStatus } from './fee-payer-status.ts';
export { runwayWatchRun } from './runway-watch.ts';
