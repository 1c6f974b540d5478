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
  refunded: 'Refunded',
  expired: 'Expired — no deposit before the rate ran out',
  failed: 'Failed',
};

/** Nothing more can happen: final and no longer watched (an expired order stays watched, a late deposit reopens it). */
export const isSettledStage = (stage: JellyStage): boolean => {
  const rules = jellyStageRules(stage);
  return rules.final && !rules.watched;
};

export const CHOICE_REASONS: Readonly<Record<JellyChoiceKind, string>> = {
  under: 'Less arrived than the order asked for.',
  over: 'More arrived than the order asked for.',
  late: 'The deposit arrived after the rate expired.',
};

/** One line of the timeline: the step, its amount and who moved it. */
export function eventSummary(event: JellyEvent): string {
  const parts = [STAGE_LABELS[event.stage] ?? event.stage];
  if (event.amount) parts.push(event.coin ? `${event.amount} ${event.coin}` : event.amount);
  parts.push(`by ${event.actor}`);
  return parts.join(' · ');
}
