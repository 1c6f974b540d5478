import { SUPPORT_MESSAGE_MAX, endedForSupport, supportRequestPayload } from '@jelly/domain';
import { unwrapApi } from '../../../lib/api/apiError.ts';
import { dealApi } from '../api/dealApi.ts';
import type { PrepareAction } from './dealAction.ts';

export const CASE_SENT = 'Your case was sent to the admins. They will answer in this chat.';
export const CASE_FAILED = 'The case could not be sent. Try again in a moment.';

/**
 * Support Request: POST /platform/call-tg-bot with the support payload; the server notifies the admins and moves
 * the deal to Admin Resolving (failures are silent: the deal's own state tells). On a deal that completed, expired
 * or was cancelled (within 24 hours) it opens a case instead, which needs the user's own words: nothing moves, so
 * the user is told it was sent, or why not, and the deal page shows the case.
 */
export const prepareSupportRequest: PrepareAction = async (deal, env) => {
  const ended = endedForSupport(deal);
  return {
    confirm: ended
      ? {
          title: 'Open a case with the admins?',
          description:
            'This deal has ended and its tokens left the escrow, so they cannot be moved. An admin reviews your case, it is recorded on both accounts, and the admin can act on them.',
          confirmText: 'Open Case',
          cancelText: 'Cancel',
          variant: 'warning',
          textField: { label: 'What went wrong?', maxLength: SUPPORT_MESSAGE_MAX, required: true, placeholder: 'Tell the admins what happened, in your own words.' },
        }
      : {
          title: 'Request support?',
          description: 'An admin joins this chat to help settle the deal. The deal actions stay paused until the admin resolves it.',
          confirmText: 'Send Request',
          cancelText: 'Cancel',
          variant: 'warning',
          textField: { label: 'What went wrong? (optional)', maxLength: SUPPORT_MESSAGE_MAX, required: false },
        },
    run: async (text) => {
      // the spec's payload, plus the user's own words when written
      const body = { ...supportRequestPayload(deal.orderId, deal, env.dealUrl), ...(text ? { message: text } : {}) };
      const answer = await unwrapApi(env.dispatch(dealApi.endpoints.supportRequest.initiate(body, { track: false })));
      return { status: answer.status };
    },
    successMessage: ended ? CASE_SENT : null,
    failureMessage: ended ? CASE_FAILED : null,
  };
};
