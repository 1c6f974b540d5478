import { dealPaths, signAndSendRequest, signAndSendResponse, type SignAndSendResponse } from '@jelly/contracts';
import { api } from '../api/api.ts';

/**
 * POST /platform/admin/sign-and-send { transaction: base64 } → { signature, orderId, status, kind, alreadyProcessed }:
 * the server checks the wallet-signed escrow transaction, co-signs it as fee payer, submits and confirms it.
 */
export const coSignApi = api.injectEndpoints({
  endpoints: (build) => ({
    signAndSend: build.mutation<SignAndSendResponse, string>({
      query: (transaction) => ({ url: dealPaths.signAndSend, method: 'POST', body: signAndSendRequest.parse({ transaction }) }),
      responseSchema: signAndSendResponse,
    }),
  }),
});
