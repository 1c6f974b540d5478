import type { FastifyBaseLogger } from 'fastify';
import type { Chain } from '../../chain/chain.ts';
import type { Queryable } from '../../db/rows.ts';
import { logEvent } from '../../lib/log-events.ts';
import { spentSince } from '../../chain/gate/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface FeePayerStatus {
  feePayer: string;
  balanceLamports: bigint;
  /** What the admin paid in the last 24 hours: network fees and net rent (rent paid minus rent reclaimed). */
  spent24h: { feeLamports: bigint; rentLamports: bigint; totalLamports: bigint };
  /** Days the balance lasts at the last 24 hours' spend; null when nothing was spent (no drain). */
  runwayDays: number | null;
}

/** The fee payer's SOL balance, its last 24 hours' spend and the runway that leaves. */
export async function feePayerStatus(db: Queryable, chain: Chain, now: Date): Promise<FeePayerStatus> {
  const balanceLamports = BigInt(await chain.connection.getBalance(chain.admin.publicKey, 'confirmed'));
  const spent = await spentSince(db, 'platform', new Date(now.getTime() - DAY_MS));
  const totalLamports = spent.fees + spent.rent;
  return {
    feePayer: chain.admin.publicKey.toBase58(),
    balanceLamports,
    spent24h: { feeLamports: spent.fees, rentLamports: spent.rent, totalLamports },
    runwayDays: totalLamports > 0n ? Math.floor((Number(balanceLamports) / Number(totalLamports)) * 10) / 10 : null,
  };
}

/** Checks the runway and logs a warning when fewer than `warnDays` days remain. */
export async function checkRunway(
  ctx: { db: Queryable; chain: Chain; now: () => Date; log: FastifyBaseLogger },
  warnDays: number,
): Promise<FeePayerStatus> {
  const status = await feePayerStatus(ctx.db, ctx.chain, ctx.now());
  if (status.runwayDays !== null && status.runwayDays < warnDays) {
    logEvent(
      ctx.log,
      'fee_payer.runway_low',
      {
        feePayer: {
          address: status.feePayer,
          balanceLamports: status.balanceLamports.toString(),
          spent24hLamports: status.spent24h.totalLamports.toString(),
          runwayDays: status.runwayDays,
        },
      },
      `fee payer: ${status.runwayDays} days of runway left (under ${warnDays}); top up ${status.feePayer}`,
    );
  }
  return status;
}
