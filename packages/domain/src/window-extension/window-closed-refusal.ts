import { type WindowDeal, type WindowRefusal, windowRunning } from './rules.ts';

export const PAYMENT_WINDOW_NOT_RUNNING = 'The payment window is not running, so it cannot be extended.';

/**
 * An extension moves a deadline that is still ahead: once the deal left its countdown (locked and paid, cancelled,
 * expired, under review) or its deadline passed, there is nothing to extend, and an answer that comes too late is
 * refused rather than reviving a deal the payment-window job may already be expiring.
 */
export function windowClosedRefusal(deal: WindowDeal, now: Date): WindowRefusal | null {
  return windowRunning(deal, now) ? null : { kind: 'conflict', message: PAYMENT_WINDOW_NOT_RUNNING };
}
