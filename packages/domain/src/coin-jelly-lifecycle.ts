/**
 * The Coin Jelly state table: what each stage means, which swap status (swap-lifecycle.ts) it shows under, and
 * which event moves an order from which stages to which. The API applies each move as one conditional
 * UPDATE … WHERE stage IN (from) and writes a timeline event; nothing else decides a stage.
 */
import { SwapStatus } from './swap-lifecycle.ts';

export const JELLY_STAGE_NAMES = [
  'awaiting_deposit',
  'deposit_detected',
  'needs_choice',
  'awaiting_admin',
  'settling',
  'completed',
  'refunding',
  'refund_sending',
  'refunded',
  'expired',
  'failed',
] as const;
export type JellyStageName = (typeof JELLY_STAGE_NAMES)[number];

export interface JellyStageRules {
  readonly status: SwapStatus;
  /** The deposit address is still watched (a deposit may still arrive and be credited to this order). */
  readonly watched: boolean;
  /** Waiting on someone: the user (a choice), an admin, or nobody (the chain or the server). */
  readonly waitingOn: 'user' | 'admin' | null;
  readonly final: boolean;
  /**
   * The server's own step at this stage: it pays out or sends the refund without anyone asking, so the poller
   * resumes it after a restart or a failed send. null: the order waits on the chain, a person, or nothing.
   */
  readonly job: 'payout' | 'refund' | null;
}

const stage = (
  status: SwapStatus,
  watched: boolean,
  waitingOn: JellyStageRules['waitingOn'],
  final = false,
  job: JellyStageRules['job'] = null,
): JellyStageRules => ({ status, watched, waitingOn, final, job });

/** In the order an order lives through them. */
export const JELLY_STAGE_TABLE: ReadonlyMap<JellyStageName, JellyStageRules> = new Map([
  ['awaiting_deposit', stage(SwapStatus.Processing, true, null)],
  ['deposit_detected', stage(SwapStatus.Processing, true, null, false, 'payout')],
  ['needs_choice', stage(SwapStatus.Processing, true, 'user')],
  ['awaiting_admin', stage(SwapStatus.Processing, true, 'admin')],
  ['settling', stage(SwapStatus.Processing, false, null)],
  ['completed', stage(SwapStatus.Completed, false, null, true)],
  ['refunding', stage(SwapStatus.Processing, false, null, false, 'refund')],
  // The refund's claim, the twin of settling: one run took it and sends; the send recovery finishes or resumes it.
  ['refund_sending', stage(SwapStatus.Processing, false, null)],
  ['refunded', stage(SwapStatus.Failed, false, null, true)],
  // An expired order keeps its address watched: a late deposit reopens it (the user then chooses).
  ['expired', stage(SwapStatus.Failed, true, null, true)],
  ['failed', stage(SwapStatus.Failed, false, null, true)],
]);

export function jellyStageRules(name: JellyStageName): JellyStageRules {
  const rules = JELLY_STAGE_TABLE.get(name);
  if (!rules) throw new RangeError(`Unknown Coin Jelly stage ${name}`);
  return rules;
}

export function jellyStatusOf(name: JellyStageName): SwapStatus {
  return jellyStageRules(name).status;
}

/** Stages whose rules match, in lifecycle order. */
export function jellyStagesWhere(match: (rules: JellyStageRules) => boolean): readonly JellyStageName[] {
  return [...JELLY_STAGE_TABLE].filter(([, r]) => match(r)).map(([name]) => name);
}

/** The stages of a swap status (for the lists' Status filter). */
export function jellyStagesOfStatus(status: SwapStatus): readonly JellyStageName[] {
  return jellyStagesWhere((r) => r.status === status);
}

export type JellyMoveName =
  | 'deposit_exact'
  | 'deposit_needs_choice'
  | 'deposit_needs_admin'
  | 'choose_exchange'
  | 'choose_refund'
  | 'refund_instead_of_waiting'
  | 'payout_sent'
  | 'payout_verified'
  | 'refund_sent'
  | 'refund_released'
  | 'refund_verified'
  | 'expire'
  | 'late_deposit'
  | 'admin_complete'
  | 'admin_fail';

export interface JellyMove {
  readonly from: readonly JellyStageName[];
  readonly to: JellyStageName;
  readonly actor: 'user' | 'chain' | 'system' | 'admin';
}

/** Every move an order can make. */
export const JELLY_MOVES: Readonly<Record<JellyMoveName, JellyMove>> = {
  // The credited deposit matches the quote within the rate's lifetime (automatic pair): pay out.
  // (From needs_choice: a second deposit completed an under-payment.)
  deposit_exact: { from: ['awaiting_deposit', 'needs_choice'], to: 'deposit_detected', actor: 'chain' },
  // Under, over, after the rate expired, or after the market moved against the fixed rate beyond the price band
  // (coin-jelly-rate-band.ts): the user chooses between exchange at the current rate and refund.
  deposit_needs_choice: { from: ['awaiting_deposit', 'needs_choice'], to: 'needs_choice', actor: 'chain' },
  // A pair the desk does not pay by itself (BTC, ETH on either side): an admin confirms and pays out.
  deposit_needs_admin: { from: ['awaiting_deposit', 'needs_choice', 'deposit_detected'], to: 'awaiting_admin', actor: 'chain' },
  choose_exchange: { from: ['needs_choice'], to: 'deposit_detected', actor: 'user' },
  choose_refund: { from: ['needs_choice'], to: 'refunding', actor: 'user' },
  // A payout waiting for the recipient's token account (deposit_detected, marked waiting: apps/api coin-jelly
  // wait-for-account.ts): the user takes the deposit back instead. It races payout_sent from the same stage, and being
  // two conditional moves from deposit_detected, exactly one of them wins.
  refund_instead_of_waiting: { from: ['deposit_detected'], to: 'refunding', actor: 'user' },
  payout_sent: { from: ['deposit_detected', 'awaiting_admin'], to: 'settling', actor: 'system' },
  payout_verified: { from: ['settling'], to: 'completed', actor: 'chain' },
  // The refund's claim, like payout_sent: only the run whose move wins goes on to send.
  refund_sent: { from: ['refunding'], to: 'refund_sending', actor: 'system' },
  // The node refused the refund (nothing left): the claim is released and the poller tries again.
  refund_released: { from: ['refund_sending'], to: 'refunding', actor: 'system' },
  refund_verified: { from: ['refund_sending'], to: 'refunded', actor: 'chain' },
  expire: { from: ['awaiting_deposit'], to: 'expired', actor: 'system' },
  late_deposit: { from: ['expired'], to: 'needs_choice', actor: 'chain' },
  admin_complete: { from: ['awaiting_admin', 'settling', 'deposit_detected'], to: 'completed', actor: 'admin' },
  admin_fail: {
    from: ['awaiting_deposit', 'deposit_detected', 'needs_choice', 'awaiting_admin', 'settling', 'refunding', 'refund_sending'],
    to: 'failed',
    actor: 'admin',
  },
};

/** The stage after `move` from `current`, or null when the move is not allowed there. */
export function nextJellyStage(current: JellyStageName, move: JellyMoveName): JellyStageName | null {
  const rule = JELLY_MOVES[move];
  return rule.from.includes(current) ? rule.to : null;
}

/** The moves a credited deposit makes: paid as quoted, questioned (under, over, late, rate moved), or reopening an expired order. */
export const JELLY_DEPOSIT_MOVES = ['deposit_exact', 'deposit_needs_choice', 'late_deposit'] as const satisfies readonly JellyMoveName[];

/**
 * Stages in which a deposit belongs to the order: those a deposit move starts from. At any other stage a deposit is
 * kept for the admin queue, credited to nothing.
 */
export const JELLY_STAGES_TAKING_DEPOSITS: readonly JellyStageName[] = JELLY_STAGE_NAMES.filter((name) =>
  JELLY_DEPOSIT_MOVES.some((move) => JELLY_MOVES[move].from.includes(name)),
);

/** Stages at which the server has its own step to run (the poller resumes them), in lifecycle order. */
export const JELLY_STAGES_WITH_JOB: readonly JellyStageName[] = jellyStagesWhere((r) => r.job !== null);
