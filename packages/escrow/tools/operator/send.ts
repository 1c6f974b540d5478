import { setTimeout as delay } from 'node:timers/promises';
import type { Connection, Keypair, Transaction } from '@solana/web3.js';

const POLL_MS = 400; // about one slot

/**
 * Signs, sends and waits until the transaction is confirmed, by polling getSignatureStatuses: plain HTTP, so it
 * works with any RPC URL (web3.js's own confirmation needs a WebSocket endpoint, which it guesses as port + 1).
 * Gives up once the blockhash has expired.
 */
export async function sendAndConfirm(connection: Connection, tx: Transaction, signers: Keypair[]): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
  tx.recentBlockhash = blockhash;
  tx.feePayer ??= signers[0]?.publicKey;
  tx.sign(...signers);
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: 'confirmed' });
  for (;;) {
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    if (status?.err) throw new Error(`transaction ${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return signature;
    if ((await connection.getBlockHeight('confirmed')) > lastValidBlockHeight) {
      throw new Error(`transaction ${signature} expired before it was confirmed; run the command again`);
    }
    await delay(POLL_MS);
  }
}
