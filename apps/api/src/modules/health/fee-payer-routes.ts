import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../lib/route-preamble.ts';
import { requireChain } from '../deals/index.ts';
import { feePayerStatus } from '../fee-payer/index.ts';

const lamports = z.string().regex(/^-?\d+$/).describe('lamports, as a decimal string');
export const feePayerStatusResponse = z.object({
  feePayer: z.string(),
  balanceLamports: lamports,
  spent24h: z.object({ feeLamports: lamports, rentLamports: lamports, totalLamports: lamports }),
  runwayDays: z.number().nullable(),
});

/**
 * GET /admin/fee-payer — for operators: the fee payer's SOL balance, what it paid in the last 24 hours (network
 * fees and rent not yet reclaimed) and the runway that leaves. Admin only: the figures say how much an attacker
 * would need to drain it.
 */
export const feePayerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/fee-payer',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "The fee payer's balance, last 24 hours' spend and runway",
        security: bearer,
        response: { 200: feePayerStatusResponse, ...errorResponses(401, 403, 503) },
      },
    },
    async () => {
      const status = await feePayerStatus(app.db, requireChain(app.chain), app.config.now());
      return {
        feePayer: status.feePayer,
        balanceLamports: status.balanceLamports.toString(),
        spent24h: {
          feeLamports: status.spent24h.feeLamports.toString(),
          rentLamports: status.spent24h.rentLamports.toString(),
          totalLamports: status.spent24h.totalLamports.toString(),
        },
        runwayDays: status.runwayDays,
      };
    },
  );
};
