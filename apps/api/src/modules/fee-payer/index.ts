/** The fee-payer module's public surface: other modules and the app import it from here, never from its other files. */
export { budgetWindow, formatResetTime } from './budget-window.ts';
export { DEFAULT_FEE_PAYER_CONFIG, readFeePayerConfig } from './fee-payer-config.ts';
export type { FeePayerConfig, SpendBudgets } from './fee-payer-config.ts';
export { feePayerStatus } from './fee-payer-status.ts';
export { chargeAdminSpend, LAMPORTS_PER_SIGNATURE, recordAdminSpend, releaseAdminSpend, settleAdminSpend } from './record-admin-spend.ts';
export type { AdminSpendInput } from './record-admin-spend.ts';
export { runwayWatchRun } from './runway-watch.ts';
export { spentSince, unearnedLocksSince } from './spend-queries.ts';
export type { SpendScope, SpendTotals } from './spend-queries.ts';
