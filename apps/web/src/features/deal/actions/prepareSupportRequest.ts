import { supportPaths, supportRequestResponse } from '@jelly/contracts';
import { supportRequestPayload } from '@jelly/domain';
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
    const answer = await env.apiClient.json(supportPaths.callTgBot, supportRequestResponse, { method: 'POST', body });
    return { status: answer.status };
  },
  successMessage: null,
  failureMessage: null,
});
