import type { UserOrderRow } from '@jelly/contracts';
import { baseUnitsToDecimal, fiatCentsForBaseUnits, formatCents, formatDecimal } from '@jelly/domain';

/** A token amount given in base units, exact (every digit the token has, trailing zeros trimmed to 2). */
export function tokenAmount(units: string, decimals: number): string {
  return formatDecimal(baseUnitsToDecimal(BigInt(units), decimals), { minFractionDigits: 2, maxFractionDigits: decimals, grouping: true });
}

/** A deal's fiat amount: the escrow's cents when the server sent them, else amount × price rounded half-up. */
export function dealFiatAmount(row: Pick<UserOrderRow, 'fiatAmountCents' | 'amount' | 'tokenDecimal' | 'price'>): string {
  const cents = row.fiatAmountCents !== null ? BigInt(row.fiatAmountCents) : fiatCentsForBaseUnits(BigInt(row.amount), row.tokenDecimal, row.price);
  return formatCents(cents, true);
}

export const roleLabel = (role: UserOrderRow['role']): string => (role === 'buyer' ? 'Buying' : 'Selling');
