import { extensionLimitRefusal } from './extension-limit-refusal.ts';
import { notAPartyRefusal } from './not-a-party-refusal.ts';
import { ownRequestRefusal } from './own-request-refusal.ts';
import { pendingRequestRefusal } from './pending-request-refusal.ts';
import { requestAnsweredRefusal } from './request-answered-refusal.ts';
import {
  MAX_WINDOW_EXTENSIONS,
  type WindowDeal,
  type WindowExtensionRecord,
  type WindowRefusal,
  isWindowParty,
  pendingExtension,
} from './rules.ts';
import { windowClosedRefusal } from './window-closed-refusal.ts';

/** Why this wallet may not ask for more time now, or null: party, window running, no request waiting, under the cap. */
export function extensionRequestRefusal(
  deal: WindowDeal,
  extensions: readonly WindowExtensionRecord[],
  wallet: string | null | undefined,
  now: Date,
): WindowRefusal | null {
  return (
    notAPartyRefusal(deal, wallet) ??
    windowClosedRefusal(deal, now) ??
    pendingRequestRefusal(extensions) ??
    extensionLimitRefusal(extensions)
  );
}

/** Why this wallet may not answer the request now, or null: the other party, still waiting, window still running. */
export function extensionAnswerRefusal(
  deal: WindowDeal,
  request: WindowExtensionRecord,
  wallet: string | null | undefined,
  now: Date,
): WindowRefusal | null {
  if (!isWindowParty(deal, wallet)) return notAPartyRefusal(deal, wallet);
  return ownRequestRefusal(request, wallet) ?? requestAnsweredRefusal(request) ?? windowClosedRefusal(deal, now);
}

export interface WindowExtensionControls {
  /** The viewer may ask for more time now. */
  readonly canRequest: boolean;
  /** The counterparty's request waiting for this viewer's answer. */
  readonly toAnswer: WindowExtensionRecord | undefined;
  /** This viewer's own request waiting for the counterparty. */
  readonly awaiting: WindowExtensionRecord | undefined;
  /** Requests still allowed on this deal. */
  readonly remaining: number;
}

/** What the deal header offers this viewer (the same rules the API enforces). */
export function windowExtensionControls(
  deal: WindowDeal,
  extensions: readonly WindowExtensionRecord[],
  wallet: string | null | undefined,
  now: Date,
): WindowExtensionControls {
  const pending = pendingExtension(extensions);
  const open = pending !== undefined && extensionAnswerRefusal(deal, pending, wallet, now) === null;
  const mine = pending !== undefined && pending.requestedBy === wallet && windowClosedRefusal(deal, now) === null;
  return {
    canRequest: extensionRequestRefusal(deal, extensions, wallet, now) === null,
    toAnswer: open ? pending : undefined,
    awaiting: mine ? pending : undefined,
    remaining: Math.max(0, MAX_WINDOW_EXTENSIONS - extensions.length),
  };
}
