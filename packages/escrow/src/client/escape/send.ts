// Sending one transaction with any signer (a Keypair in the CLI, a browser wallet on the escape page) and waiting for
// it by polling getSignatureStatuses: plain HTTP, so it works with any RPC URL (web3.js's own confirmation needs a
// WebSocket endpoint, which it guesses as port + 1).
import type { Connection, PublicKey, Transaction } from '@solana/web3.js';

const POLL_MS = 400; // about one slot

/** Adds the signatures a transaction needs (the wallet's, or every keypair's); resolves the signed transaction. */
export type TransactionSigner = (tx: Transaction) => Promise<Transaction>;

/** Signs with `sign`, sends and waits until confirmed; gives up once the blockhash has expired. */
export async function signSendAndConfirm(connection: Connection, tx: Transaction, feePayer: PublicKey, sign: TransactionSigner): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
  tx.recentBlockhash = blockhash;
  tx.feePayer ??= feePayer;
  const signed = await sign(tx);
  const signature = await connection.sendRawTransaction(signed.serialize(), { preflightCommitment: 'confirmed' });
  for (;;) {
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    if (status?.err) throw new Error(`transaction ${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return signature;
    if ((await connection.getBlockHeight('confirmed')) > lastValidBlockHeight) {
      throw new Error(`transaction ${signature} expired before it was confirmed; run it again`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
