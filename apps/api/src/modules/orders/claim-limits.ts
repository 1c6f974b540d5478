import { OrderStatus } from '@jelly/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { AppError } from '../../errors.ts';
import type { ClaimLimitsConfig } from './claim-limits-config.ts';
import { queryRows } from '../../db/rows.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** '2026-11-24 14:05 UTC', rounded up to the minute so the time shown is never before the limit lifts. */
export function utcMinute(at: Date): string {
  const rounded = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return `${rounded.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export const CLAIM_LIMIT_MESSAGES = {
  openClaims: (max: number) =>
    `You already have ${max} claimed deals waiting for a lock. Finish or cancel one before claiming another.`,
  claimsPerHour: (max: number, retryAt: Date) =>
    `You can claim at most ${max} offers per hour. Try again after ${utcMinute(retryAt)}.`,
  cancellations: (max: number, until: Date) =>
    `Claiming is paused until ${utcMinute(until)} after ${max} cancellations in 24 hours.`,
  offersPerHour: (max: number, retryAt: Date) =>
    `You can create at most ${max} offers per hour. Try again after ${utcMinute(retryAt)}.`,
} as const;

const limited = (message: string, retryAt?: Date) =>
  new AppError('RATE_LIMITED', message, retryAt ? { retryAt: retryAt.toISOString() } : undefined);

/**
 * Serialises one wallet's claims (or offers) until the caller's transaction ends, so concurrent requests by the same
 * wallet count each other: a transaction-scoped advisory lock, released by commit or rollback, on every replica.
 */
async function lockWallet(tx: Database, purpose: 'claims' | 'offers', wallet: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${purpose}:${wallet}`}))`);
}

/**
 * The time of the `nth` newest row (1-based) of a wallet in a window, or null when there are fewer: when the limit is
 * reached, the window drops back below it once that row is older than the window.
 */
async function nthNewest(tx: Database, query: ReturnType<typeof sql>, nth: number): Promise<Date | null> {
  const rows = await queryRows<{ at: string | Date }>(tx, sql`${query} ORDER BY at DESC OFFSET ${nth - 1} LIMIT 1`);
  return rows[0] ? new Date(rows[0].at) : null;
}

/**
 * Call first inside the claim's transaction. Refuses (429) a wallet that already holds the allowed number of
 * claimed deals nothing was locked in, that claimed too often in the last hour, or that cancelled too many deals
 * in the last 24 hours (claiming is paused until the oldest of those is 24 hours old).
 */
export async function enforceClaimLimits(
  tx: Database,
  limits: ClaimLimitsConfig | undefined,
  wallet: string,
  now: Date,
): Promise<void> {
  if (!limits) return;
  await lockWallet(tx, 'claims', wallet);
  const [open] = await queryRows<{ n: number }>(tx, sql`
    SELECT count(*)::int AS n FROM orders
    WHERE acceptor_wallet = ${wallet} AND parent_order_id IS NOT NULL AND status = ${OrderStatus.InProgress}`);
  if ((open?.n ?? 0) >= limits.maxOpenClaims) throw limited(CLAIM_LIMIT_MESSAGES.openClaims(limits.maxOpenClaims));

  const cancelledAt = await nthNewest(
    tx,
    sql`SELECT updated_at AS at FROM orders
      WHERE at_fault_wallet = ${wallet} AND parent_order_id IS NOT NULL AND status = ${OrderStatus.Cancelled}
        AND updated_at > ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz`,
    limits.cancellationsPerDay,
  );
  if (cancelledAt) {
    const until = new Date(cancelledAt.getTime() + DAY_MS);
    throw limited(CLAIM_LIMIT_MESSAGES.cancellations(limits.cancellationsPerDay, until), until);
  }

  const claimedAt = await nthNewest(
    tx,
    sql`SELECT created_at AS at FROM orders
      WHERE acceptor_wallet = ${wallet} AND parent_order_id IS NOT NULL
        AND created_at > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz`,
    limits.claimsPerHour,
  );
  if (claimedAt) {
    const retryAt = new Date(claimedAt.getTime() + HOUR_MS);
    throw limited(CLAIM_LIMIT_MESSAGES.claimsPerHour(limits.claimsPerHour, retryAt), retryAt);
  }
}

/** Call first inside the transaction that inserts an offer: at most `offersPerHour` offers per wallet per hour. */
export async function enforceOfferLimit(
  tx: Database,
  limits: ClaimLimitsConfig | undefined,
  wallet: string,
  now: Date,
): Promise<void> {
  if (!limits) return;
  await lockWallet(tx, 'offers', wallet);
  const createdAt = await nthNewest(
    tx,
    sql`SELECT created_at AS at FROM orders
      WHERE creator_wallet = ${wallet} AND parent_order_id IS NULL
        AND created_at > ${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz`,
    limits.offersPerHour,
  );
  if (createdAt) {
    const retryAt = new Date(createdAt.getTime() + HOUR_MS);
    throw limited(CLAIM_LIMIT_MESSAGES.offersPerHour(limits.offersPerHour, retryAt), retryAt);
  }
}
