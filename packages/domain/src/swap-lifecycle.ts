/**
 * The swap state table: what each status of a swap record means and which move takes a record from which statuses
 * to which. The API applies each move as one conditional UPDATE … WHERE status IN (from) (the swap module's
 * swap-writes.ts); nothing else decides a swap's status. A Coin Jelly order shows the same three statuses (its
 * stages map onto them in coin-jelly-lifecycle.ts). On the wire a status is its number.
 */
import { UNKNOWN_STATUS_LABEL } from './order-status.ts';

export const SwapStatus = { Processing: 0, Completed: 1, Failed: 2 } as const;
export type SwapStatus = (typeof SwapStatus)[keyof typeof SwapStatus];
export type SwapStatusName = keyof typeof SwapStatus;

export interface SwapStatusRules {
  /**
   * The result is known and the record no longer follows the chain: Completed (both transfers happened) or Failed
   * (neither did). The user is told when a record becomes final.
   */
  readonly final: boolean;
}

/** In the order a swap lives through them. */
export const SWAP_STATUS_TABLE: ReadonlyMap<SwapStatus, SwapStatusRules> = new Map([
  // Written at submit, before the transaction is sent (txID = its signature): waiting for the chain.
  [SwapStatus.Processing, { final: false }],
  [SwapStatus.Completed, { final: true }],
  [SwapStatus.Failed, { final: true }],
]);

export const SWAP_STATUSES: readonly SwapStatus[] = [...SWAP_STATUS_TABLE.keys()];

const NAMES: ReadonlyMap<SwapStatus, SwapStatusName> = new Map(
  (Object.entries(SwapStatus) as [SwapStatusName, SwapStatus][]).map(([name, status]) => [status, name]),
);

export function isSwapStatus(value: unknown): value is SwapStatus {
  return SWAP_STATUS_TABLE.has(value as SwapStatus);
}

/** 'Processing' | 'Completed' | 'Failed', or 'Unknown'. */
export function swapStatusLabel(value: unknown): string {
  return (isSwapStatus(value) && NAMES.get(value)) || UNKNOWN_STATUS_LABEL;
}

/** Has the record's result been decided (false for a number that is no status)? */
export const isFinalSwapStatus = (value: unknown): boolean =>
  isSwapStatus(value) && SWAP_STATUS_TABLE.get(value)?.final === true;

/** Status filter options of the swap history and Coin Jelly lists: All → no filter. */
export type SwapStatusFilter = 'All' | SwapStatusName;
export const SWAP_STATUS_FILTERS: readonly SwapStatusFilter[] = [
  'All',
  ...SWAP_STATUSES.flatMap((status) => NAMES.get(status) ?? []),
];

export function swapStatusFilterValue(filter: SwapStatusFilter): SwapStatus | undefined {
  return filter === 'All' ? undefined : SwapStatus[filter];
}

// ── Moves ─────────────────────────────────────────────────────────────────────

export type SwapMoveName =
  | 'landed'
  | 'failed_on_chain'
  | 'never_landed'
  | 'refused_at_simulation'
  | 'admin_complete'
  | 'admin_fail';

export interface SwapMove {
  readonly from: readonly SwapStatus[];
  readonly to: SwapStatus;
  /** chain: what the chain shows for the record's transaction; system: the co-signer before it sends; admin: a person. */
  readonly actor: 'chain' | 'system' | 'admin';
}

const { Processing, Completed, Failed } = SwapStatus;

/** Every move a swap record can make. A move always changes the status (an edit that keeps it is no move). */
export const SWAP_MOVES: Readonly<Record<SwapMoveName, SwapMove>> = {
  // The chain shows the transaction succeeded: both transfers happened in it.
  landed: { from: [Processing], to: Completed, actor: 'chain' },
  // The chain shows it failed: neither transfer happened (the record keeps the chain's reason).
  failed_on_chain: { from: [Processing], to: Failed, actor: 'chain' },
  // The chain does not know it and its blockhash has died: it can never land.
  never_landed: { from: [Processing], to: Failed, actor: 'chain' },
  // The simulation before sending refused it (the user's or the desk's balance is short): nothing was sent.
  refused_at_simulation: { from: [Processing], to: Failed, actor: 'system' },
  // An admin records the transaction the chain shows paid the user the quoted output; also for a swap that failed
  // and was then paid by hand.
  admin_complete: { from: [Processing, Failed], to: Completed, actor: 'admin' },
  // An admin ends a swap whose result the chain has not decided; a completed swap is never undone by a word.
  admin_fail: { from: [Processing], to: Failed, actor: 'admin' },
};

/** The status after `move` from `current`, or null when the move is not allowed there. */
export function nextSwapStatus(current: SwapStatus, move: SwapMoveName): SwapStatus | null {
  const rule = SWAP_MOVES[move];
  return rule.from.includes(current) ? rule.to : null;
}

const MOVE_NAMES = Object.keys(SWAP_MOVES) as SwapMoveName[];

/** The statuses an admin may move a record to from `current` (the edit form's choices), in table order. */
export function adminSwapTargets(current: SwapStatus): readonly SwapStatus[] {
  const moves = MOVE_NAMES.map((name) => SWAP_MOVES[name]);
  return moves.filter((move) => move.actor === 'admin' && move.from.includes(current)).map((move) => move.to);
}

/** The admin's move that sets `to`, or undefined when no admin move sets it (Processing). */
export function adminSwapMoveTo(to: SwapStatus): SwapMoveName | undefined {
  return MOVE_NAMES.find((name) => SWAP_MOVES[name].actor === 'admin' && SWAP_MOVES[name].to === to);
}

/** Statuses the chain may still move a record out of: the records the sync and the sweep follow. */
export const SWAP_AWAITING_CHAIN: readonly SwapStatus[] = SWAP_STATUSES.filter((status) =>
  MOVE_NAMES.some((name) => SWAP_MOVES[name].actor === 'chain' && SWAP_MOVES[name].from.includes(status)),
);

/** Why an admin cannot move a record from `current` to `to`: a sentence for the edit form. */
export function adminSwapRefusal(current: SwapStatus, to: SwapStatus): string {
  if (current === to) return `This swap is already ${swapStatusLabel(to)}.`;
  if (!adminSwapMoveTo(to)) return `A swap cannot be set back to ${swapStatusLabel(to)}: only its transaction decides that.`;
  return `A ${swapStatusLabel(current)} swap cannot be marked ${swapStatusLabel(to)}.`;
}

/** The admin's move from `current` to `to`, or the sentence that refuses it. */
export function decideAdminSwapMove(
  current: SwapStatus,
  to: SwapStatus,
): { ok: true; move: SwapMoveName } | { ok: false; message: string } {
  const move = adminSwapMoveTo(to);
  return move && nextSwapStatus(current, move) !== null ? { ok: true, move } : { ok: false, message: adminSwapRefusal(current, to) };
}
