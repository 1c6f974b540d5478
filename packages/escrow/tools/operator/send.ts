import type { Connection, Keypair, Transaction } from '@solana/web3.js';
import { signSendAndConfirm } from '../../src/client/escape/send.ts';

/** Signs with the keypairs (the first pays), sends and waits until confirmed: the client's one way to send. */
export async function sendAndConfirm(connection: Connection, tx: Transaction, signers: Keypair[]): Promise<string> {
  const [payer] = signers;
  if (!payer) throw new Error('sendAndConfirm needs a signer');
  return signSendAndConfirm(connection, tx, payer.publicKey, async (t) => {
    t.sign(...signers);
    return t;
  });
}
