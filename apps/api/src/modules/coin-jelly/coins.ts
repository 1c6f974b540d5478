import type { JellyChain, JellyCoin, JellyCoinCode } from '@jelly/contracts';
import { STABLECOIN_SYMBOLS, type StablecoinMints, type StablecoinSymbol } from '../../chain/stablecoin-mints.ts';

type CoinFacts = Omit<JellyCoin, 'mint'>;

/**
 * The coins Coin Jelly knows. Solana coins are paid out by the desk on its own; coins of other chains are paid out
 * by an admin (their mint is null).
 */
const COINS: readonly CoinFacts[] = [
  { currency: 'SOL', chain: 'Solana', name: 'Solana', decimals: 9, iconSrc: '/api/assets/coins/sol.svg', automatic: true },
  { currency: 'USDC', chain: 'Solana', name: 'USD Coin', decimals: 6, iconSrc: '/api/assets/coins/usdc.svg', automatic: true },
  { currency: 'USDT', chain: 'Solana', name: 'Tether USD', decimals: 6, iconSrc: '/api/assets/coins/usdt.svg', automatic: true },
  { currency: 'BTC', chain: 'Bitcoin', name: 'Bitcoin', decimals: 8, iconSrc: '/api/assets/coins/btc.svg', automatic: false },
  { currency: 'ETH', chain: 'Ethereum', name: 'Ether', decimals: 18, iconSrc: '/api/assets/coins/eth.svg', automatic: false },
];

const isStablecoin = (code: string): code is StablecoinSymbol => (STABLECOIN_SYMBOLS as readonly string[]).includes(code);

/**
 * The coins offered on this cluster: a Solana stablecoin at the cluster's mint (the shared STABLECOIN_MINTS list the
 * catalogue and the swap desk follow), left out where the cluster has none; SOL and the other chains' coins always.
 */
export function jellyCoins(mints: StablecoinMints): readonly JellyCoin[] {
  return COINS.flatMap((coin): JellyCoin[] => {
    if (coin.chain !== 'Solana' || !isStablecoin(coin.currency)) return [{ ...coin, mint: null }];
    const mint = mints[coin.currency];
    return mint ? [{ ...coin, mint }] : [];
  });
}

export const UNSUPPORTED_COIN = (code: string, chain: string) => `${code} on ${chain} is not offered: choose one of the listed coins`;
/** An order placed in a coin the operator has since withdrawn from this cluster (STABLECOIN_MINTS). */
export const COIN_WITHDRAWN = (code: string, chain: string) =>
  `${code} on ${chain} is no longer offered on this cluster, so this order cannot be paid in it: refund or fail it`;

/** The coin entry, or undefined when that coin is not offered on that chain. */
export function jellyCoin(coins: readonly JellyCoin[], code: JellyCoinCode, chain: JellyChain): JellyCoin | undefined {
  return coins.find((c) => c.currency === code && c.chain === chain);
}

/**
 * A stored order's coin as shown (name, decimals), offered on this cluster or not: an order placed before the
 * operator changed the mint list still lists.
 */
export function coinFacts(code: JellyCoinCode, chain: JellyChain): CoinFacts | undefined {
  return COINS.find((c) => c.currency === code && c.chain === chain);
}
