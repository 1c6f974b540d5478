import type { AppError } from '../../../errors.ts';
import { budgetWindow } from '../../fee-payer/index.ts';
import { DEFAULT_FEE_PAYER_CONFIG, type FeePayerConfig, type SpendBudgets } from '../../fee-payer/index.ts';
import { spentSince, unearnedLocksSince, type SpendTotals } from '../../fee-payer/index.ts';
import type { Queryable } from '../queries.ts';
import type { UserActionKind } from './classify-instructions.ts';
import { ipBudgetRefusal } from './ip-budget-refusal.ts';
import { platformBudgetRefusal } from './platform-budget-refusal.ts';
import { unearnedLockRefusal } from './unearned-lock-refusal.ts';
import { walletBudgetRefusal } from './wallet-budget-refusal.ts';

export interface BudgetCaller {
  wallet: string;
  ip: string | null;
  kind: UserActionKind;
}

type Refusal = (budget: 'network-fee' | 'rent', resetsAt: Date) => AppError;

function overBudget(spent: SpendTotals, fees: bigint, rent: bigint): 'network-fee' | 'rent' | undefined {
  if (spent.fees >= fees) return 'network-fee';
  if (spent.rent >= rent) return 'rent';
  return undefined;
}

/**
 * Refuses, before the admin signs anything, a caller whose wallet, network address or platform has used today's
 * budget of the admin's SOL, and a lock by a wallet whose locks ended without a fee too often today.
 */
export async function checkAdminBudget(
  db: Queryable,
  config: FeePayerConfig | undefined,
  caller: BudgetCaller,
  now: Date,
): Promise<void> {
  const { feeBudgets, rentBudgets, unearnedLocksPerDay } = config ?? DEFAULT_FEE_PAYER_CONFIG;
  const window = budgetWindow(now);
  const check = async (scope: Parameters<typeof spentSince>[1], pick: (b: SpendBudgets) => bigint, refusal: Refusal) => {
    const over = overBudget(await spentSince(db, scope, window.start), pick(feeBudgets), pick(rentBudgets));
    if (over) throw refusal(over, window.resetsAt);
  };
  await check({ wallet: caller.wallet }, (b) => b.wallet, walletBudgetRefusal);
  if (caller.ip !== null) await check({ ip: caller.ip }, (b) => b.ip, ipBudgetRefusal);
  await check('platform', (b) => b.platform, platformBudgetRefusal);
  if (caller.kind === 'lock' && (await unearnedLocksSince(db, caller.wallet, window.start)) >= unearnedLocksPerDay) {
    throw unearnedLockRefusal(unearnedLocksPerDay, window.resetsAt);
  }
}
