import { existsSync } from 'node:fs';
import path from 'node:path';
import { getAccount, getAssociatedTokenAddressSync, getMint } from '@solana/spl-token';
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SYSVAR_CLOCK_PUBKEY } from '@solana/web3.js';
import { decodeConfig, DEFAULT_CONFIG, findConfigPda, parseEvents, PROGRAM_ID } from '@jelly/escrow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAUCET_KEYPAIR_FILE } from '../src/index.ts';
import { rpc, startTestLocalnet, type TestLocalnet } from './helpers.ts';

const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const USDT = new PublicKey('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB');

describe('bootstrap', () => {
  let test: TestLocalnet;
  /** Wall time (unix seconds) just before and just after the localnet started and initialised the escrow. */
  let startedBetween: [number, number];
  beforeAll(async () => {
    const before = Math.floor(Date.now() / 1000);
    test = await startTestLocalnet();
    startedBetween = [before, Math.ceil(Date.now() / 1000)];
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('creates 6-decimal USDC and USDT mints at their mainnet addresses, minted by the faucet key', async () => {
    expect(test.localnet.mints.USDC.equals(USDC)).toBe(true);
    expect(test.localnet.mints.USDT.equals(USDT)).toBe(true);
    const faucetFile = path.join(test.dataDir, 'localnet', FAUCET_KEYPAIR_FILE);
    expect(existsSync(faucetFile)).toBe(true);
    for (const mint of [USDC, USDT]) {
      const state = await getMint(test.connection, mint);
      expect(state.decimals).toBe(6);
      expect(state.isInitialized).toBe(true);
      expect(state.freezeAuthority).toBeNull();
      expect(state.mintAuthority).not.toBeNull();
      expect(state.mintAuthority!.equals(test.admin.publicKey)).toBe(false);
    }
  });

  it('funds the admin with SOL and opens its stablecoin token accounts', async () => {
    expect(await test.connection.getBalance(test.admin.publicKey)).toBeGreaterThanOrEqual(100 * LAMPORTS_PER_SOL);
    for (const mint of [USDC, USDT]) {
      const account = await getAccount(test.connection, getAssociatedTokenAddressSync(mint, test.admin.publicKey));
      expect(account.owner.equals(test.admin.publicKey)).toBe(true);
    }
  });

  it('deploys the escrow program, upgradeable by the admin, and initialises its Config with the admin', async () => {
    expect(test.localnet.escrow?.programId.equals(PROGRAM_ID)).toBe(true);
    const program = await test.connection.getAccountInfo(PROGRAM_ID);
    expect(program?.executable).toBe(true);
    expect(program?.owner.toBase58()).toBe('BPFLoaderUpgradeab1e11111111111111111111111');
    const programData = await test.connection.getAccountInfo(new PublicKey(program!.data.subarray(4, 36)));
    expect(programData?.data[12]).toBe(1);
    expect(new PublicKey(programData!.data.subarray(13, 45)).equals(test.admin.publicKey)).toBe(true);

    const [configPda] = findConfigPda();
    expect(test.localnet.escrow?.config.equals(configPda)).toBe(true);
    const configAccount = await test.connection.getAccountInfo(configPda);
    expect(configAccount?.owner.equals(PROGRAM_ID)).toBe(true);
    const config = decodeConfig(configAccount!.data);
    expect(config.admin.equals(test.admin.publicKey)).toBe(true);
    expect(config.treasury.equals(test.admin.publicKey)).toBe(true);
    expect(config.feeBps).toBe(DEFAULT_CONFIG.feeBps);
  });

  it('gives programs a clock that follows wall time', async () => {
    // the program saw the clock when it initialised its config: its ConfigUpdated event carries the time
    const [configPda] = findConfigPda();
    const [initialisation] = await test.connection.getSignaturesForAddress(configPda);
    const tx = await test.connection.getTransaction(initialisation!.signature, { maxSupportedTransactionVersion: 0 });
    const events = parseEvents(tx?.meta?.logMessages ?? []);
    const configUpdated = events.find((event) => event.name === 'ConfigUpdated');
    if (configUpdated?.name !== 'ConfigUpdated') throw new Error('no ConfigUpdated event in the initialisation logs');
    const seen = Number(configUpdated.data.timestamp);
    expect(seen).toBeGreaterThanOrEqual(startedBetween[0]);
    expect(seen).toBeLessThanOrEqual(startedBetween[1]);
    expect(seen).toBe(tx?.blockTime);

    // The Clock sysvar as of the latest transaction: slot and unix time, read from the system clock as it lands.
    // The system clock is set an hour ahead (nothing else is faked), so the time cannot be left from before.
    const later = (seen + 3600) * 1000 + 500;
    vi.useFakeTimers({ toFake: ['Date'], now: later });
    try {
      await test.localnet.faucet(Keypair.generate().publicKey, { sol: BigInt(LAMPORTS_PER_SOL) });
    } finally {
      vi.useRealTimers();
    }
    const clock = await test.connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY);
    const view = new DataView(clock!.data.buffer, clock!.data.byteOffset, clock!.data.byteLength);
    expect(Number(view.getBigUint64(0, true))).toBe(await test.connection.getSlot());
    expect(Number(view.getBigInt64(32, true))).toBe(seen + 3600);
  });
});

describe('a clock given to the localnet', () => {
  it('is the time programs see, and moving it forward moves their clock', async () => {
    let nowMs = Date.UTC(2030, 0, 1, 12, 0, 0, 250);
    const test = await startTestLocalnet({ now: () => nowMs });
    try {
      const clockTime = async () => {
        const clock = await test.connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY);
        return Number(Buffer.from(clock!.data).readBigInt64LE(32));
      };
      await test.localnet.faucet(Keypair.generate().publicKey, { sol: BigInt(LAMPORTS_PER_SOL) });
      expect(await clockTime()).toBe(Date.UTC(2030, 0, 1, 12, 0, 0) / 1000);
      nowMs += 90_000;
      const signature = await test.localnet.faucet(Keypair.generate().publicKey, { sol: BigInt(LAMPORTS_PER_SOL) });
      expect(await clockTime()).toBe(Date.UTC(2030, 0, 1, 12, 1, 30) / 1000);
      expect((await test.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))?.blockTime).toBe(
        Date.UTC(2030, 0, 1, 12, 1, 30) / 1000,
      );
    } finally {
      await test.dispose();
    }
  });
});

describe('dev faucet', () => {
  let test: TestLocalnet;
  beforeAll(async () => {
    test = await startTestLocalnet();
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('sends SOL, USDC and USDT through the exported faucet(), creating the token accounts', async () => {
    const wallet = Keypair.generate().publicKey;
    await test.localnet.faucet(wallet, { sol: 2n * BigInt(LAMPORTS_PER_SOL), usdc: 1_500_000n, usdt: 42n });
    expect(await test.connection.getBalance(wallet)).toBe(2 * LAMPORTS_PER_SOL);
    expect((await getAccount(test.connection, getAssociatedTokenAddressSync(USDC, wallet))).amount).toBe(1_500_000n);
    expect((await getAccount(test.connection, getAssociatedTokenAddressSync(USDT, wallet))).amount).toBe(42n);
    // again: the token accounts exist already, balances add up
    await test.localnet.faucet(wallet, { usdc: 500_000n });
    expect((await test.connection.getTokenAccountBalance(getAssociatedTokenAddressSync(USDC, wallet))).value.uiAmountString).toBe('2');
  });

  it('answers the jelly_faucet JSON-RPC method with the signature', async () => {
    const wallet = Keypair.generate().publicKey;
    const response = await rpc(test.localnet.rpcUrl, 'jelly_faucet', { wallet: wallet.toBase58(), sol: '1000000000', usdt: '7000000' });
    const { signature } = response.result as { signature: string };
    expect((await test.connection.getSignatureStatus(signature)).value?.err).toBeNull();
    expect((await test.connection.getTokenAccountBalance(getAssociatedTokenAddressSync(USDT, wallet))).value.amount).toBe('7000000');
    const positional = await rpc(test.localnet.rpcUrl, 'jelly_faucet', [{ wallet: wallet.toBase58(), usdc: '1' }]);
    expect(positional.error).toBeUndefined();
  });

  it('funds wallets that are PDAs (off-curve owners)', async () => {
    const [pda] = PublicKey.findProgramAddressSync([Buffer.from('vault-owner')], PROGRAM_ID);
    await test.localnet.faucet(pda, { usdc: 10n });
    expect((await getAccount(test.connection, getAssociatedTokenAddressSync(USDC, pda, true))).amount).toBe(10n);
  });

  it('refuses amounts above its limits, negative or empty requests, and bad wallets', async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    const tooMuch = await rpc(test.localnet.rpcUrl, 'jelly_faucet', { wallet, usdc: '1000000000001' });
    expect(tooMuch.error?.code).toBe(-32602);
    expect(tooMuch.error?.message).toContain('faucet limit');
    expect((await rpc(test.localnet.rpcUrl, 'jelly_faucet', { wallet, sol: '-1' })).error?.code).toBe(-32602);
    expect((await rpc(test.localnet.rpcUrl, 'jelly_faucet', { wallet })).error?.code).toBe(-32602);
    expect((await rpc(test.localnet.rpcUrl, 'jelly_faucet', { wallet: 'not-a-key', sol: '1' })).error?.code).toBe(-32602);
    expect((await rpc(test.localnet.rpcUrl, 'jelly_faucet', { wallet, sol: '1000', extra: 1 })).error?.code).toBe(-32602);
    await expect(test.localnet.faucet(new PublicKey(wallet), { sol: 2_000n * BigInt(LAMPORTS_PER_SOL) })).rejects.toThrow('faucet limit');
    expect(await test.connection.getBalance(new PublicKey(wallet))).toBe(0);
  });
});
