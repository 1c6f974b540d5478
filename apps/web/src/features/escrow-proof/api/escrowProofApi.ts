import { escrowProofPath, escrowProofResponse, type EscrowProof } from '@jelly/contracts';
import { api } from '../../../lib/api/api.ts';

/** GET /platform/escrow-proof — public; the server reads the chain at most every few seconds, so no polling here. */
export const escrowProofApi = api.injectEndpoints({
  endpoints: (build) => ({
    escrowProof: build.query<EscrowProof, void>({
      query: () => escrowProofPath,
      responseSchema: escrowProofResponse,
    }),
  }),
});

export const { useEscrowProofQuery } = escrowProofApi;
