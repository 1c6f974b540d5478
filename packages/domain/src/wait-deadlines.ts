/**
 * The wait table: every state in which money or a decision waits, what it waits for, who must act, how long it may
 * wait and the way out. The watchdog (apps/api modules/watchdog) reads each kind's waiting records with one reader,
 * and lists, notifies and counts every record past its deadline from this table alone; docs/watchdog.md explains it.
 * A new kind is one entry here and one reader there.
 */
import { JELLY_STAGE_TABLE, type JellyStageName } from './coin-jelly-lifecycle.ts';
import { OrderStatus } from './order-status.ts';
import { SWAP_STATUS_TABLE, SwapStatus } from './swap-lifecycle.ts';

export const WAIT_KINDS = [
  'deal_locked',
  'deal_admin_resolving',
  'deal_payout_waiting',
  'jelly_awaiting_deposit',
  'jelly_deposit_detected',
  'jelly_needs_choice',
  'jelly_awaiting_admin',
  'jelly_settling',
  'jelly_refunding',
  'jelly_refund_sending',
  'jelly_waiting_account',
  'swap_processing',
  'platform_send',
  'support_case',
] as const;
export type WaitKind = (typeof WAIT_KINDS)[number];

/** Who must act for the wait to end: a party, the admins, the server's own jobs, or the chain. */
export type WaitOwner = 'user' | 'counterparty' | 'admin' | 'server' | 'chain';
/** Who must act, as a sentence's subject ('an admin must act'). */
export const WAIT_OWNER_LABELS: Readonly<Record<WaitOwner, string>> = {
  user: 'the user',
  counterparty: 'the counterparty',
  admin: 'an admin',
  server: 'the server',
  chain: 'the chain',
};

/** What the record is, for the link an admin follows. */
export type WaitSubject = 'deal' | 'coin_jelly' | 'swap' | 'platform_send' | 'support_case';

/** How long a record may wait from its clock's start: fixed minutes, or the dispute SLA (DISPUTE_SLA_HOURS). */
export type WaitAllowance = { readonly minutes: number } | 'dispute_sla';

export interface WaitRule {
  readonly subject: WaitSubject;
  /** What the record waits for, a sentence an admin reads. */
  readonly waitsFor: string;
  readonly owner: WaitOwner;
  /** The moment the clock starts (the reader supplies it as `since`). */
  readonly clockFrom: string;
  readonly allowance: WaitAllowance;
  /** How the wait ends, including the admin's own way out. */
  readonly wayOut: string;
}

/** The settings a deadline may depend on. */
export interface WaitSettings {
  readonly disputeSlaHours: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

// Why these allowances: a server job or the chain finishes in seconds (the jobs sweep every minute or so, a
// blockhash lives about 90 s), so 10 minutes is several missed rounds, never a slow one; a swap or a platform send is
// taken over by its sweep after 90 s, so 5 minutes past that is lost. A person gets hours: an admin queue item 2 h
// (the user's coins sit with the desk meanwhile), a user's choice 24 h (COIN_JELLY_WAIT_HOURS' default), a dispute
// or a support case the admins' own SLA.
export const WAIT_TABLE: ReadonlyMap<WaitKind, WaitRule> = new Map<WaitKind, WaitRule>([
  ['deal_locked', {
    subject: 'deal', owner: 'server', clockFrom: 'the end of its payment window', allowance: { minutes: 10 },
    waitsFor: 'The payment-window job to expire the Locked deal and refund the seller.',
    wayOut: 'The payment-window job expires it and refunds the seller; an admin can resolve it.',
  }],
  ['deal_admin_resolving', {
    subject: 'deal', owner: 'admin', clockFrom: 'the opening of the dispute', allowance: 'dispute_sla',
    waitsFor: "An admin's decision on the disputed deal.",
    wayOut: 'An admin releases the tokens to the buyer or refunds the seller from the dispute dossier.',
  }],
  // A refund or an admin's release refused because the recipient closed (or never opened) their token account: the
  // platform does not open it with its SOL, so the recipient must act; a day later an admin should reach them.
  ['deal_payout_waiting', {
    subject: 'deal', owner: 'user', clockFrom: "the refusal for the recipient's missing token account", allowance: { minutes: 24 * 60 },
    waitsFor: 'The recipient to open their token account so their refund or release can be sent.',
    wayOut: "The recipient presses Receive on the deal page (their wallet opens the account); an admin reaches them meanwhile.",
  }],
  ['jelly_awaiting_deposit', {
    subject: 'coin_jelly', owner: 'server', clockFrom: 'the expiry of its quote', allowance: { minutes: 10 },
    waitsFor: 'The Coin Jelly poller to expire the order nobody paid.',
    wayOut: 'The poller expires it (a late deposit reopens it); an admin can fail it.',
  }],
  ['jelly_deposit_detected', {
    subject: 'coin_jelly', owner: 'server', clockFrom: 'the credited deposit', allowance: { minutes: 10 },
    waitsFor: 'The Coin Jelly payout of a credited deposit.',
    wayOut: 'The poller pays out; an admin can complete it (paid by hand) or fail it.',
  }],
  ['jelly_needs_choice', {
    subject: 'coin_jelly', owner: 'user', clockFrom: 'the question put to the user', allowance: { minutes: 24 * 60 },
    waitsFor: "The user's choice between exchange at the current rate and a refund.",
    wayOut: 'The user chooses exchange or refund; an admin can fail it.',
  }],
  ['jelly_awaiting_admin', {
    subject: 'coin_jelly', owner: 'admin', clockFrom: 'the entry into the admin queue', allowance: { minutes: 2 * 60 },
    waitsFor: "An admin's payout of a Coin Jelly order the desk does not pay by itself.",
    wayOut: 'An admin pays it out, completes it or fails it in the Coin Jelly queue.',
  }],
  ['jelly_settling', {
    subject: 'coin_jelly', owner: 'chain', clockFrom: 'the claim of its payout', allowance: { minutes: 10 },
    waitsFor: 'The Coin Jelly payout to land on chain.',
    wayOut: 'The poller verifies it (send recovery re-sends or signs afresh); an admin can complete or fail it.',
  }],
  ['jelly_refunding', {
    subject: 'coin_jelly', owner: 'server', clockFrom: 'the refund choice', allowance: { minutes: 10 },
    waitsFor: 'The Coin Jelly refund to the refund address.',
    wayOut: 'The poller sends and verifies the refund; an admin can fail it.',
  }],
  ['jelly_refund_sending', {
    subject: 'coin_jelly', owner: 'chain', clockFrom: 'the claim of its refund', allowance: { minutes: 10 },
    waitsFor: 'The Coin Jelly refund to land on chain.',
    wayOut: 'The poller verifies it (send recovery re-sends or signs afresh); an admin can fail it.',
  }],
  // A payout or refund to an address without a token account for the coin (the platform never opens one): the user
  // acts; after COIN_JELLY_WAIT_HOURS (24 by default) the order is in the admins' Coin Jelly queue, and they are told.
  ['jelly_waiting_account', {
    subject: 'coin_jelly', owner: 'user', clockFrom: 'the first read of the missing token account', allowance: { minutes: 24 * 60 },
    waitsFor: 'The recipient to open a token account for the coin so the payout or refund can be sent.',
    wayOut: 'The user opens the account (Open the account and receive) or takes a refund instead; an admin completes or fails it.',
  }],
  ['swap_processing', {
    subject: 'swap', owner: 'chain', clockFrom: 'the submission of the swap', allowance: { minutes: 5 },
    waitsFor: 'The swap transaction to land or die on chain.',
    wayOut: 'The processing sweep settles it from the chain; an admin can mark it Completed or Failed.',
  }],
  ['platform_send', {
    subject: 'platform_send', owner: 'chain', clockFrom: 'the signature by the platform gate', allowance: { minutes: 5 },
    waitsFor: 'A transaction a platform key signed to become final.',
    wayOut: 'The send-recovery job re-sends it or marks it expired so its owner signs afresh.',
  }],
  ['support_case', {
    subject: 'support_case', owner: 'admin', clockFrom: 'the opening of the case', allowance: 'dispute_sla',
    waitsFor: "An admin's answer to a support case on an ended deal.",
    wayOut: 'An admin answers in the deal chat, acts on the accounts and closes the case with a reason.',
  }],
]);

export function waitRule(kind: WaitKind): WaitRule {
  const rule = WAIT_TABLE.get(kind);
  if (!rule) throw new RangeError(`Unknown wait kind ${kind}`);
  return rule;
}

export function isWaitKind(value: unknown): value is WaitKind {
  return WAIT_TABLE.has(value as WaitKind);
}

/** How long a record of `kind` may wait, in milliseconds. */
export function waitAllowanceMs(kind: WaitKind, settings: WaitSettings): number {
  const { allowance } = waitRule(kind);
  return allowance === 'dispute_sla' ? settings.disputeSlaHours * HOUR_MS : allowance.minutes * MINUTE_MS;
}

/** The moment a record of `kind` whose clock started at `since` becomes overdue. */
export function waitDeadline(kind: WaitKind, since: Date, settings: WaitSettings): Date {
  return new Date(since.getTime() + waitAllowanceMs(kind, settings));
}

/** Past its deadline at `now` (a record exactly at its deadline is not yet late). */
export function isOverdue(kind: WaitKind, since: Date, now: Date, settings: WaitSettings): boolean {
  return now.getTime() > waitDeadline(kind, since, settings).getTime();
}

/** The kinds of one subject, in table order. */
export function waitKindsOf(subject: WaitSubject): readonly WaitKind[] {
  return WAIT_KINDS.filter((kind) => waitRule(kind).subject === subject);
}

// ── Which record state each kind watches (the readers select by these, so the two tables cannot drift) ────────────

/** The deal status each deal kind watches. */
export const WAIT_DEAL_STATUS: Readonly<Partial<Record<WaitKind, OrderStatus>>> = {
  deal_locked: OrderStatus.CryptoGuyLockedCrypto,
  deal_admin_resolving: OrderStatus.AdminResolving,
};

/** The Coin Jelly kind of each non-final stage (every one is watched), or undefined for a final stage. */
export function jellyWaitKind(stage: JellyStageName): WaitKind | undefined {
  if (JELLY_STAGE_TABLE.get(stage)?.final !== false) return undefined;
  const kind = `jelly_${stage}`;
  return isWaitKind(kind) ? kind : undefined;
}

/** The swap status the swap kind watches: the one non-final status. */
export const WAIT_SWAP_STATUS: SwapStatus = [...SWAP_STATUS_TABLE].find(([, rules]) => !rules.final)?.[0] ?? SwapStatus.Processing;

/** The counts of overdue records by kind, every kind present (0 when none). */
export function countByKind(kinds: Iterable<WaitKind>): Record<WaitKind, number> {
  const counts = Object.fromEntries(WAIT_KINDS.map((kind) => [kind, 0])) as Record<WaitKind, number>;
  for (const kind of kinds) counts[kind] += 1;
  return counts;
}
