import {
  AddressLookupTableProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedKeypair, startTestLocalnet, type TestLocalnet } from './helpers.ts';

describe('address lookup tables', () => {
  let test: TestLocalnet;
  beforeAll(async () => {
    test = await startTestLocalnet();
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('creates a table from a recent slot and runs a v0 transaction that loads addresses from it', async () => {
    const payer = await fundedKeypair(test);
    const recipients = [Keypair.generate().publicKey, Keypair.generate().publicKey];
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: payer.publicKey,
      payer: payer.publicKey,
      recentSlot: await test.connection.getSlot(),
    });
    const extend = AddressLookupTableProgram.extendLookupTable({ lookupTable: table, authority: payer.publicKey, payer: payer.publicKey, addresses: recipients });
    await sendAndConfirmTransaction(test.connection, new Transaction().add(create, extend), [payer]);
    // addresses become usable in the slot after they were added
    await test.localnet.faucet(Keypair.generate().publicKey, { sol: BigInt(LAMPORTS_PER_SOL) });

    const lookup = (await test.connection.getAddressLookupTable(table)).value;
    expect(lookup?.state.addresses.map((key) => key.toBase58())).toEqual(recipients.map((key) => key.toBase58()));
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: (await test.connection.getLatestBlockhash()).blockhash,
      instructions: recipients.map((toPubkey) => SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey, lamports: LAMPORTS_PER_SOL })),
    }).compileToV0Message([lookup!]);
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const signature = await test.connection.sendTransaction(tx);
    for (const recipient of recipients) expect(await test.connection.getBalance(recipient)).toBe(LAMPORTS_PER_SOL);

    const recorded = await test.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(recorded?.meta?.loadedAddresses?.writable.map((key) => key.toBase58())).toEqual(recipients.map((key) => key.toBase58()));
    expect(recorded?.meta?.postBalances.slice(-2)).toEqual([LAMPORTS_PER_SOL, LAMPORTS_PER_SOL]);
    expect((await test.connection.getSignaturesForAddress(recipients[1]!)).map((entry) => entry.signature)).toEqual([signature]);
  });
});
