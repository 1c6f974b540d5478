/** Swaps with the desk, each by a fresh wallet: quote, the wallet's signature, the desk's and the admin's, the chain. */
import { expect } from 'vitest';
import { SOL, USDC, USDT, quote, submit } from '../../src/modules/swap/testing.ts';
import { freshWallet, type Economy } from './economy.ts';

/** SOL → USDC into a wallet without a USDC account: the user pays that account's rent in the swap's transaction. */
export async function solToUsdcNewAccount(e: Economy, name: string): Promise<void> {
  const user = await freshWallet(e, `${name}: user`, { sol: 1_000_000_000n });
  const q = await quote(e.t, user, SOL, USDC, 100_000_000n);
  expect(q.createsOutputAccount).toBe(true);
  expect((await submit(e.t, user, q)).swap.status).toBe(1);
}

/** USDT → SOL from a wallet holding no SOL at all: the admin pays the fee, the user receives the quoted lamports. */
export async function usdtToSol(e: Economy, name: string): Promise<void> {
  const user = await freshWallet(e, `${name}: user`, { usdt: 25_000_000n });
  const q = await quote(e.t, user, USDT, SOL, 25_000_000n);
  const { swap } = await submit(e.t, user, q);
  expect(swap).toMatchObject({ status: 1, outAmount: q.outAmount });
}
