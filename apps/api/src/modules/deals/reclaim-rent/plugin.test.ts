// The job runs by itself with the app: a deal that ends has its ticket closed within the poll interval, and the
// close is in the logs with the lamports that came back.
import { OrderStatus } from '@jelly/domain';
import { findOrderPda, findTicketPda } from '@jelly/escrow';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cancelInstructions,
  claim,
  dealRow,
  getOrder,
  lockInstruction,
  offer,
  submit,
  trader,
  userTransaction,
} from '../../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, type ChainTestApp } from '../../../../test/helpers/test-chain.ts';

const logLines: string[] = [];
let t: ChainTestApp;

beforeAll(async () => {
  t = await createChainTestApp({
    config: { logLevel: 'info', deals: { paymentWindowSweepMs: 0, rentReclaimPollMs: 100, rentReclaimSweepMs: 60_000 } },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
});
afterAll(async () => {
  await t.close();
});

describe('the rent-reclamation job started with the app', () => {
  it("closes a cancelled deal's ticket on its own and logs the lamports reclaimed", async () => {
    const seller = await trader(t, { usdc: 20_000_000n });
    const buyer = await trader(t);
    const offerId = await offer(t, seller, 0, 20_000_000n);
    const dealId = await claim(t, buyer, offerId, 10_000_000n);
    await submit(t, seller, await userTransaction(t, seller.keypair, [lockInstruction(t, await getOrder(t.app, seller, dealId), seller.key)]));
    const [order] = findOrderPda(BigInt(offerId), t.chain.programId);
    const [ticket] = findTicketPda(order, BigInt(dealId), t.chain.programId);
    const rent = (await t.chain.connection.getAccountInfo(ticket, 'confirmed'))?.lamports;
    expect(rent).toBeGreaterThan(0);

    await submit(t, buyer, await userTransaction(t, buyer.keypair, cancelInstructions(t, await getOrder(t.app, buyer, dealId), buyer.key)));
    expect((await dealRow(t, dealId)).status).toBe(OrderStatus.Cancelled);

    await vi.waitFor(
      async () => {
        expect(await t.chain.connection.getAccountInfo(ticket, 'confirmed')).toBeNull();
      },
      { timeout: 20_000, interval: 100 },
    );
    const line = await vi.waitFor(() => {
      const found = logLines.map((l) => JSON.parse(l) as { msg: string; rentReclaim?: { lamports: string } }).find((l) => l.msg.startsWith(`rent reclaimed: ticket of order ${dealId}`));
      if (!found) throw new Error('no log line yet');
      return found;
    });
    expect(line.rentReclaim).toMatchObject({ kind: 'ticket', orderId: dealId, lamports: String(rent) });
  });
});
