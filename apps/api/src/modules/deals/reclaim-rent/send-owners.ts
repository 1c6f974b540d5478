import { finishPlatformSend, type SendOwners } from '../../../chain/gate/index.ts';
import type { Chain } from '../../../chain/chain.ts';
import type { Database } from '../../../db/connect.ts';
import { markDone } from './queue.ts';

/**
 * Lamports a landed close gave back: what the accounts it emptied held before it (the fee payer, which receives
 * them, excepted). Read from the transaction's meta, since the accounts are gone by the time a recovery asks.
 */
async function lamportsClosed(chain: Chain, signature: string): Promise<bigint> {
  const tx = await chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  const meta = tx?.meta;
  if (!meta) return 0n;
  let total = 0n;
  meta.preBalances.forEach((pre, index) => {
    if (index > 0 && pre > 0 && meta.postBalances[index] === 0) total += BigInt(pre);
  });
  return total;
}

/**
 * The rent-reclamation part of the send recovery: a close whose process died is booked on its queue row (done,
 * with its signature and the lamports back) exactly once. One that failed or expired unlanded needs nothing here:
 * its row's lease lapses and the job closes the accounts afresh (a close of accounts already gone is 'nothing').
 */
export function reclaimSendOwners(ctx: { db: Database; chain: Chain; now: () => Date }): SendOwners {
  const owner = async (send: { signature: string; ownerRef: string | null }, outcome: { end: 'landed' | 'failed' | 'expired' }) => {
    if (outcome.end !== 'landed') {
      await finishPlatformSend(ctx.db, send.signature, outcome.end, ctx.now());
      return;
    }
    const lamports = await lamportsClosed(ctx.chain, send.signature);
    await finishPlatformSend(ctx.db, send.signature, 'landed', ctx.now(), (tx) =>
      markDone(tx, Number(send.ownerRef), ctx.now(), { lamports, signature: send.signature }),
    );
  };
  return { close_ticket: owner, close_order: owner };
}
