// Attacks: every account of every instruction swapped for an attacker's choice (other owner, other mint,
// fake PDA, other order's accounts, fake token program...), signers dropped, writable flags dropped, the
// counterparty posing as admin, replays, double settlement, re-initialisation, pre-funded PDAs. Each
// attack must fail and leave every account exactly as it was; the legitimate transaction then succeeds.
import { describe, expect, it } from 'vitest';
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import {
  DEFAULT_ESCAPE_AFTER_SECONDS,
  escapeOrderInstruction,
  escapeTicketInstruction,
  findConfigPda,
  partiesResolveTicketInstruction,
} from '../src/client/index.ts';
import { Escrow, type Deal } from './helpers/escrow.ts';
import type { AccountSnapshot, TxResult } from './helpers/chain.ts';

interface World {
  escrow: Escrow;
  seller: Keypair;
  buyer: Keypair;
  attacker: Keypair;
  deal: Deal;
  /** A second, unrelated order with its own locked ticket. */
  other: Deal;
  substitutes: PublicKey[];
}

function world(): World {
  const escrow = new Escrow({ feeBps: 25 });
  const seller = escrow.trader(1_000_000_000n);
  const buyer = escrow.trader(1_000n);
  const attacker = escrow.trader(1_000_000_000n);
  const deal = escrow.sellDeal({ orderId: 1n, ticketId: 1n, seller, buyer, amount: 100_000_000n, offerAmount: 500_000_000n });
  const other = escrow.sellDeal({ orderId: 2n, ticketId: 1n, seller: attacker, buyer, amount: 5_000n, offerAmount: 5_000n });
  expect(escrow.lock(other).ok).toBe(true);

  const otherMint = escrow.chain.createMint();
  const fakeProgram = Keypair.generate().publicKey;
  const attackerOtherMint = escrow.chain.createTokenAccount(otherMint, attacker.publicKey, 1_000_000_000n);
  // a token account with the right mint whose authority is the order PDA, but that is not the vault
  const fakeVault = escrow.chain.createTokenAccount(escrow.mint, escrow.orderPda(1n), 0n, Keypair.generate().publicKey);
  // look-alikes of the program's own accounts, owned by another program
  const clone = (key: PublicKey): PublicKey => {
    const account = escrow.chain.account(key);
    const fake = Keypair.generate().publicKey;
    escrow.chain.setAccount(fake, { lamports: account?.lamports ?? 1_000_000n, owner: fakeProgram, data: account?.data ?? new Uint8Array(253) });
    return fake;
  };
  const substitutes = [
    Keypair.generate().publicKey,
    attacker.publicKey,
    escrow.tokenAccount(attacker.publicKey),
    attackerOtherMint,
    otherMint,
    fakeVault,
    escrow.orderPda(2n),
    escrow.vault(2n),
    escrow.ticketPda(2n, 1n),
    clone(escrow.orderPda(2n)),
    clone(escrow.ticketPda(2n, 1n)),
    clone(findConfigPda(escrow.programId)[0]),
    findConfigPda(escrow.programId)[0],
    escrow.tokenAccount(escrow.treasury.publicKey),
    escrow.tokenAccount(seller.publicKey),
    escrow.tokenAccount(buyer.publicKey),
    escrow.programId,
    TOKEN_PROGRAM_ID,
    PublicKey.default,
  ];
  return { escrow, seller, buyer, attacker, deal, other, substitutes };
}

type Snapshot = Map<string, string>;

const fingerprint = (account: AccountSnapshot | null, withLamports = true): string =>
  account ? `${withLamports ? account.lamports : '-'}|${account.owner}|${Buffer.from(account.data).toString('hex')}` : 'none';

function snapshot(w: World, keys: PublicKey[]): Snapshot {
  const map: Snapshot = new Map();
  for (const key of keys) map.set(key.toBase58(), fingerprint(w.escrow.chain.account(key)));
  return map;
}

/** Every tracked account is byte-for-byte as before; the fee payers (admin, attacker) only lost lamports to fees. */
function expectUnchanged(w: World, before: Snapshot, label: string): void {
  const feePayers = [w.escrow.admin.publicKey.toBase58(), w.attacker.publicKey.toBase58()];
  for (const [key, was] of before) {
    const account = w.escrow.chain.account(new PublicKey(key));
    if (feePayers.includes(key)) {
      expect(fingerprint(account, false), label).toBe(was.replace(/^\d+\|/, '-|'));
      continue;
    }
    const now = fingerprint(account);
    if (now !== was) expect(now, `${label}: account ${key} changed`).toBe(was);
  }
}

function expectRejected(result: TxResult, label: string): void {
  expect(result.ok, `${label} succeeded:\n${result.logs.join('\n')}`).toBe(false);
  const faults = result.logs.filter((l) => /Access violation|exceeded|panicked|Program failed to complete/.test(l));
  expect(faults, label).toEqual([]);
}

function replaceKey(ix: TransactionInstruction, index: number, change: Partial<{ pubkey: PublicKey; isSigner: boolean; isWritable: boolean }>) {
  return new TransactionInstruction({
    programId: ix.programId,
    data: ix.data,
    keys: ix.keys.map((k, i) => (i === index ? { ...k, ...change } : k)),
  });
}

interface Legit {
  ix: TransactionInstruction;
  signers: Keypair[];
  /** Account positions the instruction legitimately ignores in this state. */
  ignored?: number[];
  /** Positions the instruction only reads in this state, so a read-only flag is legitimate. */
  readOnlyOk?: number[];
  /** Signer positions any signer may legitimately take (the admin co-signs the choice). */
  anySigner?: number[];
}

/** Runs every single-account attack on `legit`, then the legitimate transaction itself. */
function attackMatrix(w: World, name: string, legit: Legit): number {
  const { ix, signers } = legit;
  const tracked = [...ix.keys.map((k) => k.pubkey), ...w.substitutes];
  // every attack fails, so the state before the matrix is the state before each attack
  const before = snapshot(w, tracked);
  let attacks = 0;
  ix.keys.forEach((meta, index) => {
    if (legit.ignored?.includes(index)) return;
    for (const substitute of w.substitutes) {
      if (substitute.equals(meta.pubkey)) continue;
      // a signer slot can only be taken by a key the attacker holds
      const attackerSigns = meta.isSigner && substitute.equals(w.attacker.publicKey);
      if (meta.isSigner && (!attackerSigns || legit.anySigner?.includes(index))) continue;
      const mutated = replaceKey(ix, index, { pubkey: substitute });
      const mutatedSigners = attackerSigns ? [...signers.filter((s) => !s.publicKey.equals(meta.pubkey) || s === w.escrow.admin), w.attacker] : signers;
      const label = `${name}: account ${index} -> ${substitute.toBase58()}`;
      expectRejected(w.escrow.chain.send(mutated, dedupe(mutatedSigners)), label);
      expectUnchanged(w, before, label);
      attacks++;
    }
    const flags: Partial<{ isSigner: boolean; isWritable: boolean }>[] = [];
    if (meta.isSigner) flags.push({ isSigner: false });
    if (meta.isWritable && !meta.pubkey.equals(w.escrow.admin.publicKey) && !legit.readOnlyOk?.includes(index)) {
      flags.push({ isWritable: false });
    }
    for (const flag of flags) {
      // a dropped signature is dropped from every slot holding that key
      const mutated =
        flag.isSigner === false
          ? new TransactionInstruction({
              programId: ix.programId,
              data: ix.data,
              keys: ix.keys.map((k) => (k.pubkey.equals(meta.pubkey) ? { ...k, isSigner: false } : k)),
            })
          : replaceKey(ix, index, flag);
      const unsignedAdmin = flag.isSigner === false && meta.pubkey.equals(w.escrow.admin.publicKey);
      // without the admin's signature the attacker pays the fee (a fee payer always signs)
      const stillSigning = unsignedAdmin
        ? [w.attacker, ...signers.filter((s) => s !== w.escrow.admin)]
        : signers.filter((s) => mutated.keys.some((k) => k.isSigner && k.pubkey.equals(s.publicKey)) || s === w.escrow.admin || s === w.attacker);
      const label = `${name}: account ${index} ${JSON.stringify(flag)}`;
      expectRejected(w.escrow.chain.send(mutated, stillSigning), label);
      expectUnchanged(w, before, label);
      attacks++;
    }
  });
  const result = w.escrow.chain.send(ix, signers);
  expect(result.ok, `legitimate ${name} failed: ${result.error}\n${result.logs.join('\n')}`).toBe(true);
  return attacks;
}

function dedupe(signers: Keypair[]): Keypair[] {
  return signers.filter((s, i) => signers.findIndex((t) => t.publicKey.equals(s.publicKey)) === i);
}

describe('every account of every instruction swapped for an attacker\'s choice', { timeout: 60_000 }, () => {
  it('accept_offer_and_lock, creating the order', () => {
    const w = world();
    expect(attackMatrix(w, 'lock (new order)', { ix: w.escrow.lockInstruction(w.deal), signers: [w.escrow.admin, w.seller] })).toBeGreaterThan(150);
  });

  it('accept_offer_and_lock on an existing order', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    const next = { ...w.deal, ticketId: 2n };
    attackMatrix(w, 'lock (existing order)', { ix: w.escrow.lockInstruction(next), signers: [w.escrow.admin, w.seller] });
  });

  it('sign_universal_ticket, first and settling signature', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    // the first signature does not use the settlement accounts (positions 5-8)
    // the first signature neither uses the settlement accounts (positions 5-8) nor writes the order
    attackMatrix(w, 'first signature', {
      ix: w.escrow.signInstruction(w.deal, w.buyer),
      signers: [w.escrow.admin, w.buyer],
      ignored: [5, 6, 7, 8],
      readOnlyOk: [3],
    });
    attackMatrix(w, 'settling signature', { ix: w.escrow.signInstruction(w.deal, w.seller), signers: [w.escrow.admin, w.seller] });
    expect(w.escrow.ticket(1n, 1n).status).toBe('Settled');
  });

  it('settle_universal_ticket', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    expect(w.escrow.sign(w.deal, w.buyer, false).ok).toBe(true);
    expect(w.escrow.sign(w.deal, w.seller, false).ok).toBe(true);
    attackMatrix(w, 'settle', { ix: w.escrow.settleInstruction(w.deal), signers: [w.escrow.admin] });
  });

  it('cancel_universal_ticket', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    attackMatrix(w, 'cancel', { ix: w.escrow.cancelInstruction(w.deal), signers: [w.escrow.admin, w.buyer], ignored: [] });
    expect(w.escrow.balance(w.seller.publicKey)).toBe(1_000_000_000n);
  });

  it('admin_resolve_universal_ticket, both ways', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    expect(w.escrow.lock({ ...w.deal, ticketId: 2n }).ok).toBe(true);
    attackMatrix(w, 'resolve (release)', { ix: w.escrow.resolveInstruction(w.deal, true), signers: [w.escrow.admin] });
    // a refund takes no fee, so the treasury account (position 6) is not used
    attackMatrix(w, 'resolve (refund)', {
      ix: w.escrow.resolveInstruction({ ...w.deal, ticketId: 2n }, false),
      signers: [w.escrow.admin],
      ignored: [6],
    });
  });

  it('cancel_order, close_order (with stray vault tokens to sweep) and close_ticket', async () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    expect(w.escrow.cancel(w.deal).ok).toBe(true);
    const { cancelOrderInstruction, closeTicketInstruction } = await import('../src/client/index.ts');
    const cancelOrder = cancelOrderInstruction({ admin: w.escrow.admin.publicKey, authority: w.seller.publicKey, orderId: 1n, programId: w.escrow.programId });
    attackMatrix(w, 'cancel_order', { ix: cancelOrder, signers: [w.escrow.admin, w.seller] });
    w.escrow.chain.createTokenAccount(w.escrow.mint, w.escrow.orderPda(1n), 3n, w.escrow.vault(1n));
    attackMatrix(w, 'close_order', { ix: w.escrow.closeOrderInstruction(1n), signers: [w.escrow.admin] });
    const closeTicket = closeTicketInstruction({ admin: w.escrow.admin.publicKey, orderId: 1n, ticketId: 1n, programId: w.escrow.programId });
    attackMatrix(w, 'close_ticket', { ix: closeTicket, signers: [w.escrow.admin] });
  });

  it('update_config', async () => {
    const w = world();
    const { updateConfigInstruction } = await import('../src/client/index.ts');
    const ix = updateConfigInstruction({
      admin: w.escrow.admin.publicKey,
      treasury: w.escrow.treasury.publicKey,
      feeBps: 30,
      programId: w.escrow.programId,
    });
    // the admin names its successor, who only has to sign
    attackMatrix(w, 'update_config', { ix, signers: [w.escrow.admin], anySigner: [1] });
  });
});

describe('the escape paths, attacked on someone else\'s deal', { timeout: 60_000 }, () => {
  // the attacker pays every fee, so a party's lamports only move when the legitimate transaction runs
  const ticketIx = (w: World, deal: Deal, party: Keypair) =>
    escapeTicketInstruction({ party: party.publicKey, orderId: deal.orderId, ticketId: deal.ticketId, mint: w.escrow.mint, treasury: w.escrow.treasury.publicKey, programId: w.escrow.programId });

  it('parties_resolve_ticket, both ways', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    expect(w.escrow.lock({ ...w.deal, ticketId: 2n }).ok).toBe(true);
    const resolve = (deal: Deal, releaseToFiatGuy: boolean) =>
      partiesResolveTicketInstruction({ cryptoGuy: w.seller.publicKey, fiatGuy: w.buyer.publicKey, orderId: deal.orderId, ticketId: deal.ticketId, mint: w.escrow.mint, treasury: w.escrow.treasury.publicKey, releaseToFiatGuy, programId: w.escrow.programId });
    attackMatrix(w, 'parties (release)', { ix: resolve(w.deal, true), signers: [w.attacker, w.seller, w.buyer] });
    attackMatrix(w, 'parties (refund)', { ix: resolve({ ...w.deal, ticketId: 2n }, false), signers: [w.attacker, w.seller, w.buyer], ignored: [7] });
  });

  it('escape_ticket: the crypto side\'s refund and the fiat side\'s payout, after the deadline', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    const released = { ...w.deal, ticketId: 2n };
    expect(w.escrow.lock(released).ok).toBe(true);
    expect(w.escrow.sign(released, w.seller, false).ok).toBe(true);
    w.escrow.chain.advance(BigInt(DEFAULT_ESCAPE_AFTER_SECONDS));
    // a refund takes no fee, so the treasury account (position 6) is not used
    attackMatrix(w, 'escape (refund)', { ix: ticketIx(w, w.deal, w.seller), signers: [w.attacker, w.seller], ignored: [6] });
    attackMatrix(w, 'escape (payout)', { ix: ticketIx(w, released, w.buyer), signers: [w.attacker, w.buyer] });
  });

  it('escape_order, with stray vault tokens for the creator', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    expect(w.escrow.cancel(w.deal).ok).toBe(true);
    w.escrow.chain.createTokenAccount(w.escrow.mint, w.escrow.orderPda(1n), 3n, w.escrow.vault(1n));
    w.escrow.chain.advance(BigInt(DEFAULT_ESCAPE_AFTER_SECONDS));
    const ix = escapeOrderInstruction({ creator: w.seller.publicKey, orderId: 1n, mint: w.escrow.mint, rentReceiver: w.escrow.admin.publicKey, programId: w.escrow.programId });
    attackMatrix(w, 'escape_order', { ix, signers: [w.attacker, w.seller] });
    expect(w.escrow.balance(w.seller.publicKey)).toBe(1_000_000_003n);
  });

  it('too early, the wrong party, twice: each refused with its own code', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    w.escrow.chain.advance(BigInt(DEFAULT_ESCAPE_AFTER_SECONDS) - 1n);
    expect(w.escrow.chain.send(ticketIx(w, w.deal, w.seller), [w.seller]).code).toBe(6018);
    w.escrow.chain.advance(1n);
    expect(w.escrow.chain.send(ticketIx(w, w.deal, w.attacker), [w.attacker]).code).toBe(6019);
    expect(w.escrow.chain.send(ticketIx(w, w.deal, w.buyer), [w.buyer]).code).toBe(6019);
    expect(w.escrow.chain.send(ticketIx(w, w.deal, w.seller), [w.seller]).ok).toBe(true);
    expect(w.escrow.chain.send(ticketIx(w, w.deal, w.seller), [w.seller]).code).toBe(6021);
  });
});

describe('replays, double settlement, re-initialisation, look-alike accounts', () => {
  it('an identical transaction is refused as already processed; a re-sent instruction hits 6004/6005', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    const { Transaction } = require_web3();
    const tx = new Transaction({ feePayer: w.escrow.admin.publicKey, recentBlockhash: w.escrow.chain.svm.latestBlockhash() });
    tx.add(w.escrow.signInstruction(w.deal, w.buyer));
    tx.sign(w.escrow.admin, w.buyer);
    const wire = tx.serialize();
    // keep the blockhash valid for the replay: send through the SVM directly
    const first = w.escrow.chain.sendRaw(wire);
    expect(first.ok).toBe(true);
    const replay = w.escrow.chain.sendRaw(wire);
    expect(replay.ok).toBe(false);
    expect(replay.error).toMatch(/AlreadyProcessed|BlockhashNotFound/);
    expect(w.escrow.sign(w.deal, w.buyer).code).toBe(6004);

    expect(w.escrow.sign(w.deal, w.seller).ok).toBe(true);
    const paid = w.escrow.balance(w.buyer.publicKey);
    expect(w.escrow.sign(w.deal, w.seller).code).toBe(6005);
    expect(w.escrow.settle(w.deal).code).toBe(6005);
    expect(w.escrow.resolve(w.deal, true).code).toBe(6005);
    expect(w.escrow.balance(w.buyer.publicKey)).toBe(paid);
    expect(w.escrow.vaultBalance(1n)).toBe(0n);
  });

  it('re-initialising the config fails, whoever tries', () => {
    const w = world();
    expect(w.escrow.initializeConfig().code).toBe(6004);
    const { initializeConfigInstruction } = require_client();
    const hijack = initializeConfigInstruction({ admin: w.attacker.publicKey, treasury: w.attacker.publicKey, programId: w.escrow.programId });
    const result = w.escrow.chain.send(hijack, [w.attacker]);
    expect(result.code).toBe(6004);
    expect(w.escrow.config().admin.equals(w.escrow.admin.publicKey)).toBe(true);
  });

  it('the counterparty cannot act as admin, even as fee payer', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    const resolve = w.escrow.resolveInstruction(w.deal, true, w.buyer.publicKey);
    expect(w.escrow.chain.send(resolve, [w.buyer]).code).toBe(6003);
    const sign = replaceKey(w.escrow.signInstruction(w.deal, w.buyer), 0, { pubkey: w.buyer.publicKey });
    expect(w.escrow.chain.send(sign, [w.buyer]).code).toBe(6003);
    expect(w.escrow.ticket(1n, 1n).fiatGuySigned).toBe(false);
  });

  it('a fake order owned by another program, rich in fake reserved tokens, is not an order', () => {
    const w = world();
    expect(w.escrow.lock(w.deal).ok).toBe(true);
    const real = w.escrow.chain.account(w.escrow.orderPda(1n));
    const fake = Keypair.generate().publicKey;
    w.escrow.chain.setAccount(fake, { lamports: real!.lamports, owner: Keypair.generate().publicKey, data: real!.data });
    const cancel = replaceKey(w.escrow.cancelInstruction(w.deal), 3, { pubkey: fake });
    expect(w.escrow.chain.send(cancel, [w.escrow.admin, w.buyer]).code).toBe(6002);
  });

  it('PDAs pre-funded by a griefer are still created (top-up, allocate, assign)', () => {
    const w = world();
    const deal = { ...w.deal, orderId: 55n };
    for (const key of [w.escrow.orderPda(55n), w.escrow.vault(55n), w.escrow.ticketPda(55n, 1n)]) {
      w.escrow.chain.setAccount(key, { lamports: 1_000_000n, owner: PublicKey.default, data: new Uint8Array() });
    }
    const result = w.escrow.lock(deal);
    expect(result.ok, result.logs.join('\n')).toBe(true);
    expect(w.escrow.vaultBalance(55n)).toBe(deal.amount);
    expect(w.escrow.order(55n).reservedAmount).toBe(deal.amount);
    expect(w.escrow.chain.lamports(w.escrow.orderPda(55n))).toBe(w.escrow.chain.rent(253));
  });

  it('a fresh order at an address that is not its PDA is refused', () => {
    const w = world();
    const lock = replaceKey(w.escrow.lockInstruction({ ...w.deal, orderId: 56n }), 3, { pubkey: Keypair.generate().publicKey });
    expect(w.escrow.chain.send(lock, [w.escrow.admin, w.seller]).code).toBe(6002);
  });
});

// synchronous access to modules already loaded by the helpers
import * as web3 from '@solana/web3.js';
import * as client from '../src/client/index.ts';
function require_web3() {
  return web3;
}
function require_client() {
  return client;
}
