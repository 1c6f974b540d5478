import { dealWindowPaths, dealWindowResponse, type DealWindow } from '@jelly/contracts';
import type { WindowExtensionMinutes } from '@jelly/domain';
import { api } from '../../../lib/api/api.ts';

/**
 * The deal's payment window: its deadline and the parties' requests for more time. An accepted request moves the
 * deadline, so asking and answering refresh the deal too (its countdown reads the deal's deadline).
 */
export const dealWindowApi = api.enhanceEndpoints({ addTagTypes: ['Deal', 'DealWindow'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /deals/{orderId}/window */
    dealWindow: build.query<DealWindow, number>({
      query: (orderId) => dealWindowPaths.window(orderId),
      responseSchema: dealWindowResponse,
      providesTags: (_result, _error, orderId) => [{ type: 'DealWindow', id: orderId }],
    }),
    /** POST /deals/{orderId}/window/extensions */
    requestWindowExtension: build.mutation<DealWindow, { orderId: number; minutes: WindowExtensionMinutes }>({
      query: ({ orderId, minutes }) => ({ url: dealWindowPaths.extensions(orderId), method: 'POST', body: { minutes } }),
      responseSchema: dealWindowResponse,
      invalidatesTags: (_result, _error, { orderId }) => [
        { type: 'DealWindow', id: orderId },
        { type: 'Deal', id: orderId },
      ],
    }),
    /** POST /deals/{orderId}/window/extensions/{extensionId}/answer */
    answerWindowExtension: build.mutation<DealWindow, { orderId: number; extensionId: number; answer: 'accept' | 'decline' }>({
      query: ({ orderId, extensionId, answer }) => ({ url: dealWindowPaths.answer(orderId, extensionId), method: 'POST', body: { answer } }),
      responseSchema: dealWindowResponse,
      invalidatesTags: (_result, _error, { orderId }) => [
        { type: 'DealWindow', id: orderId },
        { type: 'Deal', id: orderId },
      ],
    }),
  }),
});

export const { useDealWindowQuery, useRequestWindowExtensionMutation, useAnswerWindowExtensionMutation } = dealWindowApi;
