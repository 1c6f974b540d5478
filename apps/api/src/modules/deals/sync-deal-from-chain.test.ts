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

// What each move does (its sources, its status, the offer's books) is the domain's DEAL_MOVES table, tested there.
describe('moveForTicket: the deal move the chain calls for', () => {
  it.each<[string, Partial<FillTicket>, { refundMeans?: 'expired' | 'resolved' }, ReturnType<typeof moveForTicket>]>([
    ['a fresh lock', {}, {}, 'locked'],
    ['the fiat side signed', { fiatGuySigned: true }, {}, 'fiat_signed'],
    ['only the crypto side signed (not through the co-signer): still locked', { cryptoGuySigned: true }, {}, 'locked'],
    ['settled', { status: 'Settled' }, {}, 'settled'],
    ['released by the admin', { status: 'ReleasedByAdmin' }, {}, 'released_by_admin'],
    ['cancelled by the fiat side', { status: 'Cancelled' }, {}, 'cancelled_on_chain'],
    ['refunded in a dispute', { status: 'RefundedByAdmin' }, { refundMeans: 'resolved' }, 'refunded_by_admin'],
    ['refunded by the payment window', { status: 'RefundedByAdmin' }, { refundMeans: 'expired' }, 'refunded_at_expiry'],
  ])('%s', (_label, change, options, expected) => {
    expect(moveForTicket(ticket(change), options)).toBe(expected);
  });
});
