// A deal's money in the logs, as an operator reads them: the seller's lock (a request) logs its platform send
// recorded and landed with the request's id; the payment-window job logs a refund waiting for the seller's token
// account as refund.waiting, then the refund's send recorded and landed, with the job's name.
import { Writable } from 'node:stream';
import type { SignAndSendResponse } from '@jelly/contracts';
import { createCloseAccountInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDC, claim, getOrder, lockInstruction, offer, openUsdcAccount, postTransaction, trader, userTransaction } from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { IntervalJobs } from '../../lib/interval-job.ts';
import { paymentWindowRun } from './index.ts';

interface Line {
  level: number;
  msg: string;
  event?: string;
  reqId?: string;
  job?: string;
  send?: { kind: string; tx: string; ownerRef: string | null; seconds?: number };
  paymentWindow?: { waiting?: number[]; refunded?: number[] };
}

const lines: Line[] = [];
let t: ChainTestApp;
beforeAll(async () => {
  t = await createChainTestApp({
    config: { logLevel: 'info' },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Line);
        done();
      },
    }),
  });
});
afterAll(async () => {
  await t.close();
});

/** One run of the payment-window job, as the app's job list runs it. */
async function runPaymentWindow(): Promise<void> {
  const jobs = new IntervalJobs(t.app.log);
  jobs.add({ name: 'payment-window', everyMs: 60_000, run: paymentWindowRun(t.app) });
  jobs.start();
  await jobs.close();
}

const events = (from: number, ...names: string[]) => lines.slice(from).filter((line) => line.event && names.includes(line.event));

describe('a deal whose payment window ends in the logs', () => {
  it('logs the lock with its request id, the waiting refund and then the refund with the job name', async () => {
    const amount = 4_000_000n;
    const seller = await trader(t, { usdc: amount });
    const buyer = await trader(t);
    const dealId = await claim(t, buyer, await offer(t, seller, 0, amount), amount);
    const deal = await getOrder(t.app, seller, dealId);

    const atLock = lines.length;
    const locked = await postTransaction(t.app, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, deal, seller.key)]));
    expect(locked.statusCode, locked.body).toBe(200);
    const reqId = String(locked.headers['x-request-id']);
    const { signature } = locked.json<SignAndSendResponse>();
    const lockSend = { kind: 'lock', tx: signature };
    expect(events(atLock, 'send.recorded', 'send.landed')).toEqual([
      expect.objectContaining({ event: 'send.recorded', level: 30, reqId, send: expect.objectContaining(lockSend) }),
      expect.objectContaining({ event: 'send.landed', level: 30, reqId, send: expect.objectContaining(lockSend) }),
    ]);

    const account = getAssociatedTokenAddressSync(USDC, seller.key);
    await sendAndConfirmTransaction(t.chain.connection, new Transaction().add(createCloseAccountInstruction(account, seller.key, seller.key)), [seller.keypair]);
    t.clock.advance(30 * 60_000 + 1_000);

    const atWait = lines.length;
    await runPaymentWindow();
    expect(events(atWait, 'refund.waiting', 'refund.failed', 'send.recorded')).toEqual([
      expect.objectContaining({ event: 'refund.waiting', level: 30, job: 'payment-window', paymentWindow: { waiting: [dealId] } }),
    ]);

    await openUsdcAccount(t, seller);
    const atRefund = lines.length;
    await runPaymentWindow();
    const refund = events(atRefund, 'send.recorded', 'send.landed', 'deal.expired', 'refund.waiting');
    expect(refund.map((line) => [line.event, line.job, line.reqId])).toEqual([
      ['send.recorded', 'payment-window', undefined],
      ['send.landed', 'payment-window', undefined],
      ['deal.expired', 'payment-window', undefined],
    ]);
    expect(refund[0]?.send?.tx).toBe(refund[1]?.send?.tx);
    expect(refund[2]?.paymentWindow?.refunded).toEqual([dealId]);
  });
});
