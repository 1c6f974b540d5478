// The user's answer to a wrong payment, through the API without a chain (ETH in, BTC out: an admin confirms the
// deposit and pays): who may answer, when, and where each answer leaves the order.
import { randomBytes } from 'node:crypto';
import type { JellyOrder } from '@jelly/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { NO_CHOICE_PENDING } from './choose.ts';
import { orderOf, reserve, testJellyConfig } from './testing.ts';

let t: TestApp;
let user: Session;
let other: Session;
let admin: Session;

beforeAll(async () => {
  const adminWallet = createWallet();
  t = await createTestApp({ config: { coinJelly: testJellyConfig(), adminWallets: new Set([adminWallet.address]) } });
  [user, other, admin] = [await session(t.app, createWallet()), await session(t.app, createWallet()), await session(t.app, adminWallet)];
});
afterAll(async () => {
  await t.close();
});

const ethToBtc = {
  sendCoin: 'ETH',
  sendChain: 'Ethereum',
  receiveCoin: 'BTC',
  receiveChain: 'Bitcoin',
  amountUserSend: '1',
  recipientAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  refundAddress: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
};
const choose = (s: Session, id: number, choice: 'exchange' | 'refund') =>
  t.app.inject({ method: 'POST', url: `/api/coin-jelly/orders/${id}/choice`, headers: s.headers, payload: { choice } });

/** An order the admin confirmed half the quoted ETH for: the user is asked. */
async function underPaid(): Promise<JellyOrder> {
  const order = (await reserve(t.app, user.headers, ethToBtc)).json<JellyOrder>();
  const txID = `0x${randomBytes(32).toString('hex')}`;
  const confirmed = await t.app.inject({ method: 'POST', url: '/api/admin/coin-jelly/confirm-deposit', headers: admin.headers, payload: { id: order.id, txID, amount: '0.5' } });
  expect(confirmed.json<JellyOrder>()).toMatchObject({ stage: 'needs_choice', pendingChoice: { kind: 'under', received: '0.5' } });
  return order;
}

describe('choosing after a wrong payment', () => {
  it('is refused for an unknown order, someone else’s, and one not waiting for a choice', async () => {
    const waiting = (await reserve(t.app, user.headers, ethToBtc)).json<JellyOrder>();
    expect(errorOf(await choose(user, 999_999, 'refund'))).toMatchObject({ status: 404 });
    expect(errorOf(await choose(user, waiting.id, 'refund'))).toMatchObject({ status: 409, message: NO_CHOICE_PENDING });
    const asked = await underPaid();
    expect(errorOf(await choose(other, asked.id, 'refund'))).toMatchObject({ status: 403 });
    expect(await orderOf(t.app, user.headers, asked.id)).toMatchObject({ stage: 'needs_choice' });
  });

  it('the admin queue lists an order waiting for the choice as such, with the minutes it has waited, and drops it once answered', async () => {
    const order = await underPaid();
    type Queue = { orders: { id: number }[]; awaitingUser: { id: number; stage: string; waitingMinutes: number }[] };
    const queue = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/coin-jelly/queue', headers: admin.headers })).json<Queue>();
    const before = await queue();
    expect(before.awaitingUser.find((o) => o.id === order.id)).toMatchObject({ stage: 'needs_choice', waitingMinutes: 0 });
    expect(before.orders.map((o) => o.id)).not.toContain(order.id);
    await choose(user, order.id, 'refund');
    expect((await queue()).awaitingUser.map((o) => o.id)).not.toContain(order.id);
  });

  it('refund: the order waits for an admin to send ETH back, unclaimed by the server, and cannot be answered twice', async () => {
    const order = await underPaid();
    const refunding = (await choose(user, order.id, 'refund')).json<JellyOrder>();
    expect(refunding).toMatchObject({ stage: 'refunding', status: 0, pendingChoice: null, reason: null });
    // Only Solana refunds are sent by the server (its refund_sent claim); an ETH refund is never claimed.
    expect(refunding.events.map((e) => e.kind)).not.toContain('refund_started');
    expect(errorOf(await choose(user, order.id, 'exchange'))).toMatchObject({ status: 409, message: NO_CHOICE_PENDING });
  });

  it('exchange: what arrived is quoted again at today’s rate and waits for an admin to pay it', async () => {
    const order = await underPaid();
    const exchanged = (await choose(user, order.id, 'exchange')).json<JellyOrder>();
    expect(exchanged).toMatchObject({ stage: 'awaiting_admin', amountUserSend: '0.5', pendingChoice: null });
    // 0.5 ETH at 3,000 USD is 0.025 BTC at 60,000 USD, less the 50 bps spread
    expect(exchanged.amountUserWannaGet).toBe('0.024875');
    expect(exchanged.events.map((e) => e.kind).slice(-2)).toEqual(['choice', 'awaiting_admin']);
  });
});
