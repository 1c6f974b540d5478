import { AppError } from '../../../errors.ts';
import { formatResetTime } from '../../../chain/gate/index.ts';

/**
 * A deal that ends cancelled or expired after its lock earns no fee, yet the admin paid its transactions: after
 * `limit` such deals in a day, the wallet cannot lock again until the day resets.
 */
export function unearnedLockRefusal(limit: number, resetsAt: Date): AppError {
  const deals = limit === 1 ? '1 locked deal' : `${limit} locked deals`;
  return new AppError(
    'RATE_LIMITED',
    `${deals} of yours ended cancelled or expired today; locking is paused until ${formatResetTime(resetsAt)}.`,
  );
}
