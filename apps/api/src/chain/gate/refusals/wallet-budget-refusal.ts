import { AppError } from '../../../errors.ts';
import { formatResetTime } from '../spend/index.ts';

/**
 * The admin has paid as much as one wallet may cost it today (network fees, or rent not yet given back): the
 * co-signer signs nothing more for this wallet until the day resets.
 */
export function walletBudgetRefusal(budget: 'network-fee' | 'rent', resetsAt: Date): AppError {
  return new AppError('RATE_LIMITED', `Daily ${budget} budget for this wallet reached; it resets at ${formatResetTime(resetsAt)}.`);
}
