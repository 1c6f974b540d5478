import { budgetWindow, DEFAULT_FEE_PAYER_CONFIG, unearnedLocksSince, type FeePayerConfig } from '../../../chain/gate/index.ts';
import type { Queryable } from '../queries.ts';
import { unearnedLockRefusal } from './unearned-lock-refusal.ts';

/**
 * Refuses a lock by a wallet whose locks ended without a fee too often today (each made the admin pay the escrow
 * accounts' network fees for nothing). The SOL budgets themselves are the platform gate's, on every path.
 */
export async function checkUnearnedLocks(db: Queryable, config: FeePayerConfig | undefined, wallet: string, now: Date): Promise<void> {
  const { unearnedLocksPerDay } = config ?? DEFAULT_FEE_PAYER_CONFIG;
  const window = budgetWindow(now);
  if ((await unearnedLocksSince(db, wallet, window.start)) >= unearnedLocksPerDay) {
    throw unearnedLockRefusal(unearnedLocksPerDay, window.resetsAt);
  }
}
