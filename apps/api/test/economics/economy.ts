/**
 * The economic test's world: the real app on a fresh localnet with Coin Jelly and the swap desk, a ledger of the
 * platform's keys, the outside wallets the flows create (each fresh, funded by the faucet, tracked from then on), and
 * the figures of each flow.
 */
import { createAssociatedTokenAccountIdempotentInstruction, createCloseAccountInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Transaction, sendAndConfirmTransaction, type Keypair } from '@solana/web3.js';
import { USDC, type Trader } from '../helpers/deal-fixtures.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp, type ChainWallet } from '../helpers/test-chain.ts';
import { testJellyConfig } from '../../src/modules/coin-jelly/testing.ts';
import { session, type Session } from '../../src/modules/orders/testing.ts';
import { OutsideWallets } from './outside-wallets.ts';
import { PlatformLedger, type FlowFigures, type LedgerMark } from './platform-ledger.ts';

export interface Economy {
  t: ChainTestApp;
  ledger: PlatformLedger;
  wallets: OutsideWallets;
  /** An admin of the back office (disputes). */
  adminWallet: ChainWallet;
  /** The ledger when the first flow starts. */
  start: LedgerMark;
  figures: FlowFigures[];
}

export async function startEconomy(): Promise<Economy> {
  const adminWallet = createChainWallet();
  const t = await createChainTestApp({ config: { coinJelly: testJellyConfig(), adminWallets: new Set([adminWallet.address]) } });
  const desk = t.app.desk?.key.publicKey;
  if (!desk) throw new Error('the test app has no swap desk');
  const ledger = new PlatformLedger(t, desk);
  return { t, ledger, wallets: new OutsideWallets(t), adminWallet, start: await ledger.mark(), figures: [] };
}

/** Runs one flow between two marks of the ledger and keeps what it cost the platform. */
export async function flow(e: Economy, name: string, body: () => Promise<void>): Promise<FlowFigures> {
  const before = await e.ledger.mark();
  await body();
  const figures = e.ledger.figures(name, before, await e.ledger.mark());
  e.figures.push(figures);
  return figures;
}

/**
 * A fresh wallet funded by the faucet (nothing at all when `funds` is empty: an address that only receives), signed
 * in, its SOL remembered for the users' side of the invariant.
 */
export async function freshWallet(e: Economy, label: string, funds: { sol?: bigint; usdc?: bigint; usdt?: bigint } = {}): Promise<Trader> {
  const wallet = createChainWallet();
  if ((funds.sol ?? 0n) + (funds.usdc ?? 0n) + (funds.usdt ?? 0n) > 0n) await e.t.chain.localnet.faucet(wallet.keypair.publicKey, funds);
  await e.wallets.track(label, wallet.keypair.publicKey);
  return { ...(await session(e.t.app, wallet)), wallet, keypair: wallet.keypair, key: wallet.keypair.publicKey };
}

/** A fresh sign-in (the test clock moves past access tokens' lifetime in some flows). */
export function signedIn(e: Economy, wallet: ChainWallet): Promise<Session> {
  return session(e.t.app, wallet);
}

/** Moves the app's clock forward only (flows that need a deadline or a rate to run out). */
export function advance(e: Economy, minutes: number): void {
  e.t.clock.advance(minutes * 60_000 + 1_000);
}

/** The owner opens its own USDC account (its transaction, its rent). */
export async function openOwnUsdcAccount(e: Economy, owner: Keypair): Promise<void> {
  const account = getAssociatedTokenAddressSync(USDC, owner.publicKey);
  const open = createAssociatedTokenAccountIdempotentInstruction(owner.publicKey, account, owner.publicKey, USDC);
  await sendAndConfirmTransaction(e.t.chain.connection, new Transaction().add(open), [owner], { commitment: 'confirmed' });
}

/** The owner closes its own empty USDC account (its transaction): the rent goes back to it. */
export async function closeOwnUsdcAccount(e: Economy, owner: Keypair): Promise<void> {
  const account = getAssociatedTokenAddressSync(USDC, owner.publicKey);
  const close = createCloseAccountInstruction(account, owner.publicKey, owner.publicKey);
  await sendAndConfirmTransaction(e.t.chain.connection, new Transaction().add(close), [owner], { commitment: 'confirmed' });
}
