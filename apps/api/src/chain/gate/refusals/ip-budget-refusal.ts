import { AppError } from '../../../errors.ts';
import { formatResetTime } from '../spend/index.ts';

/**
 * The admin has paid as much as one network address may cost it today (wallets are free to make, addresses are
 * not): the co-signer signs nothing more from this address until the day resets.
 */
export function ipBudgetRefusal(budget: 'network-fee' | 'rent', resetsAt: Date): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Daily ${budget} budget for your network address reached; it resets at ${formatResetTime(resetsAt)}.`,
  );
}
