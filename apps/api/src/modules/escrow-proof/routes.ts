import { escrowProofPath, escrowProofResponse } from '@jelly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RPC_PATH, servesEmbeddedRpc } from '../../chain/public-rpc.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../lib/route-preamble.ts';
import { createEscrowProof } from './proof-service.ts';

/** GET /platform/escrow-proof — public: every open escrow vault read from the chain, reconciled with the database. */
export const escrowProofRoutes: FastifyPluginAsyncZod = async (app) => {
  const chain = app.chain;
  const proof = chain ? createEscrowProof(app.db, chain, () => app.config.now()) : null;
  // Explorer links point at the node anyone can reach: our /rpc on PUBLIC_URL for the embedded localnet (never the
  // caller's Host header, which would let a link shared from this page name any node).
  const explorerRpcUrl = chain && servesEmbeddedRpc(app) ? `${app.config.publicUrl}${RPC_PATH}` : chain?.rpcUrl;
  app.get(
    escrowProofPath,
    {
      schema: {
        tags: ['platform'],
        summary: 'Proof of escrow: the open vaults and their balances on chain, against the database; the program and its hash',
        response: { 200: escrowProofResponse, ...errorResponses(503) },
      },
    },
    async () => {
      if (!proof || !explorerRpcUrl) throw new AppError('CHAIN_UNAVAILABLE', 'The proof of escrow needs a Solana connection; this server has none.');
      return proof(explorerRpcUrl);
    },
  );
};
