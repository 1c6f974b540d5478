import { dealPaths, signAndSendRequest, signAndSendResponse, type SignAndSendResponse } from '@jelly/contracts';
import type { ApiClient } from '../api/apiClient.ts';

/** POST /platform/admin/sign-and-send { transaction: base64 } → { signature, orderId, status, kind, alreadyProcessed }. */
export function postSignAndSend(client: Pick<ApiClient, 'json'>, transaction: string): Promise<SignAndSendResponse> {
  const body = signAndSendRequest.parse({ transaction });
  return client.json(dealPaths.signAndSend, signAndSendResponse, { method: 'POST', body });
}
