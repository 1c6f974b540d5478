import type { Coin } from '@jelly/contracts';

/**
 * The pair the page shows: the chosen symbols where the desk offers them, else the first offered coin that is not
 * the other side. The desk trades the cluster's coins (the catalogue lists them), so a preselected USDT on a cluster
 * without one gives way to another token instead of an empty page.
 */
export function offeredPair(coins: readonly Coin[], first: string, second: string): { input?: Coin; output?: Coin } {
  const input = coins.find((coin) => coin.symbol === first) ?? coins.find((coin) => coin.symbol !== second);
  const output = coins.find((coin) => coin.symbol === second && coin !== input) ?? coins.find((coin) => coin !== input);
  return { input, output };
}
