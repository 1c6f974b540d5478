import {
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createMint,
  createSyncNativeInstruction,
  getAssociatedTokenAddressSync,
  getAccount,
  getOrCreateAssociatedTokenAccount,
  mintTo,
  transfer,
} from '@solana/spl-token';
import { Keypair, SystemProgram, Transaction, sendAndConfirmTransaction, type ParsedAccountData, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedKeypair, rpc, startTestLocalnet, type TestLocalnet } from './helpers.ts';

describe('SPL tokens', () => {
  let test: TestLocalnet;
  let payer: Keypair;
  let mint: PublicKey;
  let alice: Keypair;
  let bob: Keypair;

  beforeAll(async () => {
    test = await startTestLocalnet();
    payer = await fundedKeypair(test, 100);
    alice = await fundedKeypair(test);
    bob = Keypair.generate();
    mint = await createMint(test.connection, payer, payer.publicKey, null, 9);
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('mints and transfers tokens with @solana/spl-token, and reports exact balances', async () => {
    const from = await getOrCreateAssociatedTokenAccount(test.connection, payer, mint, alice.publicKey);
    const to = await getOrCreateAssociatedTokenAccount(test.connection, payer, mint, bob.publicKey);
    await mintTo(test.connection, payer, mint, from.address, payer, 5_000_000_000n);
    const signature = await transfer(test.connection, payer, from.address, to.address, alice, 1_250_000_001n);

    expect((await getAccount(test.connection, from.address)).amount).toBe(3_749_999_999n);
    expect((await getAccount(test.connection, to.address)).amount).toBe(1_250_000_001n);
    const balance = await test.connection.getTokenAccountBalance(to.address);
    expect(balance.value).toEqual({ amount: '1250000001', decimals: 9, uiAmount: 1.250000001, uiAmountString: '1.250000001' });
    const supply = await test.connection.getTokenSupply(mint);
    expect(supply.value.amount).toBe('5000000000');
    expect(supply.value.uiAmountString).toBe('5');

    const tx = await test.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    const post = tx?.meta?.postTokenBalances?.find((entry) => entry.owner === bob.publicKey.toBase58());
    const pre = tx?.meta?.preTokenBalances?.find((entry) => entry.owner === bob.publicKey.toBase58());
    expect(pre?.uiTokenAmount.amount).toBe('0');
    expect(post).toMatchObject({ mint: mint.toBase58(), programId: TOKEN_PROGRAM_ID.toBase58(), uiTokenAmount: { amount: '1250000001', decimals: 9 } });
  });

  it('lists token accounts by owner, by mint and by program, jsonParsed and base64', async () => {
    const byMint = await test.connection.getParsedTokenAccountsByOwner(alice.publicKey, { mint });
    expect(byMint.value).toHaveLength(1);
    const parsed = byMint.value[0]!.account.data as ParsedAccountData;
    expect(parsed.program).toBe('spl-token');
    expect(parsed.space).toBe(165);
    expect(parsed.parsed).toMatchObject({
      type: 'account',
      info: {
        isNative: false,
        mint: mint.toBase58(),
        owner: alice.publicKey.toBase58(),
        state: 'initialized',
        tokenAmount: { amount: '3749999999', decimals: 9, uiAmountString: '3.749999999' },
      },
    });

    const byProgram = await test.connection.getTokenAccountsByOwner(bob.publicKey, { programId: TOKEN_PROGRAM_ID });
    expect(byProgram.value).toHaveLength(1);
    expect(byProgram.value[0]!.account.data).toHaveLength(165);
    expect(byProgram.value[0]!.account.owner.equals(TOKEN_PROGRAM_ID)).toBe(true);

    const stranger = Keypair.generate().publicKey;
    expect((await test.connection.getParsedTokenAccountsByOwner(stranger, { mint })).value).toEqual([]);
    const badMint = await rpc(test.localnet.rpcUrl, 'getTokenAccountsByOwner', [stranger.toBase58(), { mint: stranger.toBase58() }, { encoding: 'jsonParsed' }]);
    expect(badMint.error?.code).toBe(-32602);
  });

  it('parses mints with jsonParsed', async () => {
    const info = await test.connection.getParsedAccountInfo(mint);
    expect((info.value?.data as ParsedAccountData).parsed).toEqual({
      type: 'mint',
      info: { decimals: 9, freezeAuthority: null, isInitialized: true, mintAuthority: payer.publicKey.toBase58(), supply: '5000000000' },
    });
  });

  it('reads 99 accounts in one getMultipleAccounts call and refuses more than 100', async () => {
    const existing = [mint, payer.publicKey, alice.publicKey];
    const keys = [...existing, ...Array.from({ length: 96 }, () => Keypair.generate().publicKey)];
    const infos = await test.connection.getMultipleAccountsInfo(keys);
    expect(infos).toHaveLength(99);
    expect(infos[0]?.owner.equals(TOKEN_PROGRAM_ID)).toBe(true);
    expect(infos[1]?.lamports).toBe(await test.connection.getBalance(payer.publicKey));
    expect(infos.slice(3).every((info) => info === null)).toBe(true);

    const parsed = await test.connection.getMultipleParsedAccounts(keys.slice(0, 2));
    expect((parsed.value[0]?.data as ParsedAccountData).parsed).toMatchObject({ type: 'mint' });

    const tooMany = await rpc(test.localnet.rpcUrl, 'getMultipleAccounts', [
      Array.from({ length: 101 }, () => Keypair.generate().publicKey.toBase58()),
      { encoding: 'base64' },
    ]);
    expect(tooMany.error).toMatchObject({ code: -32602, message: 'Too many inputs provided; max 100' });
  });

  it('wraps SOL into the native mint', async () => {
    const wsol = getAssociatedTokenAddressSync(NATIVE_MINT, alice.publicKey);
    await sendAndConfirmTransaction(
      test.connection,
      new Transaction().add(
        createAssociatedTokenAccountIdempotentInstruction(alice.publicKey, wsol, alice.publicKey, NATIVE_MINT),
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: wsol, lamports: 1_500_000_000 }),
        createSyncNativeInstruction(wsol),
      ),
      [alice],
    );
    expect((await test.connection.getTokenAccountBalance(wsol)).value).toMatchObject({ amount: '1500000000', decimals: 9 });
    const parsed = (await test.connection.getParsedAccountInfo(wsol)).value?.data as ParsedAccountData;
    expect(parsed.parsed).toMatchObject({ info: { isNative: true, rentExemptReserve: { amount: '2039280' } } });
  });

  it('errors on getTokenAccountBalance of an account that is not a token account', async () => {
    const response = await rpc(test.localnet.rpcUrl, 'getTokenAccountBalance', [payer.publicKey.toBase58()]);
    expect(response.error).toMatchObject({ code: -32602, message: 'Invalid param: not a Token account' });
  });
});
