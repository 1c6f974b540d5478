import {
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedKeypair, rpc, startTestLocalnet, type TestLocalnet } from './helpers.ts';

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

describe('transactions through web3.js', () => {
  let test: TestLocalnet;
  beforeAll(async () => {
    test = await startTestLocalnet();
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('airdrops SOL and confirms the airdrop', async () => {
    const wallet = Keypair.generate();
    const signature = await test.connection.requestAirdrop(wallet.publicKey, 2 * LAMPORTS_PER_SOL);
    const latest = await test.connection.getLatestBlockhash();
    const confirmation = await test.connection.confirmTransaction({ signature, ...latest });
    expect(confirmation.value.err).toBeNull();
    expect(await test.connection.getBalance(wallet.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
  });

  it('transfers SOL with sendAndConfirmTransaction, charging 5,000 lamports per signature', async () => {
    const payer = await fundedKeypair(test);
    const second = await fundedKeypair(test);
    const recipient = Keypair.generate();
    const payerBefore = await test.connection.getBalance(payer.publicKey);
    const secondBefore = await test.connection.getBalance(second.publicKey);
    const tx = new Transaction()
      .add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient.publicKey, lamports: LAMPORTS_PER_SOL }))
      .add(SystemProgram.transfer({ fromPubkey: second.publicKey, toPubkey: recipient.publicKey, lamports: 1_000_000 }));
    const signature = await sendAndConfirmTransaction(test.connection, tx, [payer, second]);
    expect(await test.connection.getBalance(recipient.publicKey)).toBe(LAMPORTS_PER_SOL + 1_000_000);
    expect(await test.connection.getBalance(payer.publicKey)).toBe(payerBefore - LAMPORTS_PER_SOL - 2 * 5000);
    expect(await test.connection.getBalance(second.publicKey)).toBe(secondBefore - 1_000_000);

    const status = await test.connection.getSignatureStatus(signature, { searchTransactionHistory: true });
    expect(status.value).toMatchObject({ err: null, confirmationStatus: 'finalized' });
  });

  it('charges the priority fee and reports the same fee in getFeeForMessage and getTransaction', async () => {
    const payer = await fundedKeypair(test);
    const { blockhash } = await test.connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash })
      .add(ComputeBudgetProgram.setComputeUnitLimit({ units: 50_000 }))
      .add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 }))
      .add(new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from('fee check') }));
    const quoted = await test.connection.getFeeForMessage(tx.compileMessage());
    expect(quoted.value).toBe(5000 + 50_000);
    const before = await test.connection.getBalance(payer.publicKey);
    tx.sign(payer);
    const signature = await test.connection.sendRawTransaction(tx.serialize());
    expect(before - (await test.connection.getBalance(payer.publicKey))).toBe(quoted.value);
    const confirmed = await test.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(confirmed?.meta?.fee).toBe(quoted.value);
  });

  it('returns getTransaction with slot, blockTime, balances, logs and the message', async () => {
    const payer = await fundedKeypair(test);
    const recipient = Keypair.generate();
    const sentAfter = Math.floor(Date.now() / 1000);
    const signature = await sendAndConfirmTransaction(
      test.connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient.publicKey, lamports: 5 * LAMPORTS_PER_SOL })),
      [payer],
    );
    const confirmedBefore = Math.ceil(Date.now() / 1000);
    const tx = await test.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(tx).not.toBeNull();
    const keys = tx!.transaction.message.staticAccountKeys.map((key) => key.toBase58());
    expect(keys.slice(0, 2)).toEqual([payer.publicKey.toBase58(), recipient.publicKey.toBase58()]);
    expect(tx!.transaction.signatures[0]).toBe(signature);
    expect(tx!.version).toBe('legacy');
    expect(tx!.meta?.err).toBeNull();
    expect(tx!.meta?.preBalances[1]).toBe(0);
    expect(tx!.meta?.postBalances[1]).toBe(5 * LAMPORTS_PER_SOL);
    expect(tx!.meta!.preBalances[0]! - tx!.meta!.postBalances[0]!).toBe(5 * LAMPORTS_PER_SOL + 5000);
    expect(tx!.meta?.logMessages).toContain('Program 11111111111111111111111111111111 success');
    expect(tx!.meta?.computeUnitsConsumed).toBeGreaterThan(0);
    // The block time is the wall time the transaction landed at: between sending it and its confirmation.
    expect(tx!.blockTime).toBeGreaterThanOrEqual(sentAfter);
    expect(tx!.blockTime).toBeLessThanOrEqual(confirmedBefore);
    expect(tx!.slot).toBe((await test.connection.getSignatureStatus(signature)).value?.slot);
    expect(await test.connection.getBlockTime(tx!.slot)).toBe(tx!.blockTime);
    const future = await rpc(test.localnet.rpcUrl, 'getBlockTime', [tx!.slot + 1000]);
    expect(future.error?.code).toBe(-32004);
    const unknownSignature = bs58.encode(randomBytes(64));
    expect(await test.connection.getTransaction(unknownSignature, { maxSupportedTransactionVersion: 0 })).toBeNull();
  });

  it('returns jsonParsed transactions with system, token and associated-token instructions decoded', async () => {
    const wallet = Keypair.generate().publicKey;
    const signature = await test.localnet.faucet(wallet, { sol: BigInt(LAMPORTS_PER_SOL), usdc: 2_500_000n });
    const parsed = await test.connection.getParsedTransaction(signature, { maxSupportedTransactionVersion: 0 });
    const instructions = parsed!.transaction.message.instructions;
    expect(instructions[0]).toMatchObject({
      program: 'system',
      parsed: { type: 'transfer', info: { destination: wallet.toBase58(), lamports: LAMPORTS_PER_SOL } },
    });
    expect(instructions[1]).toMatchObject({ program: 'spl-associated-token-account', parsed: { type: 'createIdempotent', info: { wallet: wallet.toBase58() } } });
    expect(instructions[2]).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mintTo', info: { mint: test.localnet.mints.USDC.toBase58(), amount: '2500000' } },
    });
    const keys = parsed!.transaction.message.accountKeys;
    expect(keys[0]).toMatchObject({ signer: true, writable: true, source: 'transaction' });
    // the associated token program created the account through inner instructions
    expect(parsed!.meta?.innerInstructions?.[0]?.instructions.length).toBeGreaterThan(0);
    expect(parsed!.meta?.postTokenBalances?.[0]).toMatchObject({ owner: wallet.toBase58(), uiTokenAmount: { uiAmountString: '2.5' } });
  });

  it('runs versioned (v0) transactions and refuses to return them to clients that do not ask for v0', async () => {
    const payer = await fundedKeypair(test);
    const { blockhash } = await test.connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL })],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const signature = await test.connection.sendTransaction(tx);
    expect((await test.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.version).toBe(0);
    const legacyClient = await rpc(test.localnet.rpcUrl, 'getTransaction', [signature, { encoding: 'json' }]);
    expect(legacyClient.error?.code).toBe(-32015);
  });

  it('simulates a failing transaction and returns its error and logs', async () => {
    const payer = await fundedKeypair(test, 1);
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5 * LAMPORTS_PER_SOL }),
    );
    tx.feePayer = payer.publicKey;
    tx.recentBlockhash = (await test.connection.getLatestBlockhash()).blockhash;
    tx.sign(payer);
    const simulation = await test.connection.simulateTransaction(tx);
    expect(simulation.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(simulation.value.logs?.some((line) => line.includes('insufficient lamports'))).toBe(true);
    expect(simulation.value.unitsConsumed).toBeGreaterThan(0);
  });

  it('simulates an unsigned transaction with replaceRecentBlockhash and returns the accounts asked for', async () => {
    const payer = await fundedKeypair(test, 3);
    const recipient = Keypair.generate();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient.publicKey, lamports: LAMPORTS_PER_SOL })],
    }).compileToV0Message();
    const unsigned = new VersionedTransaction(message);
    const withStaleHash = await test.connection.simulateTransaction(unsigned, { sigVerify: false });
    expect(withStaleHash.value.err).toBe('BlockhashNotFound');
    const simulation = await test.connection.simulateTransaction(unsigned, {
      sigVerify: false,
      replaceRecentBlockhash: true,
      accounts: { encoding: 'base64', addresses: [recipient.publicKey.toBase58()] },
    });
    expect(simulation.value.err).toBeNull();
    expect(simulation.value.accounts?.[0]?.lamports).toBe(LAMPORTS_PER_SOL);
    // web3.js does not type this field, but passes it through
    const { replacementBlockhash } = simulation.value as { replacementBlockhash?: { blockhash: string } };
    expect(replacementBlockhash?.blockhash).toBe((await test.connection.getLatestBlockhash()).blockhash);
    // nothing was written
    expect(await test.connection.getBalance(recipient.publicKey)).toBe(0);
    const signedCheck = await rpc(test.localnet.rpcUrl, 'simulateTransaction', [
      Buffer.from(unsigned.serialize()).toString('base64'),
      { encoding: 'base64', sigVerify: true },
    ]);
    expect(signedCheck.error).toMatchObject({ code: -32003, message: 'Transaction signature verification failure' });
  });

  it('refuses a failing transaction at preflight with the error shape web3.js understands', async () => {
    const payer = await fundedKeypair(test, 1);
    const before = await test.connection.getBalance(payer.publicKey);
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5 * LAMPORTS_PER_SOL }),
    );
    const error = await sendAndConfirmTransaction(test.connection, tx, [payer]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SendTransactionError);
    const sendError = error as SendTransactionError;
    expect(sendError.message).toContain('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1');
    expect((await sendError.getLogs(test.connection)).some((line) => line.includes('insufficient lamports'))).toBe(true);
    // refused at preflight: no fee charged, nothing recorded
    expect(await test.connection.getBalance(payer.publicKey)).toBe(before);

    const raw = await rpc(test.localnet.rpcUrl, 'sendTransaction', [Buffer.from(tx.serialize()).toString('base64'), { encoding: 'base64' }]);
    expect(raw.error?.code).toBe(-32002);
    expect(raw.error?.data).toMatchObject({ err: { InstructionError: [0, { Custom: 1 }] } });
  });

  it('lands a failing transaction sent with skipPreflight, charging its fee and recording its error', async () => {
    const payer = await fundedKeypair(test, 1);
    const before = await test.connection.getBalance(payer.publicKey);
    const tx = new Transaction({ feePayer: payer.publicKey, ...(await test.connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5 * LAMPORTS_PER_SOL }),
    );
    tx.sign(payer);
    const signature = await test.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    const status = await test.connection.getSignatureStatus(signature);
    expect(status.value?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await test.connection.getBalance(payer.publicKey)).toBe(before - 5000);
    const recorded = await test.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(recorded?.meta?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
  });

  it('refuses a duplicate signature as already processed', async () => {
    const payer = await fundedKeypair(test);
    const tx = new Transaction({ feePayer: payer.publicKey, ...(await test.connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    );
    tx.sign(payer);
    const wire = tx.serialize();
    await test.connection.sendRawTransaction(wire);
    const balanceAfterFirst = await test.connection.getBalance(payer.publicKey);
    const again = await rpc(test.localnet.rpcUrl, 'sendTransaction', [Buffer.from(wire).toString('base64'), { encoding: 'base64' }]);
    expect(again.error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: This transaction has already been processed' });
    expect(again.error?.data).toMatchObject({ err: 'AlreadyProcessed' });
    // with skipPreflight a node answers with the signature, but nothing runs twice
    const skip = await rpc(test.localnet.rpcUrl, 'sendTransaction', [Buffer.from(wire).toString('base64'), { encoding: 'base64', skipPreflight: true }]);
    expect(skip.result).toBe(bs58.encode(tx.signature!));
    expect(await test.connection.getBalance(payer.publicKey)).toBe(balanceAfterFirst);
  });

  it('accepts a blockhash a few blocks old and refuses an unknown one', async () => {
    const payer = await fundedKeypair(test);
    const old = await test.connection.getLatestBlockhash();
    // move the ledger on by a few blocks
    for (let i = 0; i < 3; i += 1) await test.connection.requestAirdrop(Keypair.generate().publicKey, LAMPORTS_PER_SOL);
    expect((await test.connection.getLatestBlockhash()).blockhash).not.toBe(old.blockhash);
    expect((await test.connection.isBlockhashValid(old.blockhash)).value).toBe(true);
    const tx = new Transaction({ feePayer: payer.publicKey, ...old }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    );
    tx.sign(payer);
    const signature = await test.connection.sendRawTransaction(tx.serialize());
    expect((await test.connection.confirmTransaction({ signature, ...old })).value.err).toBeNull();

    const unknown = new Transaction({ feePayer: payer.publicKey, blockhash: Keypair.generate().publicKey.toBase58(), lastValidBlockHeight: 0 }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    );
    unknown.sign(payer);
    const refused = await rpc(test.localnet.rpcUrl, 'sendTransaction', [Buffer.from(unknown.serialize()).toString('base64'), { encoding: 'base64' }]);
    expect(refused.error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: Blockhash not found' });
  });

  it('keeps the block height in step with lastValidBlockHeight, one block per transaction', async () => {
    const first = await test.connection.getLatestBlockhash();
    const heightBefore = await test.connection.getBlockHeight();
    expect(first.lastValidBlockHeight).toBe(heightBefore + 150);
    await test.connection.requestAirdrop(Keypair.generate().publicKey, LAMPORTS_PER_SOL);
    expect(await test.connection.getBlockHeight()).toBe(heightBefore + 1);
    expect(await test.connection.getSlot()).toBe(heightBefore + 1);
    const epoch = await test.connection.getEpochInfo();
    expect(epoch.absoluteSlot).toBe(heightBefore + 1);
    expect(epoch.blockHeight).toBe(heightBefore + 1);
  });

  it('rejects a transaction with a forged signature', async () => {
    const payer = await fundedKeypair(test);
    const tx = new Transaction({ feePayer: payer.publicKey, ...(await test.connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    );
    tx.sign(payer);
    const wire = Buffer.from(tx.serialize());
    wire[5] = (wire[5] ?? 0) ^ 0xff;
    const forged = await rpc(test.localnet.rpcUrl, 'sendTransaction', [wire.toString('base64'), { encoding: 'base64' }]);
    expect(forged.error).toMatchObject({ code: -32003, message: 'Transaction signature verification failure' });
  });
});
