import { describe, expect, it } from 'vitest';
import { DEAL_MOVES, type DealMoveName } from './deal-moves.ts';
import { DEAL_STATUS_TABLE, isFinalStatus } from './deal-lifecycle.ts';
import { OrderStatus } from './order-status.ts';

const S = OrderStatus;
const MOVES = Object.keys(DEAL_MOVES) as DealMoveName[];
const UNDERWAY = [S.InProgress, S.CryptoGuyLockedCrypto, S.SignedByOneParty, S.AdminResolving];

// The whole table written out: move → its sources, where it goes, what it does to the offer.
const TABLE: ReadonlyArray<[DealMoveName, OrderStatus[], OrderStatus, 'none' | 'return' | 'fill']> = [
  ['locked', [S.InProgress], S.CryptoGuyLockedCrypto, 'none'],
  ['fiat_signed', [S.InProgress, S.CryptoGuyLockedCrypto], S.SignedByOneParty, 'none'],
  ['settled', UNDERWAY, S.Completed, 'fill'],
  ['cancelled_on_chain', UNDERWAY, S.Cancelled, 'return'],
  ['released_by_admin', UNDERWAY, S.AdminResolved, 'fill'],
  ['refunded_by_admin', UNDERWAY, S.AdminResolved, 'return'],
  ['refunded_at_expiry', UNDERWAY, S.Expired, 'return'],
  ['dispute_opened', [S.InProgress, S.CryptoGuyLockedCrypto, S.SignedByOneParty], S.AdminResolving, 'none'],
  ['cancelled_by_admin', [S.InProgress, S.AdminResolving], S.Cancelled, 'return'],
  ['expired_unlocked', [S.InProgress], S.Expired, 'return'],
];

describe('deal moves', () => {
  it.each(TABLE)('%s: from %j to %i, books %s', (name, from, to, books) => {
    const move = DEAL_MOVES[name];
    expect([...move.from].sort()).toEqual([...from].sort());
    expect(move.to).toBe(to);
    expect(move.books).toBe(books);
  });

  it('the written table names every move once', () => {
    expect(TABLE.map(([name]) => name).sort()).toEqual([...MOVES].sort());
  });

  it.each(MOVES)('%s always changes the status and never leaves a finished deal', (name) => {
    const move = DEAL_MOVES[name];
    expect(move.from).not.toContain(move.to);
    for (const from of move.from) {
      expect(DEAL_STATUS_TABLE.has(from)).toBe(true);
      expect(isFinalStatus(from)).toBe(false);
    }
  });

  it.each(MOVES)('%s touches the offer exactly when it ends the deal', (name) => {
    const move = DEAL_MOVES[name];
    // a deal's amount goes back or counts as filled once, when it ends; the moves in between leave the offer alone
    expect(move.books !== 'none').toBe(isFinalStatus(move.to));
  });
});
