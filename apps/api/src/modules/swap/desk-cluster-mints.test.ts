// The desk and Coin Jelly trade the configured cluster's stablecoin mints (the list the catalogue follows), never
// the mainnet ones: on devnet the desk quotes Circle's devnet USDC, refuses the mainnet USDC and USDT mints, and
// Coin Jelly's picker offers devnet USDC and no USDT.
import { KNOWN_MINTS, type DeskInventory, type JellyCoinsResponse, type SwapQuote } from '@jelly/contracts';
import { SWAP_MESSAGES } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { requestQuote, SOL, swapper, type Swapper } from './testing.ts';

const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';
const adminWallet = createChainWallet();
let t: ChainTestApp;
let alice: Swapper;
let admin: Session;

beforeAll(async () => {
  // The localnet stands in for devnet's node; the mints are what a devnet configuration selects.
  t = await createChainTestApp({ config: { solanaCluster: 'devnet', adminWallets: new Set([adminWallet.address]) } });
  alice = await swapper(t, { sol: 10_000_000n });
  admin = await session(t.app, adminWallet);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the swap desk on devnet', () => {
  it('quotes devnet USDC at its devnet mint', async () => {
    const response = await requestQuote(t, alice, { inputMint: DEVNET_USDC, outputMint: SOL, amount: '5000000' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SwapQuote>()).toMatchObject({ inputMint: DEVNET_USDC, outputMint: SOL, inAmount: '5000000' });
  });

  it.each([
    ['the mainnet USDC', KNOWN_MINTS.USDC],
    ['the mainnet USDT', KNOWN_MINTS.USDT],
  ])('refuses %s mint as a pair it does not trade', async (_name, mint) => {
    const response = await requestQuote(t, alice, { inputMint: mint, outputMint: SOL, amount: '5000000' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(SWAP_MESSAGES.pair_unsupported);
  });

  it('reports its balances and P&L in SOL and devnet USDC', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/desk', headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    const desk = response.json<DeskInventory>();
    expect(desk.balances.map((b) => [b.symbol, b.mint])).toEqual([
      ['SOL', SOL],
      ['USDC', DEVNET_USDC],
    ]);
  });
});

describe('Coin Jelly on devnet', () => {
  it('offers devnet USDC at its devnet mint and no USDT', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/coin-jelly/coins' });
    const solana = response.json<JellyCoinsResponse>().data.filter((coin) => coin.chain === 'Solana');
    expect(solana.map((coin) => [coin.currency, coin.mint])).toEqual([
      ['SOL', null],
      ['USDC', DEVNET_USDC],
    ]);
  });
});
