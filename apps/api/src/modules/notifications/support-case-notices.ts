import type { Queryable } from '../../db/rows.ts';
import { notify } from './notify.ts';

export const SUPPORT_CASE_OPENED_TITLE = 'Support case opened';
export const SUPPORT_CASE_CLOSED_TITLE = 'Support case closed';

/** The longest quote of the requester's words a notification carries (the whole text is on the case). */
const QUOTE_MAX = 200;
const quote = (words: string) => (words.length > QUOTE_MAX ? `${words.slice(0, QUOTE_MAX - 1)}…` : words);

export interface CaseOpenedNotice {
  orderId: number;
  /** 'buyer' or 'seller': the requester's side of the deal. */
  requesterRole: 'buyer' | 'seller';
  message: string | null;
  /** The other party of the deal (told their counterparty asked the admins), null when unknown. */
  counterparty: string | null;
  /** Every admin of the app (their bell); the requester is left out when an admin opens a case on their own deal. */
  admins: readonly string[];
  requester: string;
  now: Date;
}

/**
 * In the case's own transaction: every admin hears of a new case on an ended deal (their bell, and their linked
 * Telegram chats through the outbox), and the counterparty learns that the deal's chat is open again for it.
 */
export async function notifySupportCaseOpened(tx: Queryable, n: CaseOpenedNotice): Promise<void> {
  const words = n.message ? ` "${quote(n.message)}"` : '';
  for (const admin of new Set(n.admins)) {
    if (admin === n.requester) continue;
    await notify(tx, {
      wallet: admin,
      kind: 'support_case_opened',
      title: SUPPORT_CASE_OPENED_TITLE,
      message: `The ${n.requesterRole} opened a case on deal #${n.orderId}, which has ended:${words || ' no words given.'}`,
      orderId: n.orderId,
      now: n.now,
    });
  }
  if (n.counterparty) {
    await notify(tx, {
      wallet: n.counterparty,
      kind: 'support_case_opened',
      title: SUPPORT_CASE_OPENED_TITLE,
      message: `The ${n.requesterRole} asked the admins to look at deal #${n.orderId}. The deal chat is open again: an admin will write there.`,
      orderId: n.orderId,
      now: n.now,
    });
  }
}

/** In the closing transaction: both parties read why the admin closed the case. */
export async function notifySupportCaseClosed(
  tx: Queryable,
  n: { orderId: number; parties: readonly string[]; reason: string; now: Date },
): Promise<void> {
  for (const wallet of new Set(n.parties)) {
    await notify(tx, {
      wallet,
      kind: 'support_case_closed',
      title: SUPPORT_CASE_CLOSED_TITLE,
      message: `An admin closed the support case on deal #${n.orderId}. Reason: ${n.reason}`,
      orderId: n.orderId,
      now: n.now,
    });
  }
}
