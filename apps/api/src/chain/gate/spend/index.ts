/**
 * The spend ledger: what the platform's keys paid (fees, rent) per send, charged before a send and settled from the
 * chain after, and the budget windows the gate's limits read. It belongs to the gate (chain/), which owns the
 * admin_spend tables: modules read it through chain/gate's index, never write it.
 */
export { budgetWindow, formatResetTime } from './budget-window.ts';
export { DEFAULT_FEE_PAYER_CONFIG, readFeePayerConfig } from './fee-payer-config.ts';
export type { FeePayerConfig, SpendBudgets } from './fee-payer-config.ts';
export { chargeAdminSpend, LAMPORTS_PER_SIGNATURE, recordAdminSpend, releaseAdminSpend, settleAdminSpend } from './record-admin-spend.ts';
export type { AdminSpendInput } from './record-admin-spend.ts';
export { spentSince, unearnedLocksSince } from './spend-queries.ts';
export type { SpendScope, SpendTotals } from './spend-queries.ts';
