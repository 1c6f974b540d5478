// Every error of the catalogue (6000-6013), ours (6014-6021) and the Anchor framework codes the program
// uses, each provoked on purpose, with the client's message for it.
import { AnchorError, LangErrorCode, LangErrorMessage } from '@coral-xyz/anchor';
import { describe, expect, it } from 'vitest';
import idl from '../idl/jelly_escrow.json' with { type: 'json' };
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { ESCROW_ERRORS, escrowErrorMessage, extractCustomErrorCode, initializeConfigInstruction } from '../src/client/index.ts';
import { Escrow, type Deal } from './helpers/escrow.ts';
import { escapeOrder, escapeTicket } from './helpers/escape.ts';
import type { TxResult } from './helpers/chain.ts';

const provoked = new Set<number>();

function expectCode(result: TxResult, code: number): void {
  expect(result.ok, 'the transaction should fail').toBe(false);
  expect(result.code, `${result.error}\n${result.logs.join('\n')}`).toBe(code);
  // the client finds the code in the runtime's error text too
  expect(extractCustomErrorCode(result.logs.join('\n'))).toBe(code);
  // and Anchor's client names it from the program's log line, with the IDL's (or Anchor's framework) name and message
  const ours = idl.errors.find((e) => e.code === code);
  const framework = Object.entries(LangErrorCode).find(([, n]) => n === code);
  const anchor = AnchorError.parse(result.logs);
  expect(anchor?.error.errorCode, result.logs.join('\n')).toEqual({ code: ours?.name ?? framework?.[0], number: code });
  expect(anchor?.error.errorMessage).toBe(ours?.msg ?? LangErrorMessage.get(code));
  provoked.add(code);
}

function setup(options: ConstructorParameters<typeof Escrow>[0] = {}) {
  const escrow = new Escrow(options);
  const seller = escrow.trader(1_000_000n);
  const buyer = escrow.trader(1_000_000n);
  const deal = escrow.sellDeal({ orderId: 1n, ticketId: 1n, seller, buyer, amount: 1_000n, offerAmount: 10_000n });
  return { escrow, seller, buyer, deal };
}

function locked(options: ConstructorParameters<typeof Escrow>[0] = {}) {
  const s = setup(options);
  expect(s.escrow.lock(s.deal).ok).toBe(true);
  return s;
}

/** The same instruction with account `index` replaced, or its writable/signer flags changed. */
function withAccount(ix: TransactionInstruction, index: number, change: Partial<{ pubkey: PublicKey; isWritable: boolean; isSigner: boolean }>) {
  const keys = ix.keys.map((k, i) => (i === index ? { ...k, ...change } : k));
  return new TransactionInstruction({ programId: ix.programId, keys, data: ix.data });
}

describe('catalogue errors 6000-6013', () => {
  it('6000 Insufficient token balance: locking more than the locker holds', () => {
    const { escrow, seller, buyer } = setup();
    const deal: Deal = escrow.sellDeal({ orderId: 1n, ticketId: 1n, seller, buyer, amount: 1_000_001n, offerAmount: 5_000_000n });
    expectCode(escrow.lock(deal), 6000);
  });

  it('6001 Invalid order type: a lock that disagrees with the order side, or a Buy offer whose creator is not the fiat side', () => {
    const { escrow, seller, buyer } = locked();
    const asBuy: Deal = { ...escrow.buyDeal({ orderId: 1n, ticketId: 2n, buyer: seller, seller: buyer, amount: 10n, offerAmount: 10_000n }) };
    expectCode(escrow.lock(asBuy), 6001);
    const stranger = escrow.trader(100n);
    const wrongFiat: Deal = { ...asBuy, orderId: 2n, creator: stranger, fiatGuy: seller };
    expectCode(escrow.lock(wrongFiat), 6001);
  });

  it('6002 Order not found: signing a ticket of an order that does not exist', () => {
    const { escrow, buyer, deal } = locked();
    expectCode(escrow.sign({ ...deal, orderId: 999n }, buyer), 6002);
  });

  it('6003 Unauthorized action: the crypto side cancelling, a stranger signing, a party posing as admin', () => {
    const { escrow, seller, buyer, deal } = locked();
    expectCode(escrow.cancel(deal, seller), 6003);
    const stranger = escrow.trader();
    expectCode(escrow.sign(deal, stranger), 6003);
    const fake = escrow.resolveInstruction(deal, true, buyer.publicKey);
    expectCode(escrow.chain.send(fake, [buyer]), 6003);
  });

  it('6004 Race condition detected: signing twice, locking the same ticket twice, initialising twice', () => {
    const { escrow, buyer, deal } = locked();
    expect(escrow.sign(deal, buyer).ok).toBe(true);
    expectCode(escrow.sign(deal, buyer), 6004);
    expectCode(escrow.lock({ ...deal, amount: 5n }), 6004);
    expectCode(escrow.initializeConfig(), 6004);
  });

  it('6005 Order already completed: acting on a settled ticket', () => {
    const { escrow, seller, buyer, deal } = locked();
    expect(escrow.sign(deal, buyer).ok).toBe(true);
    expect(escrow.sign(deal, seller).ok).toBe(true);
    expectCode(escrow.sign(deal, seller), 6005);
    expectCode(escrow.cancel(deal), 6005);
    expectCode(escrow.resolve(deal, false), 6005);
  });

  it('6006 Order already cancelled: acting on a cancelled ticket or order', () => {
    const { escrow, seller, buyer, deal } = locked();
    expect(escrow.cancel(deal).ok).toBe(true);
    expectCode(escrow.sign(deal, buyer), 6006);
    expectCode(escrow.cancel(deal), 6006);
    expectCode(escrow.resolve(deal, true), 6006);
    expect(escrow.cancelOrder(1n, seller).ok).toBe(true);
    expectCode(escrow.lock({ ...deal, ticketId: 2n }), 6006);
  });

  it('6007 Cannot cancel order at this stage: cancelling after a signature, cancelling an order with an open ticket', () => {
    const { escrow, seller, buyer, deal } = locked();
    expect(escrow.sign(deal, buyer).ok).toBe(true);
    expectCode(escrow.cancel(deal), 6007);
    expectCode(escrow.cancelOrder(1n, seller), 6007);
  });

  it('6008 Both parties must sign before settlement', () => {
    const { escrow, buyer, deal } = locked();
    expectCode(escrow.settle(deal), 6008);
    expect(escrow.sign(deal, buyer).ok).toBe(true);
    expectCode(escrow.settle(deal), 6008);
  });

  it('6009 Invalid amount - exceeds available: above the remaining amount, zero, or a different offer total', () => {
    const { escrow, deal } = locked();
    expectCode(escrow.lock({ ...deal, ticketId: 2n, amount: 9_001n }), 6009);
    expect(() => escrow.lock({ ...deal, ticketId: 2n, amount: 0n })).toThrow(/cryptoAmount/);
    expectCode(escrow.lock({ ...deal, ticketId: 2n, amount: 1n, offerAmount: 20_000n }), 6009);
  });

  it('6010 Fiat Guy cannot lock crypto - role violation', () => {
    const { escrow, buyer, deal } = setup();
    expectCode(escrow.lock({ ...deal, cryptoGuy: buyer }), 6010);
    const buyOffer = escrow.buyDeal({ orderId: 2n, ticketId: 1n, buyer, seller: buyer, amount: 5n, offerAmount: 5n });
    expectCode(escrow.lock(buyOffer), 6010);
  });

  it('6011 Crypto Guy must lock first: signing or cancelling a ticket that was never locked', () => {
    const { escrow, buyer, deal } = locked();
    expectCode(escrow.sign({ ...deal, ticketId: 2n }, buyer), 6011);
    expectCode(escrow.cancel({ ...deal, ticketId: 2n }), 6011);
  });

  it('6012 Invalid token account - mint mismatch: paying with another mint, or another mint on an existing order', () => {
    const { escrow, seller, deal } = locked();
    const otherMint = escrow.chain.createMint();
    const foreign = escrow.chain.createTokenAccount(otherMint, seller.publicKey, 1_000_000n, Keypair.generate().publicKey);
    const lockIx = escrow.lockInstruction({ ...deal, ticketId: 2n });
    expectCode(escrow.chain.send(withAccount(lockIx, 7, { pubkey: foreign }), [escrow.admin, seller]), 6012);
    const withOtherMint = withAccount(withAccount(lockIx, 6, { pubkey: otherMint }), 7, { pubkey: foreign });
    expectCode(escrow.chain.send(withOtherMint, [escrow.admin, seller]), 6012);
  });

  it('6013 Token account required: settling to a fiat side without a token account, or paying from a non-token account', () => {
    const { escrow, seller, buyer, deal } = locked();
    escrow.chain.setAccount(escrow.tokenAccount(buyer.publicKey), { lamports: 0n, owner: PublicKey.default, data: new Uint8Array() });
    expect(escrow.sign(deal, buyer).ok).toBe(true);
    expectCode(escrow.sign(deal, seller), 6013);
    const lockIx = escrow.lockInstruction({ ...deal, ticketId: 2n });
    expectCode(escrow.chain.send(withAccount(lockIx, 7, { pubkey: seller.publicKey }), [escrow.admin, seller]), 6013);
  });
});

describe('our codes 6014-6017', () => {
  it('6014 Daily fill limit reached: the limit counts locks per order per UTC day', () => {
    const { escrow, deal } = setup({ dailyFillLimit: 2 });
    escrow.chain.setTime(1_760_000_000n - (1_760_000_000n % 86_400n) + 3_600n);
    expect(escrow.lock(deal).ok).toBe(true);
    expect(escrow.lock({ ...deal, ticketId: 2n }).ok).toBe(true);
    expectCode(escrow.lock({ ...deal, ticketId: 3n }), 6014);
    escrow.chain.advance(86_400n);
    expect(escrow.lock({ ...deal, ticketId: 3n }).ok).toBe(true);
    expect(escrow.order(1n).dailyFillCount).toBe(1);
  });

  it('6015 Cooldown active: a second lock on the same order within the cooldown', () => {
    const { escrow, deal } = setup({ cooldownSeconds: 2 });
    escrow.chain.setTime(1_760_000_000n);
    expect(escrow.lock(deal).ok).toBe(true);
    escrow.chain.advance(1n);
    expectCode(escrow.lock({ ...deal, ticketId: 2n }), 6015);
    escrow.chain.advance(1n);
    expect(escrow.lock({ ...deal, ticketId: 2n }).ok).toBe(true);
  });

  it('6016 Invalid config value: a fee above the 10% cap', () => {
    const escrow = new Escrow({ initialize: false });
    const ix = initializeConfigInstruction({ admin: escrow.admin.publicKey, treasury: escrow.treasury.publicKey, programId: escrow.programId });
    ix.data.writeUInt16LE(1001, 8);
    expectCode(escrow.chain.send(ix, [escrow.admin]), 6016);
    expect(() => initializeConfigInstruction({ admin: escrow.admin.publicKey, treasury: escrow.treasury.publicKey, feeBps: 1001 })).toThrow(/feeBps/);
  });

  it('6017 Cannot close at this stage: an order with an open ticket, a ticket still locked', () => {
    const { escrow, deal } = locked();
    expectCode(escrow.closeOrder(1n), 6017);
    expectCode(escrow.closeTicket(1n, deal.ticketId), 6017);
  });
});

describe('Anchor framework codes for malformed instructions', () => {
  it('100 missing discriminator, 101 unknown instruction, 102 wrong data length or a bad bool', () => {
    const { escrow, deal } = locked();
    const base = escrow.signInstruction(deal, deal.fiatGuy);
    const send = (data: Buffer) =>
      escrow.chain.send(new TransactionInstruction({ programId: base.programId, keys: base.keys, data }), [escrow.admin, deal.fiatGuy]);
    expectCode(send(Buffer.from([1, 2, 3])), 100);
    expectCode(send(Buffer.alloc(8, 7)), 101);
    expectCode(send(Buffer.concat([base.data, Buffer.from([0])])), 102);
    const resolve = escrow.resolveInstruction(deal, true);
    resolve.data[8] = 2;
    expectCode(escrow.chain.send(resolve, [escrow.admin]), 102);
  });

  it('3005 not enough accounts, 3006 a writable account passed read-only, 3008 a fake token program', () => {
    const { escrow, seller, deal } = setup();
    const ix = escrow.lockInstruction(deal);
    const short = new TransactionInstruction({ programId: ix.programId, keys: ix.keys.slice(0, 9), data: ix.data });
    expectCode(escrow.chain.send(short, [escrow.admin, seller]), 3005);
    expectCode(escrow.chain.send(withAccount(ix, 3, { isWritable: false }), [escrow.admin, seller]), 3006);
    expectCode(escrow.chain.send(withAccount(ix, 8, { pubkey: escrow.programId }), [escrow.admin, seller]), 3008);
    expectCode(escrow.chain.send(withAccount(ix, 9, { pubkey: TOKEN_PROGRAM_ID }), [escrow.admin, seller]), 3008);
  });

  it('3007 a config owned by another program, 3002 a program account that is not a config', () => {
    const { escrow, buyer, deal } = locked();
    const fakeConfig = Keypair.generate().publicKey;
    const real = escrow.chain.account(escrow.ticketPda(1n, 1n));
    escrow.chain.setAccount(fakeConfig, { lamports: 10_000_000n, owner: TOKEN_PROGRAM_ID, data: new Uint8Array(83) });
    const ix = escrow.signInstruction(deal, buyer);
    expectCode(escrow.chain.send(withAccount(ix, 2, { pubkey: fakeConfig }), [escrow.admin, buyer]), 3007);
    expect(real).not.toBeNull();
    expectCode(escrow.chain.send(withAccount(ix, 2, { pubkey: escrow.ticketPda(1n, 1n) }), [escrow.admin, buyer]), 3002);
  });

  it('2001 an account that does not belong to the order (another vault, another order\'s ticket); 2006 a wrong ticket PDA', () => {
    const { escrow, seller, buyer, deal } = locked();
    const other = escrow.sellDeal({ orderId: 2n, ticketId: 1n, seller, buyer, amount: 10n, offerAmount: 10n });
    expect(escrow.lock(other).ok).toBe(true);
    const cancel = escrow.cancelInstruction(deal);
    expectCode(escrow.chain.send(withAccount(cancel, 5, { pubkey: escrow.vault(2n) }), [escrow.admin, buyer]), 2001);
    expectCode(escrow.chain.send(withAccount(cancel, 4, { pubkey: escrow.ticketPda(2n, 1n) }), [escrow.admin, buyer]), 2001);
    const lock = escrow.lockInstruction({ ...deal, ticketId: 5n });
    lock.data[115] = (lock.data[115]! + 1) & 0xff; // ticket bump
    expectCode(escrow.chain.send(lock, [escrow.admin, seller]), 2006);
  });
});

describe('the escape codes 6018-6021', () => {
  it('6018 too early, 6019 the wrong party, 6020 a ticket only the fiat side signed, 6021 twice', () => {
    const { escrow, seller, buyer, deal } = locked();
    expectCode(escapeTicket(escrow, deal, seller), 6018);
    escrow.chain.advance(BigInt(escrow.config().escapeAfterSeconds));
    expectCode(escapeTicket(escrow, deal, buyer), 6019);
    const contested = { ...deal, ticketId: 2n };
    expect(escrow.lock(contested).ok).toBe(true);
    expect(escrow.sign(contested, buyer, false).ok).toBe(true);
    escrow.chain.advance(BigInt(escrow.config().escapeAfterSeconds));
    expectCode(escapeTicket(escrow, contested, seller), 6020);
    expect(escapeTicket(escrow, deal, seller).ok).toBe(true);
    expectCode(escapeTicket(escrow, deal, seller), 6021);
    expectCode(escapeOrder(escrow, 1n, seller), 6017);
  });
});

describe('the catalogue is covered', () => {
  it('every code 6000-6021 was provoked above and has its catalogue message', () => {
    const codes = Object.keys(ESCROW_ERRORS).map(Number);
    expect(codes).toEqual(Array.from({ length: 22 }, (_, i) => 6000 + i));
    expect([...provoked].filter((c) => c >= 6000).sort()).toEqual(codes);
    expect(escrowErrorMessage(6010)).toBe('Fiat Guy cannot lock crypto - role violation');
  });
});
