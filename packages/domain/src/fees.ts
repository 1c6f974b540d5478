/**
 * The platform fee. ONE source of truth: `fee_bps` in the escrow program's on-chain config (default 25 bps =
 * 0.25%), taken from the payout to the fiat side at settlement and sent to the admin treasury. Refunds to the
 * crypto side (cancel, admin refund) carry no fee.
 *
 * Every screen derives the fee it shows from this same fee_bps number; no screen hard-codes a percentage.
 */
import { type DecimalInput, formatDecimal, fromBaseUnits, toBaseUnits } from './money.ts';

export const DEFAULT_FEE_BPS = 25;
export const BPS_DENOMINATOR = 10_000;

function validateFeeBps(feeBps: number): void {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > BPS_DENOMINATOR) {
    throw new RangeError(`Fee must be an integer number of basis points from 0 to ${BPS_DENOMINATOR}`);
  }
}

/** fee = floor(amount × bps / 10000), in the token's base units. */
export function feeAmount(baseUnits: bigint, feeBps: number): bigint {
  validateFeeBps(feeBps);
  if (baseUnits < 0n) throw new RangeError('Amount must not be negative');
  return (baseUnits * BigInt(feeBps)) / BigInt(BPS_DENOMINATOR);
}

export interface SettlementPayout {
  readonly fee: bigint;
  /** What the fiat side receives: amount − fee. */
  readonly toFiatSide: bigint;
}

/** How a settled ticket's amount splits between the fiat side and the treasury (matches the program). */
export function settlementPayout(baseUnits: bigint, feeBps: number): SettlementPayout {
  const fee = feeAmount(baseUnits, feeBps);
  return { fee, toFiatSide: baseUnits - fee };
}

/** '0.25%' for 25 bps, '0.2%' for 20, '0%' for 0, '1.5%' for 150. */
export function formatFeePercent(feeBps: number): string {
  validateFeeBps(feeBps);
  return `${formatDecimal({ units: BigInt(feeBps), scale: 2 }, { maxFractionDigits: 2 })}%`;
}

/** The Estimated Fee of a token amount, as an exact decimal string in token units. */
export function estimatedFee(amount: DecimalInput, decimals: number, feeBps: number): string {
  return fromBaseUnits(feeAmount(toBaseUnits(amount, decimals), feeBps), decimals);
}
