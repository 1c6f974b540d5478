import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/rows.ts';
import {
  budgetWindow,
  DEFAULT_FEE_PAYER_CONFIG,
  spentSince,
  type FeePayerConfig,
  type SpendBudgets,
  type SpendScope,
} from './spend/index.ts';
import type { AppError } from '../../errors.ts';
import { ipBudgetRefusal } from './refusals/ip-budget-refusal.ts';
import { platformBudgetRefusal } from './refusals/platform-budget-refusal.ts';
import { walletBudgetRefusal } from './refusals/wallet-budget-refusal.ts';

/** Who a send is charged to: the wallet and client IP that caused it (a job's send: the wallet of its deal or order). */
export interface ChargeTo {
  wallet: string | null;
  ip: string | null;
}

/**
 * Whose budgets a send is held to. 'caller': the wallet's, the IP's and the platform's. 'platform': only the
 * platform's, for sends that give a user back what is theirs (an escrow refund or resolution, a close): another
 * wallet's spending must never hold someone's money back.
 */
export type BudgetRule = 'caller' | 'platform';

type Refusal = (budget: 'network-fee' | 'rent', resetsAt: Date) => AppError;

/**
 * Serialises budget checks of one wallet and one IP across requests and replicas (a transaction-scoped advisory
 * lock), so two sends cannot both pass the check on the same remaining budget.
 */
async function lockScopes(db: Queryable, chargeTo: ChargeTo): Promise<void> {
  for (const key of [chargeTo.wallet && `spend:wallet:${chargeTo.wallet}`, chargeTo.ip && `spend:ip:${chargeTo.ip}`]) {
    if (key) await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
  }
}

/**
 * Refuses a send that would cost the platform something while the wallet, the IP or the platform has used today's
 * budget of the platform's SOL (network fees, or rent not given back yet). A send that costs nothing, or returns
 * more than it costs (a close), is never refused.
 */
export async function checkBudgets(
  db: Queryable,
  config: FeePayerConfig | undefined,
  chargeTo: ChargeTo,
  rule: BudgetRule,
  cost: bigint,
  now: Date,
): Promise<void> {
  if (cost <= 0n) return;
  await lockScopes(db, chargeTo);
  const { feeBudgets, rentBudgets } = config ?? DEFAULT_FEE_PAYER_CONFIG;
  const window = budgetWindow(now);
  const check = async (scope: SpendScope, pick: (b: SpendBudgets) => bigint, refusal: Refusal) => {
    const spent = await spentSince(db, scope, window.start);
    if (spent.fees >= pick(feeBudgets)) throw refusal('network-fee', window.resetsAt);
    if (spent.rent >= pick(rentBudgets)) throw refusal('rent', window.resetsAt);
  };
  if (rule === 'caller' && chargeTo.wallet !== null) await check({ wallet: chargeTo.wallet }, (b) => b.wallet, walletBudgetRefusal);
  if (rule === 'caller' && chargeTo.ip !== null) await check({ ip: chargeTo.ip }, (b) => b.ip, ipBudgetRefusal);
  await check('platform', (b) => b.platform, platformBudgetRefusal);
}
