import type { JellyCoin } from '../api/contract.ts';

/** One coin on one chain, as the pickers and the form name it: 'USDC (Solana)'. */
export interface CoinRef {
  currency: string;
  chain: string;
}

export const coinKey = (coin: CoinRef): string => `${coin.currency}:${coin.chain}`;
export const coinTitle = (coin: CoinRef): string => `${coin.currency} (${coin.chain})`;
export const sameCoin = (a: CoinRef | null, b: CoinRef | null): boolean => !!a && !!b && coinKey(a) === coinKey(b);

/** Search on the code, the name or the chain, case-insensitive. */
export function coinMatches(coin: JellyCoin, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || [coin.currency, coin.name, coin.chain].some((text) => text.toLowerCase().includes(q));
}

/** A decimal amount with at most `decimals` places and a value above zero. */
export function isPositiveAmount(text: string, decimals: number): boolean {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return false;
  if ((match[2] ?? '').length > decimals) return false;
  return /[1-9]/.test(`${match[1]}${match[2] ?? ''}`);
}

/** Whether `amount` exceeds `max` (both decimal strings), compared exactly. */
export function exceeds(amount: string, max: string): boolean {
  const [a, b] = [amount, max].map((text) => text.trim().split('.')) as [string[], string[]];
  const places = Math.max(a[1]?.length ?? 0, b[1]?.length ?? 0);
  const scaled = (parts: string[]) => BigInt(`${parts[0] || '0'}${(parts[1] ?? '').padEnd(places, '0')}`);
  return scaled(a) > scaled(b);
}
