/**
 * What the trades themselves recorded: the SOL legs that move on purpose between the platform's keys and users
 * (swaps, Coin Jelly deposits, payouts, sweeps and refunds), and where the rent of Coin Jelly deposit token accounts
 * went when a sweep or refund closed them. The economic invariant counts these from the records, never from the balances
 * it checks.
 */
import { KNOWN_MINTS } from '@jelly/contracts';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { and, eq, inArray } from 'drizzle-orm';
import { jellyDeposits, jellyEvents, jellyOrders, swaps } from '../../src/db/schema/index.ts';
import type { ChainTestApp } from '../helpers/test-chain.ts';

/** Lamports one trade moved on purpose from one address to another. */
export interface SolLeg {
  from: string;
  to: string;
  lamports: bigint;
}

const TOKEN_MINTS: Record<string, string> = { USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT };

async function solanaJellyOrders(t: ChainTestApp) {
  return t.app.db.select().from(jellyOrders).where(eq(jellyOrders.sendChain, 'Solana'));
}

/** Every Coin Jelly deposit address on Solana: a platform key (derived from the server's seed) for each order. */
export async function depositAddresses(t: ChainTestApp): Promise<string[]> {
  return (await solanaJellyOrders(t)).map((order) => order.depositAddress);
}

/**
 * The SOL legs of completed swaps (the user's SOL to the desk, the desk's SOL to the user) and of Coin Jelly orders:
 * a SOL deposit reaches the order's deposit address from the order's wallet (every deposit in the economic test is
 * sent from it), a SOL payout leaves the desk for the recipient, a sweep moves the deposit to the desk, a refund sends
 * it back to the refund address.
 */
export async function solLegs(t: ChainTestApp, desk: PublicKey): Promise<SolLeg[]> {
  const legs: SolLeg[] = [];
  const deskAddress = desk.toBase58();
  for (const swap of await t.app.db.select().from(swaps).where(eq(swaps.status, 1))) {
    if (swap.inputMint === KNOWN_MINTS.SOL) legs.push({ from: swap.wallet, to: deskAddress, lamports: BigInt(swap.inAmount) });
    if (swap.outputMint === KNOWN_MINTS.SOL) legs.push({ from: deskAddress, to: swap.wallet, lamports: BigInt(swap.outAmount) });
  }
  const orders = (await solanaJellyOrders(t)).filter((order) => order.sendCoin === 'SOL' || order.receiveCoin === 'SOL');
  const byId = new Map(orders.map((order) => [order.id, order]));
  if (byId.size === 0) return legs;
  const ids = [...byId.keys()];
  for (const deposit of await t.app.db.select().from(jellyDeposits).where(inArray(jellyDeposits.orderId, ids))) {
    const order = byId.get(deposit.orderId);
    if (order?.sendCoin === 'SOL') legs.push({ from: order.userWallet, to: order.depositAddress, lamports: BigInt(deposit.amount) });
  }
  const events = await t.app.db
    .select()
    .from(jellyEvents)
    .where(and(inArray(jellyEvents.orderId, ids), eq(jellyEvents.coin, 'SOL'), inArray(jellyEvents.kind, ['payout', 'sweep', 'refund'])));
  for (const event of events) {
    const order = byId.get(event.orderId);
    if (!order || event.amount === null) continue;
    const lamports = BigInt(event.amount);
    if (event.kind === 'payout') legs.push({ from: deskAddress, to: order.recipientAddress, lamports });
    if (event.kind === 'sweep') legs.push({ from: order.depositAddress, to: deskAddress, lamports });
    if (event.kind === 'refund') legs.push({ from: order.depositAddress, to: order.refundAddress, lamports });
  }
  return legs;
}

/** Net lamports an address received on purpose (received − sent) over the legs. */
export function netOf(legs: readonly SolLeg[], address: string): bigint {
  return legs.reduce((sum, leg) => sum + (leg.to === address ? leg.lamports : 0n) - (leg.from === address ? leg.lamports : 0n), 0n);
}

/** The token program's CloseAccount instruction (its first data byte). */
const CLOSE_ACCOUNT = 9;

/**
 * Rent of Coin Jelly deposit token accounts that a sweep or refund closed, by where the close sent it: `kept` by a
 * platform key (only right when a platform key opened the account), `returned` to anyone else (whoever opened it).
 * Read from each closing transaction: the account's lamports before it, when it ended empty, and the CloseAccount's
 * destination.
 */
export async function depositRentClosed(t: ChainTestApp, platformKeys: readonly string[]): Promise<{ kept: bigint; returned: bigint }> {
  const orders = (await solanaJellyOrders(t)).filter((order) => TOKEN_MINTS[order.sendCoin] !== undefined);
  const total = { kept: 0n, returned: 0n };
  if (orders.length === 0) return total;
  const byId = new Map(orders.map((order) => [order.id, order]));
  const closes = await t.app.db
    .select()
    .from(jellyEvents)
    .where(and(inArray(jellyEvents.orderId, [...byId.keys()]), inArray(jellyEvents.kind, ['sweep', 'refund'])));
  for (const event of closes) {
    const order = byId.get(event.orderId);
    if (!order || !event.signature) continue;
    const account = getAssociatedTokenAddressSync(new PublicKey(TOKEN_MINTS[order.sendCoin] as string), new PublicKey(order.depositAddress));
    const tx = await t.chain.connection.getTransaction(event.signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    if (!tx?.meta) throw new Error(`the ${event.kind} of Coin Jelly order ${order.id} is not on chain`);
    const keys = tx.transaction.message.staticAccountKeys;
    const index = keys.findIndex((key) => key.equals(account));
    if (index < 0 || tx.meta.postBalances[index] !== 0) continue;
    const close = tx.transaction.message.compiledInstructions.find((i) => i.data[0] === CLOSE_ACCOUNT && i.accountKeyIndexes[0] === index);
    const destination = close && keys[close.accountKeyIndexes[1] ?? -1]?.toBase58();
    if (!destination) throw new Error(`the ${event.kind} of Coin Jelly order ${order.id} emptied its deposit account without closing it`);
    const rent = BigInt(tx.meta.preBalances[index] ?? 0);
    if (platformKeys.includes(destination)) total.kept += rent;
    else total.returned += rent;
  }
  return total;
}

/** Deposit token accounts still open (a sender opened them; a sweep or refund closes them). */
export async function openDepositAccounts(t: ChainTestApp): Promise<string[]> {
  const open: string[] = [];
  for (const order of await solanaJellyOrders(t)) {
    const mint = TOKEN_MINTS[order.sendCoin];
    if (!mint) continue;
    const account = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(order.depositAddress));
    if (await t.chain.connection.getAccountInfo(account, 'confirmed')) open.push(`order ${order.id}: ${account.toBase58()}`);
  }
  return open;
}
