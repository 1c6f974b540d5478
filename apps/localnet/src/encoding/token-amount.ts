import type { UiTokenAmount } from '../chain/transaction-record.ts';

/** Formats base units as a decimal string without trailing zeros ("1.5", "0", "100"). */
export function formatUnits(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const scale = 10n ** BigInt(decimals);
  const whole = amount / scale;
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction.length > 0 ? `${whole}.${fraction}` : whole.toString();
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmountString = formatUnits(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}
