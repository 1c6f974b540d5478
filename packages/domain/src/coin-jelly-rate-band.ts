/**
 * A Coin Jelly rate fixed for 15 minutes is a promise to the user, not a free option against the desk: a deposit that
 * arrives after the market moved against the desk by more than the price band goes to the user's choice (exchange at
 * the current rate, or refund), as a late or wrong-sized deposit does.
 *
 * Compared once, when the deposit is detected, in the receive coin and for the order's own send amount:
 * - `fixedOut`: what the order promised (its amountReceive, fixed at reservation);
 * - `currentOut`: what the desk's quote pays now for the same send amount (the quote's maths, which rounds DOWN:
 *   the only rounding; this comparison is exact).
 *
 * moved against the desk ⇔ (fixedOut − currentOut) × 10⁴ > fixedOut × bandBps
 *
 * Only a move against the desk counts: when the desk would pay the same or more today (currentOut ≥ fixedOut), the
 * user paid for exactly what the rate promised and is paid at it. (The swap's band refuses either way, because a
 * swap not yet submitted has moved nothing; here the user's coins already sit at the deposit address.)
 */

const BPS = 10_000n;

export function jellyRateMovedAgainstDesk(fixedOut: bigint, currentOut: bigint, bandBps: number): boolean {
  if (currentOut >= fixedOut) return false;
  return (fixedOut - currentOut) * BPS > fixedOut * BigInt(bandBps);
}
