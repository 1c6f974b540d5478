// The swap co-signer under attack: hostile transactions signed by real wallets against a real localnet. Each one is
// refused with a clear 4xx and leaves every balance (the user's, the attacker's, the desk's, the admin's) exactly as
// it was, to the lamport and base unit; the honest swap still works afterwards.
import type { SwapQuote } from '@jelly/contracts';
import { SWAP_MESSAGES } from '@jelly/domain';
import {
  AuthorityType,
  createApproveInstruction,
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSetAuthorityInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { errorOf } from '../orders/testing.ts';
import { SWAP_FEE_PAYER, SWAP_SIGNERS, SWAP_USER_SIGNATURE } from './cosigner/check-swap-signers.ts';
import { COMPUTE_BUDGET_SHAPE } from './cosigner/compute-budget.ts';
import { DEFAULT_DESK_CONFIG } from './desk-config.ts';
import { NOT_YOUR_QUOTE } from './cosigner/quote-owner.ts';
import { OTHER_BLOCKHASH } from './cosigner/same-blockhash.ts';
import { TRANSFERS_DIFFER } from './cosigner/same-transfers.ts';
import { SOL, USDC, USDT, postSubmit, quote, signQuote, snapshot, submit, swapper, type Swapper } from './testing.ts';

let t: ChainTestApp;
let alice: Swapper;
let mallory: Swapper;
let deskKey: PublicKey;

const usdt = new PublicKey(USDT);
const usdc = new PublicKey(USDC);
const ata = (mint: PublicKey, owner: PublicKey) => getAssociatedTokenAddressSync(mint, owner, true);
const admin = () => t.chain.admin.publicKey;

beforeAll(async () => {
  // the per-IP limits of quote and submit are tested on their own; this corpus sends many from one address
  t = await createChainTestApp({ config: { swap: { ...DEFAULT_DESK_CONFIG, quotesPerMinute: 10_000, submitsPerMinute: 10_000, processingSweepMs: 0, quoteSweepMs: 0 } } });
  alice = await swapper(t, { sol: 1_000_000_000n, usdt: 1_000_000_000n, usdc: 1_000_000n });
  mallory = await swapper(t, { sol: 1_000_000_000n, usdt: 1_000_000_000n, usdc: 1_000_000n });
  deskKey = (t.app.desk as NonNullable<typeof t.app.desk>).key.publicKey;
});
afterAll(async () => {
  await t.close();
});

const everyone = () => ({ alice: alice.key, mallory: mallory.key, desk: deskKey, admin: admin() });

/** The quote's instructions, as a client would decompile them. */
function decompiled(q: SwapQuote): { payer: PublicKey; blockhash: string; instructions: TransactionInstruction[] } {
  const message = VersionedMessage.deserialize(Buffer.from(q.transaction, 'base64').subarray(1 + 64 * 3));
  const d = TransactionMessage.decompile(message);
  return { payer: d.payerKey, blockhash: d.recentBlockhash, instructions: d.instructions };
}

/** A transaction of the given instructions, signed by `signers` (the rest of the slots empty), base64. */
function build(
  instructions: TransactionInstruction[],
  signers: Keypair[],
  options: { payer?: PublicKey; blockhash?: string; lookupTables?: AddressLookupTableAccount[] } = {},
  q?: SwapQuote,
): string {
  const base = q ? decompiled(q) : undefined;
  const message = new TransactionMessage({
    payerKey: options.payer ?? base?.payer ?? admin(),
    recentBlockhash: options.blockhash ?? base?.blockhash ?? '',
    instructions,
  });
  const compiled = options.lookupTables ? message.compileToV0Message(options.lookupTables) : message.compileToLegacyMessage();
  const tx = new VersionedTransaction(compiled);
  tx.sign(signers);
  return Buffer.from(tx.serialize()).toString('base64');
}

/** The quote's instructions without its compute-unit limit. */
const nonBudget = (q: SwapQuote) => decompiled(q).instructions.filter((ix) => !ix.programId.equals(ComputeBudgetProgram.programId));
const userLeg = (q: SwapQuote) => decompiled(q).instructions.at(-2) as TransactionInstruction;
const deskLeg = (q: SwapQuote) => decompiled(q).instructions.at(-1) as TransactionInstruction;
const deskSol = (to: PublicKey, lamports: bigint) => SystemProgram.transfer({ fromPubkey: deskKey, toPubkey: to, lamports });
const userUsdt = (to: PublicKey, amount: bigint, owner = alice) =>
  createTransferCheckedInstruction(ata(usdt, owner.key), usdt, ata(usdt, to), owner.key, amount, 6);

interface HostileCase {
  name: string;
  /** What the attacker sends for a fresh 25 USDT → SOL quote of Alice's (or Mallory's when `by` says so). */
  tx: (q: SwapQuote) => string;
  by?: () => Swapper;
  status: number;
  message: string | RegExp;
  before?: () => void;
  after?: () => void;
}

const cases: HostileCase[] = [
  { name: 'the user sends less than quoted', tx: (q) => build([userUsdt(deskKey, 24_000_000n), deskLeg(q)], [alice.keypair], {}, q), status: 400, message: TRANSFERS_DIFFER },
  { name: 'the desk sends more than quoted', tx: (q) => build([userLeg(q), deskSol(alice.key, BigInt(q.outAmount) + 1n)], [alice.keypair], {}, q), status: 400, message: TRANSFERS_DIFFER },
  {
    name: 'another input mint (USDC for USDT)',
    tx: (q) => build([createTransferCheckedInstruction(ata(usdc, alice.key), usdc, ata(usdc, deskKey), alice.key, 25_000_000n, 6), deskLeg(q)], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  { name: "the desk's leg paid to another owner", tx: (q) => build([userLeg(q), deskSol(mallory.key, BigInt(q.outAmount))], [alice.keypair], {}, q), status: 400, message: TRANSFERS_DIFFER },
  { name: "the user's leg paid to another owner", tx: (q) => build([userUsdt(mallory.key, 25_000_000n), deskLeg(q)], [alice.keypair], {}, q), status: 400, message: TRANSFERS_DIFFER },
  { name: "the user's leg left out", tx: (q) => build([deskLeg(q)], [alice.keypair], {}, q), status: 400, message: TRANSFERS_DIFFER },
  { name: "the desk's leg left out", tx: (q) => build([userLeg(q)], [alice.keypair], {}, q), status: 400, message: SWAP_SIGNERS },
  { name: 'an extra SOL transfer out of the desk', tx: (q) => build([userLeg(q), deskLeg(q), deskSol(alice.key, 1_000n)], [alice.keypair], {}, q), status: 400, message: TRANSFERS_DIFFER },
  {
    name: 'an extra token transfer out of the desk',
    tx: (q) => build([userLeg(q), deskLeg(q), createTransferCheckedInstruction(ata(usdc, deskKey), usdc, ata(usdc, alice.key), deskKey, 1n, 6)], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  {
    name: "an extra transfer of the admin's SOL",
    tx: (q) => build([userLeg(q), deskLeg(q), SystemProgram.transfer({ fromPubkey: admin(), toPubkey: alice.key, lamports: 1_000n })], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  {
    name: 'an extra memo',
    tx: (q) => build([userLeg(q), deskLeg(q), new TransactionInstruction({ programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), keys: [], data: Buffer.from('hi') })], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  { name: 'the user as fee payer', tx: (q) => build(decompiled(q).instructions, [alice.keypair], { payer: alice.key }, q), status: 400, message: SWAP_FEE_PAYER },
  {
    name: 'another wallet as fee payer',
    tx: (q) => build(decompiled(q).instructions, [alice.keypair, mallory.keypair], { payer: mallory.key }, q),
    status: 400,
    message: SWAP_FEE_PAYER,
  },
  { name: "without the user's signature", tx: (q) => build(decompiled(q).instructions, [], {}, q), status: 403, message: SWAP_USER_SIGNATURE },
  { name: 'signed by another key than the quote names', tx: (q) => build(decompiled(q).instructions, [], {}, q).replace(/^A/, 'A'), status: 403, message: SWAP_USER_SIGNATURE },
  { name: "another wallet submits Alice's quote", tx: (q) => signQuote(q, alice.keypair), by: () => mallory, status: 403, message: NOT_YOUR_QUOTE },
  {
    name: 'a fresher blockhash (living past the quote)',
    tx: (q) => build(decompiled(q).instructions, [alice.keypair], { blockhash: Keypair.generate().publicKey.toBase58() }, q),
    status: 400,
    message: OTHER_BLOCKHASH,
  },
  {
    name: 'a compute-unit limit above the cap',
    tx: (q) => build([ComputeBudgetProgram.setComputeUnitLimit({ units: 1_400_000 }), ...nonBudget(q)], [alice.keypair], {}, q),
    status: 400,
    message: 'The compute-unit limit may be at most 200000.',
  },
  {
    name: 'a compute-unit price above the cap',
    tx: (q) => build([ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 }), ...decompiled(q).instructions], [alice.keypair], {}, q),
    status: 400,
    message: 'The compute-unit price may be at most 50000 micro-lamports.',
  },
  {
    // the quote's limit taken out, the runtime's default (200,000 per instruction) applies: 50,000 µlamports × 800,000
    name: 'a priority fee above the cap (a price without a limit)',
    tx: (q) => build([ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 50_000 }), ...nonBudget(q)], [alice.keypair], {}, q),
    status: 400,
    message: 'The priority fee may be at most 10000 lamports (compute-unit price × limit); this one is 40000.',
  },
  {
    name: 'two compute-unit limits',
    tx: (q) =>
      build([ComputeBudgetProgram.setComputeUnitLimit({ units: 1_000 }), ComputeBudgetProgram.setComputeUnitLimit({ units: 2_000 }), ...decompiled(q).instructions], [alice.keypair], {}, q),
    status: 400,
    message: COMPUTE_BUDGET_SHAPE,
  },
  {
    name: "closing the desk's token account",
    tx: (q) => build([...decompiled(q).instructions, createCloseAccountInstruction(ata(usdc, deskKey), alice.key, deskKey)], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  {
    name: "approving a delegate on the desk's token account",
    tx: (q) => build([...decompiled(q).instructions, createApproveInstruction(ata(usdc, deskKey), alice.key, deskKey, 1_000_000n)], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  {
    name: "taking over the desk's token account",
    tx: (q) => build([...decompiled(q).instructions, createSetAuthorityInstruction(ata(usdc, deskKey), deskKey, AuthorityType.AccountOwner, alice.key)], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  {
    name: "a token account for the user paid by the admin",
    tx: (q) => build([createAssociatedTokenAccountIdempotentInstruction(admin(), ata(new PublicKey(USDC), Keypair.generate().publicKey), alice.key, usdc), ...decompiled(q).instructions], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  {
    name: 'a durable-nonce advance',
    tx: (q) => build([SystemProgram.nonceAdvance({ noncePubkey: Keypair.generate().publicKey, authorizedPubkey: alice.key }), ...decompiled(q).instructions], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  {
    name: 'the legs in another order',
    tx: (q) => build([deskLeg(q), userLeg(q)], [alice.keypair], {}, q),
    status: 400,
    message: TRANSFERS_DIFFER,
  },
  {
    name: 'an address lookup table hiding accounts',
    tx: (q) =>
      build(decompiled(q).instructions, [alice.keypair], {
        lookupTables: [new AddressLookupTableAccount({ key: Keypair.generate().publicKey, state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: [ata(usdt, deskKey)] } })],
      }, q),
    status: 400,
    message: 'Address lookup tables are not accepted: every account must be listed in the transaction.',
  },
  { name: 'not a transaction at all', tx: () => 'AAAA', status: 400, message: 'The transaction could not be decoded.' },
];

describe('the swap co-signer refuses', () => {
  it.each(cases)('$name', async (c) => {
    const q = await quote(t, alice, USDT, SOL, 25_000_000n);
    const before = await snapshot(t, everyone());
    c.before?.();
    const response = await postSubmit(t, (c.by ?? (() => alice))(), q.quoteToken, c.tx(q));
    c.after?.();
    const error = errorOf(response);
    expect(error.status, error.message).toBe(c.status);
    if (typeof c.message === 'string') expect(error.message).toBe(c.message);
    else expect(error.message).toMatch(c.message);
    expect(await snapshot(t, everyone())).toEqual(before);
    // the quote is still unspent: the honest transaction would be co-signed (not done here to keep balances still)
    const listed = await t.app.inject({ method: 'GET', url: '/api/swaps', headers: alice.headers });
    expect(listed.json<{ data: { quoteId: string }[] }>().data.some((s) => s.quoteId === q.quoteId)).toBe(false);
  });

  it('a quote after it expired, then a fresh quote goes through', async () => {
    const q = await quote(t, alice, USDT, SOL, 25_000_000n);
    const before = await snapshot(t, everyone());
    t.clock.advance(30_001);
    const response = await postSubmit(t, alice, q.quoteToken, signQuote(q, alice.keypair));
    expect(errorOf(response)).toMatchObject({ status: 409, message: SWAP_MESSAGES.quote_expired });
    expect(await snapshot(t, everyone())).toEqual(before);
    const fresh = await quote(t, alice, USDT, SOL, 25_000_000n);
    expect((await submit(t, alice, fresh)).swap.status).toBe(1);
  });

  it('a price that moved beyond the band since the quote', async () => {
    const q = await quote(t, alice, USDT, SOL, 25_000_000n);
    const before = await snapshot(t, everyone());
    const feed = t.app.priceFeed;
    const original = feed.cryptoUsd;
    feed.cryptoUsd = async (symbol) => (symbol === 'SOL' ? { value: '146.1', asOf: new Date() } : original(symbol));
    try {
      const response = await postSubmit(t, alice, q.quoteToken, signQuote(q, alice.keypair));
      expect(errorOf(response)).toMatchObject({ status: 409, message: SWAP_MESSAGES.price_moved });
    } finally {
      feed.cryptoUsd = original;
    }
    expect(await snapshot(t, everyone())).toEqual(before);
  });

  it('an unknown quote, and a replay of a settled swap under a new quote', async () => {
    const unknown = await postSubmit(t, alice, crypto.randomUUID(), 'AAAA');
    expect(errorOf(unknown)).toMatchObject({ status: 404, message: SWAP_MESSAGES.quote_not_found });

    const first = await quote(t, alice, USDT, SOL, 25_000_000n);
    const signed = signQuote(first, alice.keypair);
    expect((await postSubmit(t, alice, first.quoteToken, signed)).statusCode).toBe(200);
    const second = await quote(t, alice, USDT, SOL, 25_000_000n);
    const before = await snapshot(t, everyone());
    const replay = await postSubmit(t, alice, second.quoteToken, signed);
    expect(errorOf(replay)).toMatchObject({ status: 400, message: OTHER_BLOCKHASH });
    // and the settled quote again: the first record, nothing moves
    const again = await postSubmit(t, alice, first.quoteToken, signed);
    expect(again.json<{ alreadySent: boolean }>().alreadySent).toBe(true);
    expect(await snapshot(t, everyone())).toEqual(before);
  });

  it('the same terms quoted twice share a blockhash: their bytes are still two transactions, and one transaction is one record', async () => {
    const before = await snapshot(t, everyone());
    const first = await quote(t, alice, USDT, SOL, 3_000_000n);
    const second = await quote(t, alice, USDT, SOL, 3_000_000n);
    expect(decompiled(second).blockhash).toBe(decompiled(first).blockhash);
    expect(second.transaction).not.toBe(first.transaction); // the per-quote compute-unit limit
    // the first quote's bytes sent under the second quote: co-signed once, recorded under the second
    const firstBytes = signQuote(first, alice.keypair);
    const landed = await postSubmit(t, alice, second.quoteToken, firstBytes);
    expect(landed.json<{ swap: { status: number; quoteId: string } }>().swap).toMatchObject({ status: 1, quoteId: second.quoteId });
    // the same bytes under the first quote: the same transaction, so its record, and nothing moves again
    const again = await postSubmit(t, alice, first.quoteToken, firstBytes);
    expect(again.json<{ alreadySent: boolean; swap: { quoteId: string } }>()).toMatchObject({ alreadySent: true, swap: { quoteId: second.quoteId } });
    const out = BigInt(first.outAmount);
    const after = await snapshot(t, everyone());
    expect({ ...after, 'admin.SOL': before['admin.SOL'] }).toEqual({
      ...before,
      'alice.USDT': (before['alice.USDT'] as bigint) - 3_000_000n,
      'alice.SOL': (before['alice.SOL'] as bigint) + out,
      'desk.USDT': (before['desk.USDT'] as bigint) + 3_000_000n,
      'desk.SOL': (before['desk.SOL'] as bigint) - out,
    });
    expect((before['admin.SOL'] as bigint) - (after['admin.SOL'] as bigint)).toBe(15_000n);
  });

  it('a wallet that emptied itself after the quote: refused in simulation as an insufficient balance, recorded Failed', async () => {
    const q = await quote(t, mallory, USDT, SOL, 25_000_000n);
    // Mallory moves her USDT away (she pays this fee herself)
    const away = build([userUsdt(alice.key, 1_000_000_000n, mallory)], [mallory.keypair], { payer: mallory.key, blockhash: decompiled(q).blockhash });
    await t.chain.connection.sendRawTransaction(Buffer.from(away, 'base64'));
    await new Promise<void>((resolve) => {
      const poll = async () => ((await snapshot(t, { m: mallory.key }))['m.USDT'] === 0n ? resolve() : setTimeout(poll, 50));
      void poll();
    });
    const before = await snapshot(t, everyone());
    const response = await postSubmit(t, mallory, q.quoteToken, signQuote(q, mallory.keypair));
    expect(errorOf(response)).toMatchObject({ status: 409, message: SWAP_MESSAGES.insufficient_balance });
    expect(await snapshot(t, everyone())).toEqual(before);
    const listed = await t.app.inject({ method: 'GET', url: '/api/swaps?Status=2', headers: mallory.headers });
    expect(listed.json<{ data: { quoteId: string; status: number }[] }>().data).toEqual([expect.objectContaining({ quoteId: q.quoteId, status: 2 })]);
  });
});
