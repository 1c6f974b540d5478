/**
 * The deal's named moves: every write of a deal's status is one of these, applied by the deals module as one
 * conditional UPDATE … WHERE status IN (from) (deal-writes.ts moveDeal), like the swap's moves (swap-lifecycle.ts).
 * Each move's sources come from the action table (deal-lifecycle.ts) or, for what the chain shows, from every
 * unfinished status: the chain is the truth for a ticket, whatever the database saw last. `books` says what the move
 * does to the offer the deal was taken from: its amount given back, or its filled quantity grown.
 */
import { OrderStatus } from './order-status.ts';
import { UNDERWAY_STATUSES, actionSources } from './deal-lifecycle.ts';

export type DealMoveName =
  | 'locked'
  | 'fiat_signed'
  | 'settled'
  | 'cancelled_on_chain'
  | 'released_by_admin'
  | 'refunded_by_admin'
  | 'refunded_at_expiry'
  | 'dispute_opened'
  | 'cancelled_by_admin'
  | 'expired_unlocked';

export interface DealMove {
  readonly from: readonly OrderStatus[];
  readonly to: OrderStatus;
  /** return: the deal's amount goes back to the offer; fill: the offer's filled quantity grows by it. */
  readonly books: 'none' | 'return' | 'fill';
  /** chain: what the chain shows for the deal's ticket; party, admin, system: a database-only step of the action table. */
  readonly actor: 'chain' | 'party' | 'admin' | 'system';
}

const S = OrderStatus;
const move = (from: readonly OrderStatus[], to: OrderStatus, books: DealMove['books'], actor: DealMove['actor']): DealMove => ({ from, to, books, actor });

export const DEAL_MOVES: Readonly<Record<DealMoveName, DealMove>> = {
  // The lock landed: the deal's tokens sit in the vault.
  locked: move(actionSources('lock'), S.CryptoGuyLockedCrypto, 'none', 'chain'),
  // The fiat side's signature may land before the database recorded the lock.
  fiat_signed: move([...actionSources('lock'), ...actionSources('sign', { by: 'fiat' })], S.SignedByOneParty, 'none', 'chain'),
  // A finished ticket ends the deal from any unfinished status.
  settled: move(UNDERWAY_STATUSES, S.Completed, 'fill', 'chain'),
  cancelled_on_chain: move(UNDERWAY_STATUSES, S.Cancelled, 'return', 'chain'),
  released_by_admin: move(UNDERWAY_STATUSES, S.AdminResolved, 'fill', 'chain'),
  refunded_by_admin: move(UNDERWAY_STATUSES, S.AdminResolved, 'return', 'chain'),
  // The payment-window job's refund of a locked deal: it ends Expired, not resolved.
  refunded_at_expiry: move(UNDERWAY_STATUSES, S.Expired, 'return', 'chain'),
  dispute_opened: move(actionSources('supportRequest'), S.AdminResolving, 'none', 'party'),
  // A deal never locked holds nothing on chain: the admin cancels it in the database.
  cancelled_by_admin: move(actionSources('adminResolve', { via: 'database' }), S.Cancelled, 'return', 'admin'),
  expired_unlocked: move(actionSources('expire', { via: 'database' }), S.Expired, 'return', 'system'),
};
