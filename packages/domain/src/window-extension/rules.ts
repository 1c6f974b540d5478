/**
 * A deal's payment window can be extended: either party asks for 15, 30 or 60 more minutes and the other accepts
 * or declines. Everything the web and the API decide about it is read from here; each refusal has its own file.
 */
import { countdownRuns } from '../deal-lifecycle.ts';

/** The extensions a party may ask for, in minutes. */
export const WINDOW_EXTENSION_MINUTES = [15, 30, 60] as const;
export type WindowExtensionMinutes = (typeof WINDOW_EXTENSION_MINUTES)[number];
/** Requests per deal, whatever their answer: a declined request counts too, so nobody can ask without end. */
export const MAX_WINDOW_EXTENSIONS = 2;

export type WindowExtensionState = 'pending' | 'accepted' | 'declined';

export interface WindowExtensionRecord {
  readonly id: number;
  readonly requestedBy: string;
  readonly minutes: number;
  readonly state: WindowExtensionState;
}

/** What the rules need of a deal. */
export interface WindowDeal {
  readonly status: number;
  readonly creatorWallet: string;
  readonly acceptorWallet: string | null;
  /** ISO text (web) or a Date (api); null before a deal has one. */
  readonly paymentDeadline: string | Date | null;
}

/** Why a window act is refused: the caller may not do it at all, or not in the deal's current state. */
export interface WindowRefusal {
  readonly kind: 'forbidden' | 'conflict';
  readonly message: string;
}

export const isWindowExtensionMinutes = (value: number): value is WindowExtensionMinutes =>
  (WINDOW_EXTENSION_MINUTES as readonly number[]).includes(value);

export function deadlineTime(deal: Pick<WindowDeal, 'paymentDeadline'>): number | null {
  if (deal.paymentDeadline === null) return null;
  const time = new Date(deal.paymentDeadline).getTime();
  return Number.isNaN(time) ? null : time;
}

/** The window runs: a countdown status and a deadline still ahead (a deadline reached is a window closed). */
export function windowRunning(deal: WindowDeal, now: Date): boolean {
  const deadline = deadlineTime(deal);
  return countdownRuns(deal.status) && deadline !== null && deadline > now.getTime();
}

/** The deadline after an accepted extension: the current deadline plus the minutes asked for. */
export function extendedDeadline(deadline: Date, minutes: number): Date {
  return new Date(deadline.getTime() + minutes * 60_000);
}

export const pendingExtension = (extensions: readonly WindowExtensionRecord[]): WindowExtensionRecord | undefined =>
  extensions.find((e) => e.state === 'pending');

export const isWindowParty = (deal: WindowDeal, wallet: string | null | undefined): wallet is string =>
  Boolean(wallet) && (wallet === deal.creatorWallet || wallet === deal.acceptorWallet);
