import { OrderStatus } from '@jelly/domain';
import type { FillTicket } from '@jelly/escrow';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { moveForTicket } from './sync-deal-from-chain.ts';

const key = () => Keypair.generate().publicKey;
const ticket = (change: Partial<FillTicket>): FillTicket => ({
  ticketId: 2n, amount: 10n, fiatAmount: 9n, createdAt: 0n, updatedAt: 0n, order: key(), acceptor: key(), cryptoGuy: key(),
  fiatGuy: key(), rentPayer: key(), cryptoGuySigned: false, fiatGuySigned: false, status: 'Locked', firstSigner: 'None', bump: 255,
  ...change,
});
const open = [OrderStatus.InProgress, OrderStatus.CryptoGuyLockedCrypto, OrderStatus.SignedByOneParty, OrderStatus.AdminResolving];

describe('moveForTicket: the database move the chain calls for', () => {
  it.each<[string, Partial<FillTicket>, { refundMeans?: 'expired' | 'resolved' }, ReturnType<typeof moveForTicket>]>([
    ['a fresh lock', {}, {}, { from: [OrderStatus.InProgress], to: OrderStatus.CryptoGuyLockedCrypto, books: {} }],
    ['the fiat side signed', { fiatGuySigned: true }, {}, { from: [OrderStatus.InProgress, OrderStatus.CryptoGuyLockedCrypto], to: OrderStatus.SignedByOneParty, books: {} }],
    ['only the crypto side signed (not through the co-signer): still locked', { cryptoGuySigned: true }, {}, { from: [OrderStatus.InProgress], to: OrderStatus.CryptoGuyLockedCrypto, books: {} }],
    ['settled', { status: 'Settled' }, {}, { from: open, to: OrderStatus.Completed, books: { fillOffer: true } }],
    ['released by the admin', { status: 'ReleasedByAdmin' }, {}, { from: open, to: OrderStatus.AdminResolved, books: { fillOffer: true } }],
    ['cancelled by the fiat side', { status: 'Cancelled' }, {}, { from: open, to: OrderStatus.Cancelled, books: { returnToOffer: true } }],
    ['refunded in a dispute', { status: 'RefundedByAdmin' }, { refundMeans: 'resolved' }, { from: open, to: OrderStatus.AdminResolved, books: { returnToOffer: true } }],
    ['refunded by the payment window', { status: 'RefundedByAdmin' }, { refundMeans: 'expired' }, { from: open, to: OrderStatus.Expired, books: { returnToOffer: true } }],
  ])('%s', (_label, change, options, expected) => {
    expect(moveForTicket(ticket(change), options)).toEqual(expected);
  });

  it('records the lock signature on the move to Locked', () => {
    expect(moveForTicket(ticket({}), { lockSignature: 'abc' }).books).toEqual({ lockSignature: 'abc' });
  });
});
