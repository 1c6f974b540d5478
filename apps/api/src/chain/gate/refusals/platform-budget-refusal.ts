import { AppError } from '../../../errors.ts';
import { formatResetTime } from '../spend/index.ts';

/**
 * The whole platform has spent its daily budget of the admin's SOL: the co-signer pauses every user transaction
 * until the day resets (the operators were alerted when the budget was crossed).
 */
export function platformBudgetRefusal(budget: 'network-fee' | 'rent', resetsAt: Date): AppError {
  return new AppError(
    'RATE_LIMITED',
    `The platform's daily ${budget} budget is reached; transactions are paused and it resets at ${formatResetTime(resetsAt)}.`,
  );
}
