/** The gate for the platform's keys: the only code that signs with them (lint refuses any other use of the vault). */
export { authorizePlatformSend, preparePlatformSend } from './platform-gate.ts';
export type { AuthorizedSend, GateContext, PlatformSend, PreparedSend, Reclaimable, SendTerms } from './platform-gate.ts';
export type { BudgetRule, ChargeTo } from './check-budgets.ts';
export type { PlatformCost } from './platform-cost.ts';
export { platformKey } from '../keys/platform-key.ts';
export type { PlatformKey, PlatformKeyRole } from '../keys/platform-key.ts';
export { finishPlatformSend, pendingSendCounts, SendAlreadyLive } from './send-record.ts';
export type { RecordedSend } from './send-record.ts';
export { observeSends } from './send-observer.ts';
export type { SendEnd, SendObserver, SendRef } from './send-observer.ts';
export { recoverPlatformSends, whereSendStands } from './recover-sends.ts';
export type { RecoveryReport, ResumeStaleClaims, SendOutcome, SendOwner, SendOwners } from './recover-sends.ts';
export { readSendRecoveryConfig } from './send-recovery-config.ts';
export type { SendRecoveryConfig } from './send-recovery-config.ts';
export {
  budgetWindow,
  chargeAdminSpend,
  DEFAULT_FEE_PAYER_CONFIG,
  formatResetTime,
  LAMPORTS_PER_SIGNATURE,
  readFeePayerConfig,
  recordAdminSpend,
  releaseAdminSpend,
  settleAdminSpend,
  spentSince,
  unearnedLocksSince,
} from './spend/index.ts';
export type { AdminSpendInput, FeePayerConfig, SpendBudgets, SpendScope, SpendTotals } from './spend/index.ts';
