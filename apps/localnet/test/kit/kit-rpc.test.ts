import { approve, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import {
  address as toAddress,
  assertIsTransactionWithBlockhashLifetime,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  sendAndConfirmTransactionFactory,
  SOLANA_ERROR__JSON_RPC__INVALID_REQUEST,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  type Address,
  type Base64EncodedWireTransaction,
  type KeyPairSigner,
  type Signature,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rpcMethods, type RpcContext } from '../../src/rpc-methods/index.ts';
import { BLOCKHASH_VALIDITY_BLOCKS } from '../../src/chain/block-ledger.ts';
import { fundedKeypair, manualSlotClock, rpc as rawRpc, startTestLocalnet, type TestLocalnet } from '../helpers.ts';
import { fundedSigner, kitClients, kitTransfer, type KitRpc } from './kit-client.ts';
import * as shape from './shapes.ts';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;

describe('the localnet through @solana/kit: every JSON-RPC method, checked against the documented shape', () => {
  const called = new Set<string>();
  const slots = manualSlotClock();
  let test: TestLocalnet;
  let rpc: KitRpc;
  let payer: KeyPairSigner;
  let tokenOwner: Keypair;
  let delegate: Keypair;
  let usdc: Address;
  let ownerAta: Address;
  let transfer: Awaited<ReturnType<typeof kitTransfer>>;
  let signature: Signature;

  /** Sends a kit request and records the method as covered. */
  const send = <T>(method: string, request: { send(): Promise<T> }): Promise<T> => {
    called.add(method);
    return request.send();
  };
  const refusal = async (method: string, request: { send(): Promise<unknown> }) => {
    called.add(method);
    return request.send().then(
      () => {
        throw new Error(`${method} answered where a node refuses`);
      },
      (error: unknown) => error,
    );
  };

  beforeAll(async () => {
    test = await startTestLocalnet({ slotClock: slots.clock });
    const clients = kitClients(test);
    rpc = clients.rpc;
    payer = await fundedSigner(test, 5_000_000_000n);
    tokenOwner = await fundedKeypair(test, 2);
    delegate = Keypair.generate();
    usdc = toAddress(test.localnet.mints.USDC.toBase58());
    await test.localnet.faucet(tokenOwner.publicKey, { usdc: 7_500_000n });
    const ata = getAssociatedTokenAddressSync(test.localnet.mints.USDC, tokenOwner.publicKey);
    ownerAta = toAddress(ata.toBase58());
    await approve(test.connection, tokenOwner, ata, delegate.publicKey, tokenOwner, 1_000_000n);
    transfer = await kitTransfer(rpc, payer, toAddress(Keypair.generate().publicKey.toBase58()), 1_000_000n);
    signature = getSignatureFromTransaction(transfer.signed);
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('simulates the kit transaction with the loaded data size, fee and balances', async () => {
    const { value } = await send('simulateTransaction', rpc.simulateTransaction(transfer.wire, { encoding: 'base64', innerInstructions: true }));
    expect(value.err).toBeNull();
    expect(value.loadedAccountsDataSize).toEqual(expect.any(Number));
    expect(value.unitsConsumed).toBeGreaterThan(0n);
    expect(value.fee).toBe(5_000n);
    expect(value.preBalances?.[0]).toBe(5_000_000_000n);
    expect(value.postBalances?.[0]).toBe(5_000_000_000n - 5_000n - 1_000_000n);
    expect(value.loadedAddresses).toEqual({ writable: [], readonly: [] });
    expect(value.replacementBlockhash).toBeNull();
  });

  it('sends and confirms it with kit (signature subscription, block height watch)', async () => {
    const { rpc: kitRpc, subscriptions } = kitClients(test);
    called.add('sendTransaction').add('getSignatureStatuses').add('getEpochInfo');
    assertIsTransactionWithBlockhashLifetime(transfer.signed);
    await sendAndConfirmTransactionFactory({ rpc: kitRpc, rpcSubscriptions: subscriptions })(transfer.signed, { commitment: 'confirmed' });
    const statuses = await send('getSignatureStatuses', rpc.getSignatureStatuses([signature]));
    expect(statuses.value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', slot: expect.any(BigInt) });
  });

  it('reports the transaction with its cost units, as a v0 transaction only when the client says it reads v0', async () => {
    const found = await send('getTransaction', rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }));
    expect(found?.version).toBe(0);
    shape.transactionMeta.parse(found?.meta);
    expect(found?.meta?.costUnits).toBeGreaterThan(found?.meta?.computeUnitsConsumed ?? 0n);
    const refused = await refusal('getTransaction', rpc.getTransaction(signature, { encoding: 'json' }));
    expect(isSolanaError(refused, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION)).toBe(true);
    const history = await send('getSignaturesForAddress', rpc.getSignaturesForAddress(payer.address, { limit: 5 }));
    expect(history[0]).toMatchObject({ signature, err: null, memo: null, confirmationStatus: 'finalized' });
  });

  it('serves the block holding it in every transactionDetails mode', async () => {
    const { value } = await send('getSignatureStatuses', rpc.getSignatureStatuses([signature]));
    const slot = value[0]?.slot as bigint;
    const full = await send('getBlock', rpc.getBlock(slot, { maxSupportedTransactionVersion: 0, transactionDetails: 'full', encoding: 'json' }));
    z.object({ ...shape.blockBase, rewards: z.array(z.unknown()), transactions: z.array(z.object({ meta: shape.transactionMeta, transaction: z.unknown(), version: z.literal(0) }).strict()) })
      .strict()
      .parse(full);
    expect(full?.transactions[0]?.transaction.signatures).toEqual([signature]);
    expect(full?.parentSlot).toBe(slot - 1n);
    const accounts = await send('getBlock', rpc.getBlock(slot, { maxSupportedTransactionVersion: 0, transactionDetails: 'accounts', rewards: false }));
    expect(accounts?.transactions[0]?.transaction.accountKeys[0]).toEqual({ pubkey: payer.address, signer: true, writable: true, source: 'transaction' });
    const signatures = await send('getBlock', rpc.getBlock(slot, { transactionDetails: 'signatures', rewards: false }));
    z.object({ ...shape.blockBase, signatures: z.array(shape.signature) }).strict().parse(signatures);
    const none = await send('getBlock', rpc.getBlock(slot, { transactionDetails: 'none', rewards: false }));
    z.object(shape.blockBase).strict().parse(none);
    const refused = await refusal('getBlock', rpc.getBlock(slot, { transactionDetails: 'full', rewards: false }));
    expect(isSolanaError(refused, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION)).toBe(true);
    expect(await send('getBlockTime', rpc.getBlockTime(slot))).toBe(full?.blockTime);
    expect(await send('getBlocks', rpc.getBlocks(slot - 2n, slot))).toEqual([slot - 2n, slot - 1n, slot]);
    expect(await send('getBlocksWithLimit', rpc.getBlocksWithLimit(slot - 1n, 2))).toEqual([slot - 1n, slot]);
  });

  it('reads accounts in every encoding, with rentEpoch as the exact u64::MAX', async () => {
    const base64 = await send('getAccountInfo', rpc.getAccountInfo(usdc, { encoding: 'base64' }));
    shape.withContext(shape.base64Account).parse(base64);
    const base58 = await send('getAccountInfo', rpc.getAccountInfo(usdc, { encoding: 'base58' }));
    shape.withContext(shape.base58Account).parse(base58);
    const parsed = await send('getAccountInfo', rpc.getAccountInfo(ownerAta, { encoding: 'jsonParsed' }));
    shape.withContext(shape.parsedAccount).parse(parsed);
    const many = await send('getMultipleAccounts', rpc.getMultipleAccounts([usdc, payer.address], { encoding: 'base64' }));
    shape.withContext(z.array(shape.base64Account)).parse(many);
    const balance = await send('getBalance', rpc.getBalance(payer.address));
    shape.withContext(shape.u64).parse(balance);
    const owned = await send(
      'getProgramAccounts',
      rpc.getProgramAccounts(TOKEN_PROGRAM, {
        encoding: 'base64',
        withContext: true,
        filters: [{ dataSize: 165n }, { memcmp: { offset: 32n, bytes: tokenOwner.publicKey.toBase58() as never, encoding: 'base58' } }],
      }),
    );
    shape.withContext(z.array(shape.keyedAccount(shape.base64Account)).length(1)).parse(owned);
  });

  it('refuses jsonParsed with a data slice, like a node', async () => {
    const slice = { encoding: 'jsonParsed', dataSlice: { offset: 0, length: 8 } } as const;
    const refusals = [
      await refusal('getAccountInfo', rpc.getAccountInfo(usdc, slice)),
      await refusal('getMultipleAccounts', rpc.getMultipleAccounts([usdc], slice)),
      await refusal('getProgramAccounts', rpc.getProgramAccounts(TOKEN_PROGRAM, slice)),
      await refusal('getTokenAccountsByOwner', rpc.getTokenAccountsByOwner(toAddress(tokenOwner.publicKey.toBase58()), { mint: usdc }, slice)),
    ];
    for (const error of refusals) expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__INVALID_REQUEST)).toBe(true);
  });

  it('answers the SPL Token reads: balances, supply, largest holders, accounts by owner and by delegate', async () => {
    const owner = toAddress(tokenOwner.publicKey.toBase58());
    const amount = await send('getTokenAccountBalance', rpc.getTokenAccountBalance(ownerAta));
    shape.withContext(shape.tokenAmount).parse(amount);
    expect(amount.value.amount).toBe('7500000');
    shape.withContext(shape.tokenAmount).parse(await send('getTokenSupply', rpc.getTokenSupply(usdc)));
    const largest = await send('getTokenLargestAccounts', rpc.getTokenLargestAccounts(usdc));
    shape.withContext(z.array(shape.tokenAmount.extend({ address: shape.address }).strict()).min(1).max(20)).parse(largest);
    const amounts = largest.value.map((entry) => BigInt(entry.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const byOwner = await send('getTokenAccountsByOwner', rpc.getTokenAccountsByOwner(owner, { mint: usdc }, { encoding: 'jsonParsed' }));
    shape.withContext(z.array(shape.keyedAccount(shape.parsedAccount)).length(1)).parse(byOwner);
    const delegated = toAddress(delegate.publicKey.toBase58());
    const byDelegate = await send('getTokenAccountsByDelegate', rpc.getTokenAccountsByDelegate(delegated, { programId: TOKEN_PROGRAM }, { encoding: 'base64' }));
    shape.withContext(z.array(shape.keyedAccount(shape.base64Account)).length(1)).parse(byDelegate);
    expect(byDelegate.value[0]?.pubkey).toBe(ownerAta);
    const supply = await send('getSupply', rpc.getSupply());
    shape.withContext(z.object({ total: shape.u64, circulating: shape.u64, nonCirculating: shape.u64, nonCirculatingAccounts: z.array(shape.address) }).strict()).parse(supply);
    expect(supply.value.total).toBeGreaterThan(0n);
  });

  it('answers the cluster methods with their documented shapes', async () => {
    const version = await send('getVersion', rpc.getVersion());
    z.object({ 'solana-core': z.string(), 'feature-set': z.number().int().positive().max(2 ** 32 - 1) }).strict().parse(version);
    expect(await send('getHealth', rpc.getHealth())).toBe('ok');
    shape.address.parse(await send('getGenesisHash', rpc.getGenesisHash()));
    z.object({ identity: shape.address }).strict().parse(await send('getIdentity', rpc.getIdentity()));
    const slot = await send('getSlot', rpc.getSlot());
    expect(await send('getBlockHeight', rpc.getBlockHeight())).toBe(slot);
    shape.u64.parse(await send('getTransactionCount', rpc.getTransactionCount()));
    z.object({ absoluteSlot: shape.u64, blockHeight: shape.u64, epoch: shape.u64, slotIndex: shape.u64, slotsInEpoch: shape.u64, transactionCount: shape.u64 })
      .strict()
      .parse(await send('getEpochInfo', rpc.getEpochInfo()));
    z.object({ slotsPerEpoch: shape.u64, leaderScheduleSlotOffset: shape.u64, warmup: z.boolean(), firstNormalEpoch: shape.u64, firstNormalSlot: shape.u64 })
      .strict()
      .parse(await send('getEpochSchedule', rpc.getEpochSchedule()));
    shape.u64.parse(await send('getFirstAvailableBlock', rpc.getFirstAvailableBlock()));
    shape.u64.parse(await send('minimumLedgerSlot', rpc.minimumLedgerSlot()));
    expect(await send('getMinimumBalanceForRentExemption', rpc.getMinimumBalanceForRentExemption(165n))).toBe(2_039_280n);
    expect(await send('getRecentPrioritizationFees', rpc.getRecentPrioritizationFees([payer.address]))).toEqual([]);
    const fresh = await kitTransfer(rpc, payer, payer.address, 1n);
    const message = Buffer.from(fresh.signed.messageBytes).toString('base64') as TransactionMessageBytesBase64;
    expect((await send('getFeeForMessage', rpc.getFeeForMessage(message))).value).toBe(5_000n);
    const airdrop = await send('requestAirdrop', rpc.requestAirdrop(payer.address, lamports(1_000n)));
    shape.signature.parse(airdrop);
    expect((await rawRpc(test.localnet.rpcUrl, 'jelly_faucet', { wallet: payer.address, sol: '1' })).result).toEqual({ signature: expect.any(String) });
    called.add('jelly_faucet');
  });

  it('moves slots on its clock while idle, so a blockhash expires after 150 blocks', async () => {
    const { value: latest } = await send('getLatestBlockhash', rpc.getLatestBlockhash());
    expect(latest.lastValidBlockHeight).toBe((await rpc.getBlockHeight().send()) + BigInt(BLOCKHASH_VALIDITY_BLOCKS));
    const stale = await kitTransfer(rpc, payer, payer.address, 1n);
    slots.tick(BLOCKHASH_VALIDITY_BLOCKS);
    expect((await send('isBlockhashValid', rpc.isBlockhashValid(latest.blockhash))).value).toBe(true);
    slots.tick(1);
    expect((await rpc.getBlockHeight().send()) > latest.lastValidBlockHeight).toBe(true);
    expect((await rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(false);
    const refused = await refusal('sendTransaction', rpc.sendTransaction(stale.wire as Base64EncodedWireTransaction, { encoding: 'base64' }));
    expect(isSolanaError(refused)).toBe(true);
    const empty = await rpc.getBlock(await rpc.getSlot().send(), { transactionDetails: 'full', maxSupportedTransactionVersion: 0 }).send();
    expect(empty?.transactions).toEqual([]);
  });

  it('was driven through every method the localnet answers', () => {
    // The handler table is built without touching its context: listing it needs no chain.
    const implemented = Object.keys(rpcMethods({} as RpcContext)).sort();
    expect([...called].sort()).toEqual(implemented);
  });
});
