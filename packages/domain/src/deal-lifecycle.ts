/**
 * The deal state table: what each status means and which action moves a deal from which status, by whom, to where.
 * Every status set and transition rule in the API and the web is read from here; docs/deal-lifecycle.md explains it.
 */
import { EscrowError, escrowMessage } from '@jelly/escrow/errors';
import { OrderStatus } from './order-status.ts';
import { type DealOrder, dealRoleOf, isDealParty } from './deal-roles.ts';
import {
  CLAIM_OWN_OFFER,
  DEAL_EXPIRED,
  DISPUTE_NOT_POSSIBLE,
  LOCK_NOT_AVAILABLE,
  NOT_A_PARTY,
  NO_TOKENS_LOCKED,
  OFFER_NOT_ACTIVE,
  ONLY_FIAT_SIDE_CAN_CANCEL,
  ORDER_ALREADY_RESOLVED_BY_ADMIN,
} from './messages.ts';

/** open: no tokens locked yet; escrow: tokens sit in the escrow vault; final: the deal can no longer change. */
export type DealPhase = 'open' | 'escrow' | 'final';

export interface DealStatusRules {
  readonly phase: DealPhase;
  /** The parties may still write in the deal chat and attach files. */
  readonly chatOpen: boolean;
  /** The deal's tokens sit in the escrow vault (only the chain or the admin can move them). */
  readonly tokensInEscrow: boolean;
  /** The payment window counts down: the seller must lock (In Progress) or the buyer must pay (Locked). */
  readonly countdownRuns: boolean;
  /** The deal header shows the parties' action buttons (none once finished or under admin review). */
  readonly partyButtons: boolean;
  /** The dashboard tab a deal in this status is listed under; null for an offer's own status (Active). */
  readonly group: DealStatusGroup | null;
}

/** The dashboard's status tabs: every deal status belongs to exactly one, so no deal is lost between them. */
export const DEAL_STATUS_GROUP_NAMES = ['processing', 'completed', 'cancelled'] as const;
export type DealStatusGroup = (typeof DEAL_STATUS_GROUP_NAMES)[number];

const rules = (
  phase: DealPhase,
  chatOpen: boolean,
  countdownRuns: boolean,
  partyButtons: boolean,
  group: DealStatusGroup | null,
): DealStatusRules => ({
  phase,
  chatOpen,
  tokensInEscrow: phase === 'escrow',
  countdownRuns,
  partyButtons,
  group,
});

/** Per status, in the order a deal lives through them (the order of every derived list). */
export const DEAL_STATUS_TABLE: ReadonlyMap<OrderStatus, DealStatusRules> = new Map([
  [OrderStatus.Active, rules('open', true, false, true, null)],
  [OrderStatus.InProgress, rules('open', true, true, true, 'processing')],
  [OrderStatus.CryptoGuyLockedCrypto, rules('escrow', true, true, true, 'processing')],
  [OrderStatus.SignedByOneParty, rules('escrow', true, false, true, 'processing')],
  [OrderStatus.AdminResolving, rules('escrow', true, false, false, 'processing')],
  [OrderStatus.Completed, rules('final', false, false, false, 'completed')],
  [OrderStatus.Cancelled, rules('final', false, false, false, 'cancelled')],
  // An admin's resolution or an expiry keeps the chat readable and writable for the follow-up. An admin's ruling
  // ends the deal as done (tokens released or refunded by decision); an expiry ends it undone, like a cancel.
  [OrderStatus.AdminResolved, rules('final', true, false, true, 'completed')],
  [OrderStatus.Expired, rules('final', true, false, true, 'cancelled')],
]);

/** The rules of a status; undefined for a number that is no status. */
export function dealStatusRules(status: number): DealStatusRules | undefined {
  return DEAL_STATUS_TABLE.get(status as OrderStatus);
}

/** The statuses whose rules match, in lifecycle order. */
export function statusesWhere(match: (rules: DealStatusRules) => boolean): readonly OrderStatus[] {
  return [...DEAL_STATUS_TABLE].filter(([, r]) => match(r)).map(([status]) => status);
}

/** Deals that can no longer change. */
export const FINAL_STATUSES = statusesWhere((r) => r.phase === 'final');
/** Claimed deals not finished yet: the chain may still finish their ticket. */
export const UNDERWAY_STATUSES = statusesWhere((r) => r.phase !== 'final').filter((s) => s !== OrderStatus.Active);
/** Statuses in which the deal's tokens sit in escrow. */
export const ESCROW_STATUSES = statusesWhere((r) => r.tokensInEscrow);
/** Statuses whose payment window runs. */
export const COUNTDOWN_STATUSES = statusesWhere((r) => r.countdownRuns);
/** Statuses that hide every action button of the parties. */
export const ACTIONS_HIDDEN_STATUSES = statusesWhere((r) => !r.partyButtons);
/** The statuses of each dashboard tab (processing, completed, cancelled), in lifecycle order. */
export const DEAL_STATUS_GROUPS: Readonly<Record<DealStatusGroup, readonly OrderStatus[]>> = {
  processing: statusesWhere((r) => r.group === 'processing'),
  completed: statusesWhere((r) => r.group === 'completed'),
  cancelled: statusesWhere((r) => r.group === 'cancelled'),
};
/** The dashboard tab of a status; null for Active (an offer) or a number that is no status. */
export const dealStatusGroup = (status: number): DealStatusGroup | null => dealStatusRules(status)?.group ?? null;

export const isFinalStatus = (status: number): boolean => dealStatusRules(status)?.phase === 'final';
export const hasTokensInEscrow = (status: number): boolean => dealStatusRules(status)?.tokensInEscrow === true;
export const countdownRuns = (status: number): boolean => dealStatusRules(status)?.countdownRuns === true;
/** Chat is closed for Completed or Cancelled orders. */
/** Whether the deal chat is closed; an open support case reopens it for the case's talk (parties and admins). */
export const isChatClosed = (status: number, supportCaseOpen = false): boolean =>
  !supportCaseOpen && dealStatusRules(status)?.chatOpen === false;

// ── Actions ───────────────────────────────────────────────────────────────────

export type DealAction = 'claim' | 'lock' | 'sign' | 'cancel' | 'supportRequest' | 'adminResolve' | 'expire';

/**
 * Who takes an action: the offer's creator or the deal's acceptor, the fiat side (pays, receives the tokens), the
 * crypto side (locks the tokens), either party, another signed-in wallet (claims an offer), an admin, or the
 * payment-window job.
 */
export type DealActor = 'creator' | 'acceptor' | 'fiat' | 'crypto' | 'party' | 'visitor' | 'admin' | 'system';

export interface DealStep {
  readonly from: OrderStatus;
  readonly by: DealActor;
  readonly to: OrderStatus;
  /** database: only the database moves; chain: an escrow instruction moves the tokens and the database follows. */
  readonly via: 'database' | 'chain';
}

export interface DealActionRules {
  readonly steps: readonly DealStep[];
  /** Why the action is refused from a status it has no step from (or by an actor that may not take it). */
  readonly refusal: (status: number) => string;
  /** Why it is refused to an actor who may not take it from a status it does have a step from. */
  readonly wrongActor: (status: number) => string;
}

const UNAUTHORIZED = escrowMessage(EscrowError.Unauthorized);
const step = (from: OrderStatus, by: DealActor, to: OrderStatus, via: DealStep['via']): DealStep => ({ from, by, to, via });
const S = OrderStatus;

export const DEAL_ACTIONS: Readonly<Record<DealAction, DealActionRules>> = {
  // Claiming an Active offer creates a child deal as In Progress (a Buy offer's acceptor locks in the same step).
  claim: {
    steps: [step(S.Active, 'visitor', S.InProgress, 'database')],
    refusal: () => OFFER_NOT_ACTIVE,
    wrongActor: () => CLAIM_OWN_OFFER,
  },
  lock: {
    steps: [step(S.InProgress, 'crypto', S.CryptoGuyLockedCrypto, 'chain')],
    refusal: () => LOCK_NOT_AVAILABLE,
    wrongActor: () => LOCK_NOT_AVAILABLE,
  },
  // Mark as Paid: the fiat side signs first, the crypto side's signature settles the deal.
  sign: {
    steps: [
      step(S.CryptoGuyLockedCrypto, 'fiat', S.SignedByOneParty, 'chain'),
      step(S.SignedByOneParty, 'crypto', S.Completed, 'chain'),
    ],
    refusal: (status) => SIGN_REFUSALS.get(status as OrderStatus) ?? UNAUTHORIZED,
    // the fiat side signing twice lost a race with its own first signature
    wrongActor: (status) => (status === S.SignedByOneParty ? escrowMessage(EscrowError.AlreadyPerformed) : UNAUTHORIZED),
  },
  cancel: {
    steps: [
      step(S.Active, 'creator', S.Cancelled, 'database'),
      step(S.InProgress, 'party', S.Cancelled, 'database'),
      step(S.CryptoGuyLockedCrypto, 'fiat', S.Cancelled, 'chain'),
    ],
    refusal: () => escrowMessage(EscrowError.CannotCancel),
    wrongActor: (status) => (status === S.CryptoGuyLockedCrypto ? ONLY_FIAT_SIDE_CAN_CANCEL : UNAUTHORIZED),
  },
  // A support request on a deal already under review changes nothing (and is not refused).
  supportRequest: {
    steps: [
      step(S.InProgress, 'party', S.AdminResolving, 'database'),
      step(S.CryptoGuyLockedCrypto, 'party', S.AdminResolving, 'database'),
      step(S.SignedByOneParty, 'party', S.AdminResolving, 'database'),
    ],
    refusal: () => DISPUTE_NOT_POSSIBLE,
    wrongActor: () => NOT_A_PARTY,
  },
  // With tokens in escrow the admin releases them to the fiat side or refunds the crypto side; a deal never locked
  // holds nothing on chain and can only be cancelled in the database.
  adminResolve: {
    steps: [
      step(S.CryptoGuyLockedCrypto, 'admin', S.AdminResolved, 'chain'),
      step(S.SignedByOneParty, 'admin', S.AdminResolved, 'chain'),
      step(S.AdminResolving, 'admin', S.AdminResolved, 'chain'),
      step(S.InProgress, 'admin', S.Cancelled, 'database'),
      step(S.AdminResolving, 'admin', S.Cancelled, 'database'),
    ],
    refusal: (status) => ADMIN_RESOLVE_REFUSALS.get(status as OrderStatus) ?? NO_TOKENS_LOCKED,
    wrongActor: () => UNAUTHORIZED,
  },
  // The payment window ends: an unlocked deal expires in the database, a locked one is refunded on chain.
  expire: {
    steps: [step(S.InProgress, 'system', S.Expired, 'database'), step(S.CryptoGuyLockedCrypto, 'system', S.Expired, 'chain')],
    refusal: () => DEAL_EXPIRED,
    wrongActor: () => UNAUTHORIZED,
  },
};

const SIGN_REFUSALS: ReadonlyMap<OrderStatus, string> = new Map([
  [S.InProgress, escrowMessage(EscrowError.CryptoGuyMustLockFirst)],
  [S.Completed, escrowMessage(EscrowError.AlreadyCompleted)],
  [S.Cancelled, escrowMessage(EscrowError.AlreadyCancelled)],
]);

/** Why a finished deal cannot be resolved by the admin. */
export const ADMIN_RESOLVE_REFUSALS: ReadonlyMap<OrderStatus, string> = new Map([
  [S.AdminResolved, ORDER_ALREADY_RESOLVED_BY_ADMIN],
  [S.Completed, escrowMessage(EscrowError.AlreadyCompleted)],
  [S.Cancelled, escrowMessage(EscrowError.AlreadyCancelled)],
  [S.Expired, DEAL_EXPIRED],
]);

/** The steps of an action that start from `status` (by whom, to where). */
export function stepsFrom(action: DealAction, status: number): readonly DealStep[] {
  return DEAL_ACTIONS[action].steps.filter((s) => s.from === status);
}

/** The statuses an action may start from (only its steps `via` the chain or database, or `by` one actor), in lifecycle order. */
export function actionSources(action: DealAction, only: Partial<Pick<DealStep, 'via' | 'by'>> = {}): readonly OrderStatus[] {
  const steps = DEAL_ACTIONS[action].steps.filter((s) => (!only.via || s.via === only.via) && (!only.by || s.by === only.by));
  const from = new Set(steps.map((s) => s.from));
  return [...DEAL_STATUS_TABLE.keys()].filter((status) => from.has(status));
}

/** The step the actor takes, or the message that refuses it. */
export function decideDealAction(
  action: DealAction,
  status: number,
  actors: readonly DealActor[],
): { ok: true; step: DealStep } | { ok: false; message: string } {
  const steps = stepsFrom(action, status);
  const taken = steps.find((s) => actors.includes(s.by));
  if (taken) return { ok: true, step: taken };
  const rules = DEAL_ACTIONS[action];
  return { ok: false, message: steps.length ? rules.wrongActor(status) : rules.refusal(status) };
}

/** May an action start from this status at all (by someone)? */
export const actionAllowedFrom = (action: DealAction, status: number): boolean => stepsFrom(action, status).length > 0;

/** The step an actor may take from a status, or undefined. */
export function dealStep(action: DealAction, status: number, actors: readonly DealActor[]): DealStep | undefined {
  return stepsFrom(action, status).find((s) => actors.includes(s.by));
}

/** The parts a wallet plays in a deal (none for a missing wallet; admin and system are never derived from a wallet). */
export function dealActorsOf(order: DealOrder, wallet: string | null | undefined): DealActor[] {
  if (!wallet) return [];
  const actors: DealActor[] = [];
  if (wallet === order.creatorWallet) actors.push('creator');
  if (order.acceptorWallet && wallet === order.acceptorWallet) actors.push('acceptor');
  const role = dealRoleOf(order, wallet);
  if (role) actors.push(role);
  actors.push(isDealParty(order, wallet) ? 'party' : 'visitor');
  return actors;
}
