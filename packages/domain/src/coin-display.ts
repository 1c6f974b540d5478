/**
 * How many decimals a coin amount shows (one rule for every screen): at most 8 for BTC and ETH — a satoshi, and
 * ETH's 18 wei digits beyond the eighth mean nothing to a person — and the coin's own decimals otherwise. Trailing
 * zeros are trimmed. Exact decimal maths (money.ts), no floats.
 */
import { formatDecimal, type DecimalInput, type Rounding } from './money.ts';

/** The coins whose display stops before their own decimals, and where. */
const DISPLAY_DECIMALS_CAP: Readonly<Record<string, number>> = { BTC: 8, ETH: 8 };

export interface DisplayCoin {
  /** The coin's code: 'ETH', 'USDC'. */
  readonly currency: string;
  /** The coin's own decimals (base units per coin = 10^decimals). */
  readonly decimals: number;
}

export function displayDecimals(coin: DisplayCoin): number {
  const cap = DISPLAY_DECIMALS_CAP[coin.currency.toUpperCase()];
  return cap === undefined ? coin.decimals : Math.min(cap, coin.decimals);
}

/**
 * A coin amount as a person reads it: 3.316666666666666666 ETH → '3.31666666'. Rounded DOWN by default, so a
 * maximum or a balance shown never exceeds the real one; pass 'half-up' for a rate.
 */
export function formatCoinAmount(amount: DecimalInput, coin: DisplayCoin, rounding: Rounding = 'down'): string {
  return formatDecimal(amount, { maxFractionDigits: displayDecimals(coin), rounding });
}
