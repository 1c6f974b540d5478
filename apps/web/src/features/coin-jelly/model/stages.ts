import type { JellyChoiceKind } from '@jelly/contracts';
import { jellyStageRules } from '@jelly/domain';
import type { JellyEvent, JellyStage } from '../api/contract.ts';

/** What each step means to the user. */
export const STAGE_LABELS: Readonly<Record<JellyStage, string>> = {
  awaiting_deposit: 'Waiting for your deposit',
  deposit_detected: 'Deposit detected',
  needs_choice: 'Your choice is needed',
  awaiting_admin: 'Waiting for an operator to pay out',
  settling: 'Payout sent, confirming on chain',
  completed: 'Completed',
  refunding: 'Refund sent',
  refund_sending: 'Refund sent, confirming on chain',
  refunded: 'Refunded',
  expired: 'Expired — no deposit before the rate ran out',
  failed: 'Failed',
};

/** What an admin reads for a stage that waits on the user: nothing to do yet, but a deposit sits at the address. */
export const AWAITING_USER_CHOICE = "Waiting for the user's choice";

/** Nothing more can happen: final and no longer watched (an expired order stays watched, a late deposit reopens it). */
export const isSettledStage = (stage: JellyStage): boolean => {
  const rules = jellyStageRules(stage);
  return rules.final && !rules.watched;
};

export const CHOICE_REASONS: Readonly<Record<JellyChoiceKind, string>> = {
  under: 'Less arrived than the order asked for.',
  over: 'More arrived than the order asked for.',
  late: 'The deposit arrived after the rate expired.',
  rate_moved: 'The market moved against the fixed rate by more than the price band before the deposit arrived.',
};

/** One line of the timeline: the step, its amount and who moved it. */
export function eventSummary(event: JellyEvent): string {
  const parts = [STAGE_LABELS[event.stage] ?? event.stage];
  if (event.amount) parts.push(event.coin ? `${event.amount} ${event.coin}` : event.amount);
  parts.push(`by ${event.actor}`);
  return parts.join(' · ');
}

/** How far an order got on its way: 0 nothing arrived, 1 deposit detected, 2 payout (or refund) sent, 3 done. */
const PROGRESS: Readonly<Record<JellyStage, number>> = {
  awaiting_deposit: 0,
  expired: 0,
  failed: 0,
  deposit_detected: 1,
  needs_choice: 1,
  awaiting_admin: 1,
  settling: 2,
  refunding: 2,
  refund_sending: 2,
  completed: 3,
  refunded: 3,
};

export interface ProgressStep {
  label: string;
  done: boolean;
}

/** The three steps the user waits through, each ticked once reached; none for an order that expired or failed. */
export function progressSteps(stage: JellyStage): ProgressStep[] {
  if (stage === 'expired' || stage === 'failed') return [];
  const reached = PROGRESS[stage];
  const refund = stage === 'refunding' || stage === 'refund_sending' || stage === 'refunded';
  return [
    { label: 'Deposit detected', done: reached >= 1 },
    { label: refund ? 'Refund sent' : 'Payout sent', done: reached >= 2 },
    { label: refund ? 'Refunded' : 'Completed', done: reached >= 3 },
  ];
}
