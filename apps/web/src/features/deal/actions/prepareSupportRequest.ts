import { supportRequestPayload } from '@jelly/domain';
import { unwrapApi } from '../../../lib/api/apiError.ts';
import { dealApi } from '../api/dealApi.ts';
import type { PrepareAction } from './dealAction.ts';

/**
 * Support Request: POST /platform/call-tg-bot with the support payload; the server notifies the admins and moves
 * the deal to Admin Resolving. Failures are silent.
 */
export const prepareSupportRequest: PrepareAction = async (deal, env) => ({
  confirm: {
    title: 'Request support?',
    description: 'An admin joins this chat to help settle the deal. The deal actions stay paused until the admin resolves it.',
    confirmText: 'Send Request',
    cancelText: 'Cancel',
    variant: 'warning',
  },
  run: async () => {
    const body = supportRequestPayload(deal.orderId, deal, env.dealUrl);
    const answer = await unwrapApi(env.dispatch(dealApi.endpoints.supportRequest.initiate(body, { track: false })));
    return { status: answer.status };
  },
  successMessage: null,
  failureMessage: null,
});
