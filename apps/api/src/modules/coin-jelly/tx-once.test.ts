// One chain transaction, one record: a transaction id is the deposit or the payout of at most one Coin Jelly order or
// swap. The admin's txIDs through the API (refused with 409 and a sentence, nothing written), the database's own
// refusal when the app is bypassed, and concurrent confirmations of one txID. The watcher's side is in
// coin-jelly-chain.test.ts (one Solana transaction that paid two deposit addresses).
import type { JellyOrder } from '@jelly/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, chainTxClaims, jellyOrders } from '../../db/schema/index.ts';
import { txAlreadyRecorded, txClaimHolder } from '../../db/tx-claims.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { errorOf, session, type Session } from '../orders/testing.ts';
import { insertSwapRow } from '../swap/testing.ts';
import { RECIPIENT_IS_DEPOSIT_ADDRESS } from './reserve-order.ts';
import { orderOf, reserve, testJellyConfig } from './testing.ts';

const BTC_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const ETH_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
/** A fresh transaction id of the chain: every test uses its own. */
const btcTx = () => crypto.randomUUID().replaceAll('-', '').repeat(2);
const ethTx = () => `0x${btcTx()}`;

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  const adminWallet = createWallet();
  // 127.0.0.1 (app.inject) is a trusted proxy: each reservation comes from its own address, under the per-IP limit.
  t = await createTestApp({ config: { coinJelly: testJellyConfig(), adminWallets: new Set([adminWallet.address]), trustedProxies: ['127.0.0.1'] } });
  admin = await session(t.app, adminWallet);
});
afterAll(async () => {
  await t.close();
});

/** BTC in, ETH out: the admin confirms the Bitcoin deposit. */
const btcToEth = { sendCoin: 'BTC', sendChain: 'Bitcoin', receiveCoin: 'ETH', receiveChain: 'Ethereum', amountUserSend: '0.01', recipientAddress: ETH_ADDRESS, refundAddress: BTC_ADDRESS };
/** ETH in, BTC out: the admin confirms the Ethereum deposit and records the Bitcoin payout. */
const ethToBtc = { sendCoin: 'ETH', sendChain: 'Ethereum', receiveCoin: 'BTC', receiveChain: 'Bitcoin', amountUserSend: '1', recipientAddress: BTC_ADDRESS, refundAddress: ETH_ADDRESS };

let addresses = 0;
/** A reservation from its own client address (the route's per-IP limit is not what these tests are about). */
const reserveAs = (s: Session, body: object) => {
  addresses += 1;
  return reserve(t.app, { ...s.headers, 'x-forwarded-for': `10.0.${addresses >> 8}.${addresses & 255}` }, body);
};
async function reserved(body: object): Promise<JellyOrder> {
  const response = await reserveAs(await session(t.app, createWallet()), body);
  if (response.statusCode !== 200) throw new Error(`reserve: ${response.statusCode} ${response.body}`);
  return response.json<JellyOrder>();
}
const confirm = (id: number, txID: string, amount: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/coin-jelly/confirm-deposit', headers: admin.headers, payload: { id, txID, amount } });
const update = (id: number, status: 0 | 1 | 2, txID: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/admin/update-jelly', headers: admin.headers, payload: { id, status, txID } });
/** An ETH → BTC order whose deposit the admin confirmed: waiting for the admin's BTC payout. */
async function awaitingPayout(): Promise<JellyOrder> {
  const order = await reserved(ethToBtc);
  expect((await confirm(order.id, ethTx(), '1')).json<JellyOrder>()).toMatchObject({ stage: 'awaiting_admin' });
  return order;
}
const auditOf = (id: number) => t.app.db.select().from(adminAuditLog).where(sql`${adminAuditLog.details}->>'jellyId' = ${String(id)}`);

describe('a deposit txID', () => {
  it('is confirmed for one order only: a second order (in any letter case) is refused with 409 and left untouched', async () => {
    const first = await reserved(btcToEth);
    const second = await reserved(btcToEth);
    const tx = btcTx();
    expect((await confirm(first.id, tx, '0.01')).json<JellyOrder>()).toMatchObject({ stage: 'awaiting_admin', received: '0.01' });

    const message = txAlreadyRecorded(`jelly_deposit:${first.id}`);
    expect(message).toBe(`This transaction is already recorded as the deposit of Coin Jelly order #${first.id}: one transaction can pay only one order or swap.`);
    expect(errorOf(await confirm(second.id, tx, '0.01'))).toMatchObject({ status: 409, code: 'CONFLICT', message });
    expect(errorOf(await confirm(second.id, tx.toUpperCase(), '0.01'))).toMatchObject({ status: 409, message });
    const after = await orderOf(t.app, admin.headers, second.id);
    expect(after).toMatchObject({ stage: 'awaiting_deposit', received: '0' });
    expect(after.events.map((e) => e.kind)).toEqual(['reserved']);
    expect(await auditOf(second.id)).toEqual([]);
  });

  it('cannot be another order’s payout, and a payout cannot be another order’s deposit', async () => {
    const deposited = await reserved(btcToEth);
    const depositTx = btcTx();
    await confirm(deposited.id, depositTx, '0.01');
    const paying = await awaitingPayout();
    expect(errorOf(await update(paying.id, 1, depositTx))).toMatchObject({ status: 409, message: txAlreadyRecorded(`jelly_deposit:${deposited.id}`) });

    const payoutTx = btcTx();
    expect((await update(paying.id, 1, payoutTx)).json<JellyOrder>()).toMatchObject({ stage: 'completed', txID: payoutTx });
    const late = await reserved(btcToEth);
    expect(errorOf(await confirm(late.id, payoutTx, '0.01'))).toMatchObject({ status: 409, message: txAlreadyRecorded(`jelly_payout:${paying.id}`) });
    expect(await orderOf(t.app, admin.headers, late.id)).toMatchObject({ stage: 'awaiting_deposit', received: '0' });
  });
});

describe('a payout txID', () => {
  it('completes one order only: a second order is refused with 409, nothing of the edit written', async () => {
    const first = await awaitingPayout();
    const second = await awaitingPayout();
    const tx = btcTx();
    expect((await update(first.id, 1, tx)).json<JellyOrder>()).toMatchObject({ status: 1, stage: 'completed', txID: tx });

    const message = txAlreadyRecorded(`jelly_payout:${first.id}`);
    expect(errorOf(await update(second.id, 1, tx.toUpperCase()))).toMatchObject({ status: 409, code: 'CONFLICT', message });
    // Recording it on a Processing order is the same use.
    expect(errorOf(await update(second.id, 0, tx))).toMatchObject({ status: 409, message });
    const after = await orderOf(t.app, admin.headers, second.id);
    expect(after).toMatchObject({ status: 0, stage: 'awaiting_admin', txID: null });
    expect(after.events.some((e) => e.kind === 'admin_update')).toBe(false);
    expect((await auditOf(second.id)).map((a) => a.action)).toEqual(['coin_jelly_deposit_confirmed']);
  });

  it('is refused by the database itself when the app’s checks are bypassed, across orders and swaps', async () => {
    const [a, b] = [await awaitingPayout(), await awaitingPayout()];
    const tx = btcTx();
    const setPayout = (id: number, payoutTx: string) => t.app.db.update(jellyOrders).set({ payoutTx }).where(eq(jellyOrders.id, id));
    await setPayout(a.id, tx);
    await setPayout(a.id, tx); // the holder again: no change
    expect(txClaimHolder(await setPayout(b.id, tx.toUpperCase()).catch((error: unknown) => error))).toBe(`jelly_payout:${a.id}`);

    const signature = 'A'.repeat(88);
    const swapId = await insertSwapRow(t, { wallet: createWallet().address, inSymbol: 'USDC', outSymbol: 'SOL', status: 1, createdAt: t.clock.now(), txId: signature });
    expect(txClaimHolder(await setPayout(b.id, signature).catch((error: unknown) => error))).toBe(`swap:${swapId}`);
    const second = insertSwapRow(t, { wallet: createWallet().address, inSymbol: 'USDC', outSymbol: 'SOL', status: 1, createdAt: t.clock.now(), txId: tx });
    expect(txClaimHolder(await second.catch((error: unknown) => error))).toBe(`jelly_payout:${a.id}`);
    expect((await orderOf(t.app, admin.headers, b.id)).txID).toBeNull();
  });
});

describe('concurrent confirmations', () => {
  it('one txID confirmed on eight orders at once: exactly one is credited, seven are refused', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => reserved(btcToEth)));
    const tx = btcTx();
    const responses = await Promise.all(orders.map((o) => confirm(o.id, tx, '0.01')));
    const credited = orders.filter((_, i) => responses[i]!.statusCode === 200);
    expect(credited).toHaveLength(1);
    const message = txAlreadyRecorded(`jelly_deposit:${credited[0]!.id}`);
    for (const r of responses.filter((r) => r.statusCode !== 200)) expect(errorOf(r)).toMatchObject({ status: 409, message });
    const after = await Promise.all(orders.map((o) => orderOf(t.app, admin.headers, o.id)));
    expect(after.filter((o) => o.received !== '0').map((o) => o.id)).toEqual([credited[0]!.id]);
    expect(await t.app.db.select().from(chainTxClaims).where(eq(chainTxClaims.txKey, tx))).toHaveLength(1);
  });
});

describe('a recipient', () => {
  it('cannot be a Coin Jelly deposit address (its payout would be that order’s deposit too)', async () => {
    const other = await reserved(ethToBtc);
    for (const recipientAddress of [other.companyWallet, other.companyWallet.toLowerCase()]) {
      expect(errorOf(await reserveAs(admin, { ...btcToEth, recipientAddress }))).toMatchObject({ status: 400, message: RECIPIENT_IS_DEPOSIT_ADDRESS });
    }
    const btcDeposit = (await reserved(btcToEth)).companyWallet;
    expect(errorOf(await reserveAs(admin, { ...ethToBtc, recipientAddress: btcDeposit }))).toMatchObject({ status: 400, message: RECIPIENT_IS_DEPOSIT_ADDRESS });
  });
});
