/**
 * A support case on an ended deal: the requester's own words reach the admins, the deal chat reopens while the case
 * is open, and an admin closes it with a reason both parties read. One case is open on a deal at a time: the other
 * party asking while it is open joins it.
 */

/** The most a party may write when asking for support (counted in characters after trimming). */
export const SUPPORT_MESSAGE_MAX = 1000;
export const SUPPORT_MESSAGE_TOO_LONG = `The message is at most ${SUPPORT_MESSAGE_MAX} characters`;
export const SUPPORT_MESSAGE_REQUIRED = 'Say what went wrong: a case on an ended deal needs your own words.';
export const SUPPORT_CASE_NOT_OPEN = 'This deal has no open support case: it was closed already.';

export const SUPPORT_CASE_STATES = ['open', 'closed'] as const;
export type SupportCaseState = (typeof SUPPORT_CASE_STATES)[number];
