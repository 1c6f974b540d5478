import { AppError } from '../../../errors.ts';

/**
 * The transaction would take SOL from a platform key beyond its network fee and the rent of accounts the platform
 * closes again: typically a token account opened at the platform's expense for a user, who could close it and keep
 * the rent. Never signed, whoever asks.
 */
export function unrecoverableCostRefusal(lamports: bigint): AppError {
  return new AppError(
    'TRANSACTION_REFUSED',
    `This transaction would cost the platform ${lamports} lamports beyond its network fee that the platform cannot recover; it is not signed.`,
  );
}
