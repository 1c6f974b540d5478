/**
 * Coin Jelly orders through every ending, each by a fresh wallet that sends its deposit itself, driven as the
 * watcher's poller would (tick) and the user's choices through the API. Recipients that need a token account open it
 * from their own wallet: the platform never does.
 */
import type { JellyOrder } from '@jelly/contracts';
import { toBaseUnits } from '@jelly/domain';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { expect } from 'vitest';
import { USDC } from '../helpers/deal-fixtures.ts';
import { WAITING_FOR_ACCOUNT, chainHelpers, orderOf, reserve, solToUsdc, usdcToSol, watcherOf } from '../../src/modules/coin-jelly/testing.ts';
import type { Session } from '../../src/modules/orders/testing.ts';
import { advance, closeOwnUsdcAccount, freshWallet, openOwnUsdcAccount, signedIn, type Economy } from './economy.ts';

const SOL = 1_000_000_000n;
/** SOL for a wallet's own transactions (its deposit's fee and token account, opening or closing its own account). */
const POCKET_SOL = 10_000_000n;
const RATE_MINUTES = 15;

const tick = (e: Economy) => watcherOf(e.t.app).tick();
const accountOf = (e: Economy, owner: PublicKey) => e.t.chain.connection.getAccountInfo(getAssociatedTokenAddressSync(USDC, owner, true), 'confirmed');

async function reserved(e: Economy, s: Session, body: object): Promise<JellyOrder> {
  const response = await reserve(e.t.app, s.headers, body);
  expect(response.statusCode).toBe(200);
  return response.json<JellyOrder>();
}

async function choose(e: Economy, s: Session, id: number, choice: 'exchange' | 'refund'): Promise<JellyOrder> {
  const response = await e.t.app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${id}/choice`, headers: s.headers, payload: { choice } });
  expect(response.statusCode).toBe(200);
  return response.json<JellyOrder>();
}

/** A recipient of USDC with its own token account (opened by itself). */
async function usdcRecipient(e: Economy, label: string) {
  const recipient = await freshWallet(e, label, { sol: POCKET_SOL });
  await openOwnUsdcAccount(e, recipient.keypair);
  return recipient;
}

/** USDC → SOL, the exact amount, paid to a fresh address (a SOL payout needs no account). */
export async function usdcToSolExact(e: Economy, name: string): Promise<void> {
  const sender = await freshWallet(e, `${name}: sender`, { sol: POCKET_SOL, usdc: 10_000_000n });
  const recipient = await freshWallet(e, `${name}: recipient`);
  const order = await reserved(e, sender, usdcToSol('10', recipient.key));
  await chainHelpers(e.t.chain, sender.keypair).sendUsdc(order.companyWallet, 10_000_000n);
  await tick(e);
  expect(await orderOf(e.t.app, sender.headers, order.id)).toMatchObject({ stage: 'completed', status: 1 });
  expect(BigInt(await e.t.chain.connection.getBalance(recipient.key, 'confirmed'))).toBe(toBaseUnits(order.amountUserWannaGet, 9));
  expect(await accountOf(e, new PublicKey(order.companyWallet))).toBeNull(); // the deposit account, closed by the sweep
}

/** SOL → USDC, the exact amount, to a recipient with its own USDC account. */
export async function solToUsdcExact(e: Economy, name: string): Promise<void> {
  const sender = await freshWallet(e, `${name}: sender`, { sol: 2n * SOL });
  const recipient = await usdcRecipient(e, `${name}: recipient`);
  const order = await reserved(e, sender, solToUsdc('1', recipient.key));
  await chainHelpers(e.t.chain, sender.keypair).sendSol(order.companyWallet, SOL);
  await tick(e);
  expect(await orderOf(e.t.app, sender.headers, order.id)).toMatchObject({ stage: 'completed', status: 1 });
  expect(await chainHelpers(e.t.chain, sender.keypair).usdcOf(recipient.key)).toBe(toBaseUnits(order.amountUserWannaGet, 6));
}

/**
 * The attack: the recipient closes its USDC account before the payout, so that the payout would re-create it at the
 * platform's expense. The payout waits until the recipient opens it again itself.
 */
export async function payoutToClosedAccount(e: Economy, name: string): Promise<void> {
  const sender = await freshWallet(e, `${name}: sender`, { sol: 2n * SOL });
  const recipient = await usdcRecipient(e, `${name}: recipient`);
  const order = await reserved(e, sender, solToUsdc('1', recipient.key));
  await closeOwnUsdcAccount(e, recipient.keypair);
  await chainHelpers(e.t.chain, sender.keypair).sendSol(order.companyWallet, SOL);
  await tick(e);
  const waiting = await orderOf(e.t.app, sender.headers, order.id);
  expect(waiting).toMatchObject({ stage: 'deposit_detected', status: 0 });
  expect(waiting.events.map((event) => event.kind)).toContain(WAITING_FOR_ACCOUNT);
  expect(await accountOf(e, recipient.key)).toBeNull();
  await openOwnUsdcAccount(e, recipient.keypair);
  // the user's "look again" once the account is open (the poller itself re-reads a waiting order only every 30 s)
  const lookAgain = await e.t.app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${order.id}/check-account`, headers: sender.headers });
  expect(lookAgain.json<JellyOrder>()).toMatchObject({ stage: 'completed', status: 1 });
}

/** USDC → SOL, less than quoted, then the user asks for a refund: the deposit comes back from the deposit address. */
export async function usdcUnderThenRefund(e: Economy, name: string): Promise<void> {
  const sender = await freshWallet(e, `${name}: sender`, { sol: POCKET_SOL, usdc: 10_000_000n });
  const order = await reserved(e, sender, usdcToSol('10', (await freshWallet(e, `${name}: recipient`)).key));
  await chainHelpers(e.t.chain, sender.keypair).sendUsdc(order.companyWallet, 8_000_000n);
  await tick(e);
  expect(await orderOf(e.t.app, sender.headers, order.id)).toMatchObject({ stage: 'needs_choice' });
  expect(await choose(e, sender, order.id, 'refund')).toMatchObject({ stage: 'refunded', status: 2 });
  expect(await chainHelpers(e.t.chain, sender.keypair).usdcOf(sender.key)).toBe(10_000_000n);
}

/** SOL → USDC, more than quoted, then the user exchanges all of it at the current rate. */
export async function solOverThenExchange(e: Economy, name: string): Promise<void> {
  const sender = await freshWallet(e, `${name}: sender`, { sol: 2n * SOL });
  const recipient = await usdcRecipient(e, `${name}: recipient`);
  const order = await reserved(e, sender, solToUsdc('1', recipient.key));
  await chainHelpers(e.t.chain, sender.keypair).sendSol(order.companyWallet, 1_200_000_000n);
  await tick(e);
  expect((await orderOf(e.t.app, sender.headers, order.id)).pendingChoice).toMatchObject({ kind: 'over', received: '1.2' });
  const exchanged = await choose(e, sender, order.id, 'exchange');
  expect(exchanged).toMatchObject({ stage: 'completed', status: 1, amountUserSend: '1.2' });
  expect(await chainHelpers(e.t.chain, sender.keypair).usdcOf(recipient.key)).toBe(toBaseUnits(exchanged.amountUserWannaGet, 6));
}

/** SOL → USDC, less than quoted, refunded: the SOL goes back to the sender's wallet. */
export async function solUnderThenRefund(e: Economy, name: string): Promise<void> {
  const sender = await freshWallet(e, `${name}: sender`, { sol: 2n * SOL });
  const order = await reserved(e, sender, solToUsdc('1', (await freshWallet(e, `${name}: recipient`)).key));
  await chainHelpers(e.t.chain, sender.keypair).sendSol(order.companyWallet, SOL / 2n);
  await tick(e);
  expect(await orderOf(e.t.app, sender.headers, order.id)).toMatchObject({ stage: 'needs_choice' });
  expect(await choose(e, sender, order.id, 'refund')).toMatchObject({ stage: 'refunded', status: 2 });
}

/**
 * The attack on refunds: the sender empties and closes its USDC account after its deposit, then asks for the refund,
 * so that the refund would re-create the account at the platform's expense. The refund waits for the sender's own.
 */
export async function refundToClosedAccount(e: Economy, name: string): Promise<void> {
  const sender = await freshWallet(e, `${name}: sender`, { sol: POCKET_SOL, usdc: 8_000_000n });
  const order = await reserved(e, sender, usdcToSol('10', (await freshWallet(e, `${name}: recipient`)).key));
  await chainHelpers(e.t.chain, sender.keypair).sendUsdc(order.companyWallet, 8_000_000n);
  await tick(e);
  await closeOwnUsdcAccount(e, sender.keypair);
  const waiting = await choose(e, sender, order.id, 'refund');
  expect(waiting.stage).toBe('refunding');
  expect(waiting.events.map((event) => event.kind)).toContain(WAITING_FOR_ACCOUNT);
  expect(await accountOf(e, sender.key)).toBeNull();
  await openOwnUsdcAccount(e, sender.keypair);
  await tick(e);
  expect(await orderOf(e.t.app, sender.headers, order.id)).toMatchObject({ stage: 'refunded', status: 2 });
  expect(await chainHelpers(e.t.chain, sender.keypair).usdcOf(sender.key)).toBe(8_000_000n);
}

/** Reserved and never paid: the rate runs out, the order expires; nothing was opened, nothing is spent. */
export async function expiredUnpaid(e: Economy, name: string): Promise<void> {
  const user = await freshWallet(e, `${name}: user`);
  const order = await reserved(e, user, solToUsdc('1', (await freshWallet(e, `${name}: recipient`)).key));
  advance(e, RATE_MINUTES);
  await tick(e);
  expect(await orderOf(e.t.app, (await signedIn(e, user.wallet)).headers, order.id)).toMatchObject({ stage: 'expired', status: 2 });
}

/** Paid after the rate ran out: the late deposit reopens the order and the user exchanges it at the current rate. */
export async function lateThenExchange(e: Economy, name: string): Promise<void> {
  const sender = await freshWallet(e, `${name}: sender`, { sol: 2n * SOL });
  const recipient = await usdcRecipient(e, `${name}: recipient`);
  const order = await reserved(e, sender, solToUsdc('1', recipient.key));
  advance(e, RATE_MINUTES);
  await tick(e);
  const s = await signedIn(e, sender.wallet);
  expect(await orderOf(e.t.app, s.headers, order.id)).toMatchObject({ stage: 'expired' });
  await chainHelpers(e.t.chain, sender.keypair).sendSol(order.companyWallet, SOL);
  await tick(e);
  expect((await orderOf(e.t.app, s.headers, order.id)).pendingChoice).toMatchObject({ kind: 'late', received: '1' });
  const exchanged = await choose(e, s, order.id, 'exchange');
  expect(exchanged).toMatchObject({ stage: 'completed', status: 1 });
  expect(await chainHelpers(e.t.chain, sender.keypair).usdcOf(recipient.key)).toBe(toBaseUnits(exchanged.amountUserWannaGet, 6));
}
