import { formatCoinAmount } from '@jelly/domain';
import { useCallback } from 'react';
import { useCoinJellyCoinsQuery } from '../api/coinJellyApi.ts';

/**
 * Coin amounts as the domain's display rule shows them (formatCoinAmount: at most 8 decimals for BTC and ETH), each
 * coin's decimals read from the Coin Jelly coin list; the exact amount until the list is loaded. Never for an amount
 * the user must send: that one is shown exactly, so rounding can never make them pay short.
 */
export function useCoinAmount(): (amount: string, currency: string, chain: string) => string {
  const { data } = useCoinJellyCoinsQuery();
  return useCallback(
    (amount, currency, chain) => {
      const coin = data?.data.find((c) => c.currency === currency && c.chain === chain);
      return coin ? formatCoinAmount(amount, coin) : amount;
    },
    [data],
  );
}
