import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';
import { realtimeSockets } from '../db/schema/index.ts';

/** Every live process renews the lease on its sockets' rows this often. */
export const SOCKET_HEARTBEAT_MS = 10_000;
/**
 * A socket row not refreshed for this long belongs to a process that died: it stops counting against the caps and
 * is swept. Two and a half heartbeats: a live process's slow renewal never loses its sockets, and a dead replica's
 * slots are free again within 30 s.
 */
export const SOCKET_LEASE_MS = 25_000;
/** A row older than this missed a renewal: its process is probably gone, and its slot frees when the lease ends. */
const OVERDUE_MS = SOCKET_HEARTBEAT_MS + 2_000;

const leaseStart = (now: Date) => new Date(now.getTime() - SOCKET_LEASE_MS).toISOString();

/** Serialises the admissions of one IP (or one wallet) until the transaction ends, on every process. */
async function lockCap(tx: Pick<Database, 'execute'>, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

export interface SocketRow {
  socketId: string;
  processId: string;
  ip: string;
  now: Date;
}

/**
 * Records a new socket unless its IP already holds `maxPerIp` live sockets on any API process. The count and the
 * insert happen under a per-IP advisory lock, so sockets opened at once on several replicas count each other.
 */
export async function admitSocket(db: Database, row: SocketRow, maxPerIp: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockCap(tx, `realtime-ip:${row.ip}`);
    const [open] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM realtime_sockets WHERE ip = ${row.ip} AND seen_at > ${leaseStart(row.now)}::timestamptz`,
    );
    if ((open?.n ?? 0) >= maxPerIp) return false;
    await tx.insert(realtimeSockets).values({ socketId: row.socketId, processId: row.processId, ip: row.ip, seenAt: row.now });
    return true;
  });
}

/**
 * `claimed`, or why not: `full` when the wallet's live sockets fill its cap, `settling` when it is full only with
 * sockets that missed their renewal (a replica that died: their slots free within the lease, so the client is told
 * it is reconnecting, not to close a tab it may not have).
 */
export type WalletSlot = 'claimed' | 'full' | 'settling';

/**
 * Gives an admitted socket to `wallet` unless the wallet already holds `maxPerWallet` live sockets on any API
 * process (under a per-wallet advisory lock). The row is written again if it was swept meanwhile (a process
 * whose heartbeat stalled past the lease), so the socket counts from now on either way.
 */
export async function claimWalletSlot(db: Database, row: SocketRow & { wallet: string }, maxPerWallet: number): Promise<WalletSlot> {
  return db.transaction(async (tx) => {
    await lockCap(tx, `realtime-wallet:${row.wallet}`);
    const overdueBefore = new Date(row.now.getTime() - OVERDUE_MS).toISOString();
    const [open] = await queryRows<{ n: number; fresh: number }>(
      tx,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE seen_at > ${overdueBefore}::timestamptz)::int AS fresh
        FROM realtime_sockets
        WHERE wallet = ${row.wallet} AND socket_id <> ${row.socketId} AND seen_at > ${leaseStart(row.now)}::timestamptz`,
    );
    if ((open?.n ?? 0) >= maxPerWallet) return (open?.fresh ?? 0) < maxPerWallet ? 'settling' : 'full';
    await tx
      .insert(realtimeSockets)
      .values({ socketId: row.socketId, processId: row.processId, ip: row.ip, wallet: row.wallet, seenAt: row.now })
      .onConflictDoUpdate({ target: realtimeSockets.socketId, set: { wallet: row.wallet, seenAt: row.now } });
    return 'claimed';
  });
}

export async function releaseSocket(db: Database, socketId: string): Promise<void> {
  await db.delete(realtimeSockets).where(eq(realtimeSockets.socketId, socketId));
}

/** Renews this process's lease on its sockets and sweeps rows whose lease ran out. */
export async function refreshSockets(db: Database, processId: string, now: Date): Promise<void> {
  await db.update(realtimeSockets).set({ seenAt: now }).where(eq(realtimeSockets.processId, processId));
  await db.delete(realtimeSockets).where(lt(realtimeSockets.seenAt, new Date(now.getTime() - SOCKET_LEASE_MS)));
}

/** A closing process gives its sockets' slots back at once (a crashed one's expire with the lease). */
export async function removeProcessSockets(db: Database, processId: string): Promise<void> {
  await db.delete(realtimeSockets).where(eq(realtimeSockets.processId, processId));
}

/** Live sockets of a wallet or an IP on every process, as the caps count them. */
export async function countLiveSockets(db: Database, of: { wallet: string } | { ip: string }, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(realtimeSockets)
    .where(
      and(
        'wallet' in of ? eq(realtimeSockets.wallet, of.wallet) : eq(realtimeSockets.ip, of.ip),
        sql`${realtimeSockets.seenAt} > ${leaseStart(now)}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}
