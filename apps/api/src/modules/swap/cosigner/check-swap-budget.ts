import {
  budgetWindow,
  DEFAULT_FEE_PAYER_CONFIG,
  spentSince,
  type FeePayerConfig,
  type SpendBudgets,
} from '../../fee-payer/index.ts';
import { ipBudgetRefusal, platformBudgetRefusal, walletBudgetRefusal } from '../../deals/index.ts';
import type { Queryable } from '../../../db/rows.ts';

/**
 * Refuses, before the admin signs anything, a wallet, network address or platform that has used today's budget of
 * the admin's SOL (the same budgets as deals: a swap costs the admin its network fee).
 */
export async function checkSwapBudget(
  db: Queryable,
  config: FeePayerConfig | undefined,
  caller: { wallet: string; ip: string | null },
  now: Date,
): Promise<void> {
  const { feeBudgets, rentBudgets } = config ?? DEFAULT_FEE_PAYER_CONFIG;
  const window = budgetWindow(now);
  const check = async (
    scope: Parameters<typeof spentSince>[1],
    pick: (b: SpendBudgets) => bigint,
    refusal: (budget: 'network-fee' | 'rent', resetsAt: Date) => Error,
  ) => {
    const spent = await spentSince(db, scope, window.start);
    if (spent.fees >= pick(feeBudgets)) throw refusal('network-fee', window.resetsAt);
    if (spent.rent >= pick(rentBudgets)) throw refusal('rent', window.resetsAt);
  };
  await check({ wallet: caller.wallet }, (b) => b.wallet, walletBudgetRefusal);
  if (caller.ip !== null) await check({ ip: caller.ip }, (b) => b.ip, ipBudgetRefusal);
  await check('platform', (b) => b.platform, platformBudgetRefusal);
}
