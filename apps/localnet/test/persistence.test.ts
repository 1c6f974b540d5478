import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTransferInstruction, getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { findConfigPda } from '@jelly/escrow';
import { describe, expect, it } from 'vitest';
import { startLocalnet } from '../src/index.ts';
import { manualSlotClock, rpc, startTestLocalnet, tempDataDir } from './helpers.ts';

const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');

describe('persistence across restarts', () => {
  it('keeps the slots the clock produced while idle, so a restart never reuses a slot or forgets a block', async () => {
    const dataDir = tempDataDir();
    const admin = Keypair.generate();
    const slots = manualSlotClock();
    const first = await startTestLocalnet({ dataDir, admin, slotClock: slots.clock });
    slots.tick(20);
    const slot = await first.connection.getSlot();
    const block = (await rpc(first.localnet.rpcUrl, 'getBlock', [slot, { transactionDetails: 'none' }])).result;
    await first.close();
    const second = await startTestLocalnet({ dataDir, admin });
    try {
      expect(await second.connection.getSlot()).toBe(slot);
      expect((await rpc(second.localnet.rpcUrl, 'getBlock', [slot, { transactionDetails: 'none' }])).result).toEqual(block);
    } finally {
      await second.dispose();
    }
  });

  it('keeps escrowed funds, balances, history and the ledger position after a restart', async () => {
    const dataDir = tempDataDir();
    const admin = Keypair.generate();
    const alice = Keypair.generate();
    // a vault: a token account whose owner is a PDA, as the escrow's vaults are
    const [vaultOwner] = PublicKey.findProgramAddressSync([Buffer.from('vault'), alice.publicKey.toBytes()], new PublicKey('28QRMMQ5LFKwgU6rqLRJCudgbHVLwWaF68xwXW4aQvAt'));
    const vault = getAssociatedTokenAddressSync(USDC, vaultOwner, true);
    const aliceUsdc = getAssociatedTokenAddressSync(USDC, alice.publicKey);

    const first = await startTestLocalnet({ dataDir, admin });
    await first.localnet.faucet(alice.publicKey, { sol: 5n * BigInt(LAMPORTS_PER_SOL), usdc: 1_000_000_000n });
    await first.localnet.faucet(vaultOwner, { usdc: 1n });
    const lock = await sendAndConfirmTransaction(
      first.connection,
      new Transaction().add(createTransferInstruction(aliceUsdc, vault, alice.publicKey, 250_000_000n)),
      [alice],
    );
    // a transfer built before the restart, sent after it: its blockhash must still be valid
    const pending = new Transaction({ feePayer: alice.publicKey, ...(await first.connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: admin.publicKey, lamports: 1_000 }),
    );
    pending.sign(alice);
    const aliceLamports = await first.connection.getBalance(alice.publicKey);
    const slot = await first.connection.getSlot();
    const genesis = await first.connection.getGenesisHash();
    const configBefore = await first.connection.getAccountInfo(findConfigPda()[0]);
    // closing right after a transaction: the debounced save must be flushed by close()
    const last = await first.localnet.faucet(Keypair.generate().publicKey, { sol: BigInt(LAMPORTS_PER_SOL) });
    await first.close();

    const stateDir = path.join(dataDir, 'localnet');
    expect(existsSync(path.join(stateDir, 'state.json'))).toBe(true);
    expect(readdirSync(stateDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const second = await startTestLocalnet({ dataDir, admin });
    try {
      expect((await getAccount(second.connection, vault)).amount).toBe(250_000_001n);
      expect((await getAccount(second.connection, aliceUsdc)).amount).toBe(750_000_000n);
      expect(await second.connection.getBalance(alice.publicKey)).toBe(aliceLamports);
      expect((await second.connection.getTokenSupply(USDC)).value.amount).toBe('1000000001');
      expect(await second.connection.getGenesisHash()).toBe(genesis);
      expect(await second.connection.getSlot()).toBe(slot + 1);
      expect((await second.connection.getSignatureStatus(last)).value?.err).toBeNull();
      expect((await second.connection.getTransaction(lock, { maxSupportedTransactionVersion: 0 }))?.meta?.err).toBeNull();
      // the escrow config was kept, not initialised again
      expect((await second.connection.getAccountInfo(findConfigPda()[0]))?.data.equals(configBefore!.data)).toBe(true);

      // the faucet still controls the mints
      await second.localnet.faucet(alice.publicKey, { usdc: 1n });
      expect((await getAccount(second.connection, aliceUsdc)).amount).toBe(750_000_001n);

      const signature = await second.connection.sendRawTransaction(pending.serialize());
      expect((await second.connection.getSignatureStatus(signature)).value?.err).toBeNull();
      const replay = await rpc(second.localnet.rpcUrl, 'sendTransaction', [Buffer.from(pending.serialize()).toString('base64'), { encoding: 'base64' }]);
      expect(replay.error?.data).toMatchObject({ err: 'AlreadyProcessed' });
    } finally {
      await second.dispose();
    }
  });

  it('saves shortly after each transaction, without waiting for close', async () => {
    const test = await startTestLocalnet();
    try {
      const wallet = Keypair.generate().publicKey;
      const signature = await test.localnet.faucet(wallet, { sol: 3n * BigInt(LAMPORTS_PER_SOL) });
      const stateFile = path.join(test.dataDir, 'localnet', 'state.json');
      type Saved = { accounts: { address: string; lamports: string }[]; chain: { transactions: { signature: string }[] } };
      const readSaved = () => (existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Saved) : null);
      // The localnet stays open: the file catches up on its own (the save is debounced, so it is waited for).
      await expect
        .poll(() => readSaved()?.chain.transactions.at(-1)?.signature, { timeout: 10_000, message: 'the state file never recorded the transaction' })
        .toBe(signature);
      expect(readSaved()?.accounts.find((account) => account.address === wallet.toBase58())?.lamports).toBe(String(3 * LAMPORTS_PER_SOL));
    } finally {
      await test.dispose();
    }
  });

  it('refuses to start on a corrupt state file instead of starting empty', async () => {
    const dataDir = tempDataDir();
    const test = await startTestLocalnet({ dataDir });
    await test.close();
    writeFileSync(path.join(dataDir, 'localnet', 'state.json'), JSON.stringify({ version: 1, accounts: 'nope' }));
    await expect(startLocalnet({ dataDir, admin: Keypair.generate() })).rejects.toThrow(/state file .* is not valid/);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('two localnets side by side', () => {
  it('run on their own ports and data folders without sharing state', async () => {
    const one = await startTestLocalnet();
    const two = await startTestLocalnet();
    try {
      expect(one.localnet.port).not.toBe(two.localnet.port);
      expect(await one.connection.getGenesisHash()).not.toBe(await two.connection.getGenesisHash());
      const wallet = Keypair.generate().publicKey;
      await one.localnet.faucet(wallet, { sol: 7n * BigInt(LAMPORTS_PER_SOL) });
      expect(await one.connection.getBalance(wallet)).toBe(7 * LAMPORTS_PER_SOL);
      expect(await two.connection.getBalance(wallet)).toBe(0);
      // both have the same well-known mints and the escrow program, independently
      expect((await two.connection.getTokenSupply(USDC)).value.amount).toBe('0');
      expect(two.localnet.escrow?.config.equals(one.localnet.escrow!.config)).toBe(true);
    } finally {
      await one.dispose();
      await two.dispose();
    }
  });

  it('refuses a second localnet on a data folder that is in use', async () => {
    const one = await startTestLocalnet();
    try {
      await expect(startLocalnet({ dataDir: one.dataDir, admin: Keypair.generate() })).rejects.toThrow(/data folder is in use/);
    } finally {
      await one.dispose();
    }
  });
});
