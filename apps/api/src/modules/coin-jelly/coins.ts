import type { JellyChain, JellyCoin, JellyCoinCode } from '@jelly/contracts';

/**
 * The coins Coin Jelly takes and pays. Solana coins are paid out by the desk on its own; coins of other chains are
 * paid out by an admin (their mint is null). The Solana mints are the catalogue's (the localnet uses the same).
 */
export const JELLY_COINS: readonly JellyCoin[] = [
  { currency: 'SOL', chain: 'Solana', name: 'Solana', decimals: 9, mint: null, iconSrc: '/api/assets/coins/sol.svg', automatic: true },
  { currency: 'USDC', chain: 'Solana', name: 'USD Coin', decimals: 6, mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', iconSrc: '/api/assets/coins/usdc.svg', automatic: true },
  { currency: 'USDT', chain: 'Solana', name: 'Tether USD', decimals: 6, mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', iconSrc: '/api/assets/coins/usdt.svg', automatic: true },
  { currency: 'BTC', chain: 'Bitcoin', name: 'Bitcoin', decimals: 8, mint: null, iconSrc: '/api/assets/coins/btc.svg', automatic: false },
  { currency: 'ETH', chain: 'Ethereum', name: 'Ether', decimals: 18, mint: null, iconSrc: '/api/assets/coins/eth.svg', automatic: false },
];

export const UNSUPPORTED_COIN = (code: string, chain: string) => `${code} on ${chain} is not offered: choose one of the listed coins`;

/** The coin entry, or undefined when that coin is not offered on that chain. */
export function jellyCoin(code: JellyCoinCode, chain: JellyChain): JellyCoin | undefined {
  return JELLY_COINS.find((c) => c.currency === code && c.chain === chain);
}
