/** The admin's SOL and the network fees it paid, to compare "what it spent" with "the fees of its transactions". */
import type { PublicKey } from '@solana/web3.js';
import type { Chain } from '../../src/chain/chain.ts';

/** Anything holding the chain (a chain test app, or a test's own chain). */
type WithChain = { chain: Pick<Chain, 'connection' | 'admin'> };

export interface LedgerMark {
  balance: bigint;
  seen: Set<string>;
}

async function signaturesOf(t: WithChain, payer: PublicKey): Promise<string[]> {
  return (await t.chain.connection.getSignaturesForAddress(payer, { limit: 1000 }, 'confirmed')).map((entry) => entry.signature);
}

export async function markLedger(t: WithChain): Promise<LedgerMark> {
  const admin = t.chain.admin.publicKey;
  return { balance: BigInt(await t.chain.connection.getBalance(admin, 'confirmed')), seen: new Set(await signaturesOf(t, admin)) };
}

/**
 * Since the mark: what the admin's balance went down by, and the sum of `meta.fee` of the transactions it paid for
 * (it is the fee payer: the first account key).
 */
export async function ledgerSince(t: WithChain, mark: LedgerMark): Promise<{ cost: bigint; fees: bigint; transactions: number }> {
  const admin = t.chain.admin.publicKey;
  let fees = 0n;
  let transactions = 0;
  for (const signature of await signaturesOf(t, admin)) {
    if (mark.seen.has(signature)) continue;
    const tx = await t.chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    if (!tx?.meta || !tx.transaction.message.staticAccountKeys[0]?.equals(admin)) continue;
    fees += BigInt(tx.meta.fee);
    transactions++;
  }
  const balance = BigInt(await t.chain.connection.getBalance(admin, 'confirmed'));
  return { cost: mark.balance - balance, fees, transactions };
}
