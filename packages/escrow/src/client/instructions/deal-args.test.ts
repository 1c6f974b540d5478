import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { findOrderPda, findTicketPda, findVaultPda } from '../pda.ts';
import { acceptOfferAndLockInstruction } from './accept-offer-and-lock.ts';
import { cancelUniversalTicketInstruction } from './cancel-universal-ticket.ts';
import { dealInstructionArgs, dealTicketIds, type EscrowDeal } from './deal-args.ts';
import { ACCEPT_OFFER_AND_LOCK_LAYOUT, TICKET_INSTRUCTION_ACCOUNTS, readLockIds } from './layouts.ts';
import { signUniversalTicketInstruction } from './sign-universal-ticket.ts';

const wallet = () => Keypair.generate().publicKey;
const target = { programId: wallet(), admin: wallet() };
const creator = wallet();
const acceptor = wallet();
const mint = wallet();

function deal(offerSide: number): EscrowDeal {
  const sell = offerSide === 0;
  return {
    offerId: 41,
    dealId: '9007199254740991',
    tokenMint: mint.toBase58(),
    amount: 123_456_789n,
    fiatAmountCents: 4_250,
    offerSide,
    offerTotalAmount: '999999999',
    creatorWallet: creator.toBase58(),
    cryptoSideWallet: (sell ? creator : acceptor).toBase58(),
    fiatSideWallet: (sell ? acceptor : creator).toBase58(),
  };
}

describe('dealInstructionArgs', () => {
  it.each([
    ['a Sell offer: the creator locks, the acceptor is the fiat side', 0, creator, acceptor],
    ['a Buy offer: the acceptor locks, the creator is the fiat side', 1, acceptor, creator],
  ])('%s', (_, side, locker, fiatGuy) => {
    const args = dealInstructionArgs(deal(side), target);
    expect(args).toEqual({
      admin: target.admin,
      locker,
      mint,
      orderId: 41n,
      ticketId: 9_007_199_254_740_991n,
      programId: target.programId,
      cryptoAmount: 123_456_789n,
      fiatAmount: 4_250n,
      isSellOrder: side === 0,
      creator,
      fiatGuy,
      offerAmount: 999_999_999n,
    });
  });

  it('names the same ticket the sign and cancel instructions act on', () => {
    const ids = dealTicketIds(deal(0), target);
    expect(ids).toEqual({ orderId: 41n, ticketId: 9_007_199_254_740_991n, programId: target.programId });
  });
});

describe('instruction layouts', () => {
  const lock = acceptOfferAndLockInstruction(dealInstructionArgs(deal(1), target));
  const [order] = findOrderPda(41n, target.programId);
  const [ticket] = findTicketPda(order, 9_007_199_254_740_991n, target.programId);
  const [vault] = findVaultPda(order, target.programId);

  it('reads back what the accept_offer_and_lock builder wrote', () => {
    const { dataLength, offsets, accounts } = ACCEPT_OFFER_AND_LOCK_LAYOUT;
    expect(lock.data).toHaveLength(dataLength);
    expect(readLockIds(lock.data)).toEqual({ orderId: 41n, ticketId: 9_007_199_254_740_991n });
    expect(lock.data.readBigUInt64LE(offsets.cryptoAmount)).toBe(123_456_789n);
    expect(lock.data.readBigUInt64LE(offsets.fiatAmount)).toBe(4_250n);
    expect(lock.data[offsets.isSellOrder]).toBe(0);
    expect(new PublicKey(lock.data.subarray(offsets.creator, offsets.creator + 32)).equals(creator)).toBe(true);
    expect(new PublicKey(lock.data.subarray(offsets.fiatGuy, offsets.fiatGuy + 32)).equals(creator)).toBe(true);
    expect(lock.data.readBigUInt64LE(offsets.offerAmount)).toBe(999_999_999n);
    expect(lock.data[offsets.orderBump]).toBe(findOrderPda(41n, target.programId)[1]);
    expect(lock.keys).toHaveLength(Object.keys(accounts).length);
    expect(lock.keys[accounts.admin]?.pubkey.equals(target.admin)).toBe(true);
    expect(lock.keys[accounts.locker]?.pubkey.equals(acceptor)).toBe(true);
    expect(lock.keys[accounts.order]?.pubkey.equals(order)).toBe(true);
    expect(lock.keys[accounts.ticket]?.pubkey.equals(ticket)).toBe(true);
    expect(lock.keys[accounts.vault]?.pubkey.equals(vault)).toBe(true);
    expect(lock.keys[accounts.mint]?.pubkey.equals(mint)).toBe(true);
  });

  it('refuses to read ids from data of another length', () => {
    expect(readLockIds(lock.data.subarray(0, 115))).toBeUndefined();
  });

  it('finds the ticket of a sign and a cancel at the shared index', () => {
    const ids = dealTicketIds(deal(0), target);
    const sign = signUniversalTicketInstruction({ admin: target.admin, signer: acceptor, ...ids });
    const cancel = cancelUniversalTicketInstruction({ admin: target.admin, fiatGuy: acceptor, cryptoGuy: creator, mint, ...ids });
    for (const ix of [lock, sign, cancel]) {
      expect(ix.keys[TICKET_INSTRUCTION_ACCOUNTS.ticket]?.pubkey.equals(ticket)).toBe(true);
      expect(ix.keys[TICKET_INSTRUCTION_ACCOUNTS.order]?.pubkey.equals(order)).toBe(true);
    }
  });
});
