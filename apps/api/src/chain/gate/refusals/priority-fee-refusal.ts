import { AppError } from '../../../errors.ts';
import { MAX_PRIORITY_FEE_LAMPORTS } from '../../transactions/index.ts';

/** The platform pays a priority fee only up to two base fees: a busy cluster's price, never a drain. */
export function priorityFeeRefusal(priorityFee: bigint): AppError {
  return new AppError(
    'TRANSACTION_REFUSED',
    `The platform pays a priority fee of at most ${MAX_PRIORITY_FEE_LAMPORTS} lamports; this transaction asks ${priorityFee}.`,
  );
}
