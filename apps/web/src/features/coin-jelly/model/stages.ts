import type { JellyEvent, JellyOrder, JellyStage } from '../api/contract.ts';

/** What each step means to the user, in the order an order normally goes through them. */
export const STAGE_LABELS: Readonly<Record<JellyStage, string>> = {
  awaiting_deposit: 'Waiting for your deposit',
  deposit_detected: 'Deposit detected',
  deposit_confirmed: 'Deposit confirmed',
  choice_needed: 'Your choice is needed',
  settling: 'Payout sent',
  admin_payout: 'Waiting for the payout by an operator',
  completed: 'Completed',
  refunding: 'Refund sent',
  refunded: 'Refunded',
  expired: 'Expired — no deposit before the rate ran out',
  failed: 'Failed',
};

/** Stages after which nothing more happens on the order. */
export const FINAL_STAGES: ReadonlySet<JellyStage> = new Set(['completed', 'refunded', 'expired', 'failed']);

export const CHOICE_REASONS: Readonly<Record<NonNullable<JellyOrder['choiceReason']>, string>> = {
  under: 'Less arrived than the order asked for.',
  over: 'More arrived than the order asked for.',
  late: 'The deposit arrived after the rate expired.',
};

/** One line of the timeline: the step, its amount and who moved it. */
export function eventSummary(event: JellyEvent): string {
  const parts = [STAGE_LABELS[event.stage] ?? event.stage];
  if (event.amount) parts.push(event.coin ? `${event.amount} ${event.coin}` : event.amount);
  if (event.actor) parts.push(`by ${event.actor}`);
  return parts.join(' · ');
}
