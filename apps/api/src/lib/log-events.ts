import type { FastifyBaseLogger } from 'fastify';

/**
 * The money events an operator alerts on: each line about one of them carries `event` with one of these names, and
 * its level from here (info: normal progress; warn: an operator looks; error: a bug or an outage). The names are
 * stable: dashboards and alerts match them. docs/logging.md has the table (when, fields, what to do), and a test
 * proves the two lists the same.
 */
export const LOG_EVENTS = {
  'send.recorded': 'info',
  'send.landed': 'info',
  'send.failed': 'warn',
  'send.expired': 'info',
  'send.dropped': 'info',
  'send.resumed': 'info',
  'send.resigned': 'warn',
  'send.recovery_failed': 'warn',
  'gate.refused': 'warn',
  'payout.waiting': 'info',
  'payout.in_flight': 'info',
  'payout.not_sent': 'warn',
  'payout.failed': 'error',
  'refund.waiting': 'info',
  'refund.in_flight': 'info',
  'refund.failed': 'warn',
  'sweep.in_flight': 'info',
  'sweep.failed': 'warn',
  'deal.expired': 'info',
  'replica.busy': 'info',
  'resolution.waiting': 'info',
  'resolution.refused': 'warn',
  'swap.settle_failed': 'warn',
  'rent.reclaimed': 'info',
  'rent.reclaim_failed': 'warn',
  'watchdog.overdue': 'warn',
  'fee_payer.runway_low': 'warn',
  'fee_payer.budget_reached': 'warn',
  'fee_payer.record_failed': 'warn',
  'job.failed': 'error',
} as const satisfies Record<string, 'info' | 'warn' | 'error'>;

export type LogEvent = keyof typeof LOG_EVENTS;

/** A logger with the level the event is logged at (so a job's narrow logger is enough for `job.failed`). */
type EventLog<E extends LogEvent> = Pick<FastifyBaseLogger, (typeof LOG_EVENTS)[E]>;

/** Logs a money event at its level, with `event` set: the only way a line gets an `event` field. */
export function logEvent<E extends LogEvent>(log: EventLog<E> | null | undefined, event: E, fields: Record<string, unknown>, message: string): void {
  const level: (typeof LOG_EVENTS)[E] = LOG_EVENTS[event];
  log?.[level]({ ...fields, event }, message);
}
