import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { orderStatus } from '@jelly/contracts';
import type { Database } from '../db/connect.ts';

/**
 * What travels through PostgreSQL NOTIFY between API processes: ids only (each process loads what it pushes).
 * NOTIFY inside a transaction is delivered when (and only if) it commits, so a signal never announces a row
 * that a listener cannot read yet, nor one that was rolled back.
 *
 * The signals for orders and chat messages are sent by triggers (migration 0006_realtime-triggers), so every code
 * path that changes a deal's status or adds a chat message is covered; notifications are signalled by `notify`.
 */
export const REALTIME_CHANNEL = 'jelly_realtime';

const wallet = z.string().min(1);
const id = z.number().int().positive();

export const realtimeSignal = z.discriminatedUnion('t', [
  /** A notification row for wallet `w`. */
  z.object({ t: z.literal('n'), id, w: wallet }),
  /** A chat message `id` in deal `d`; `w` = the deal's parties. */
  z.object({ t: z.literal('c'), id, d: id, w: z.array(wallet.nullable()) }),
  /** Order `id` (offer `p` for a deal) now has status `s`; `w` = its parties; `at` = epoch ms of the change. */
  z.object({ t: z.literal('o'), id, p: id.nullable(), s: orderStatus, w: z.array(wallet.nullable()), at: z.number() }),
  /** Deal `id`'s payment window changed (a request for more time, or its answer): deadline `d` (epoch ms); `w` = its parties. */
  z.object({ t: z.literal('w'), id, d: z.number().nullable(), w: z.array(wallet.nullable()) }),
  /** Swap `id` of wallet `w` changed status. */
  z.object({ t: z.literal('s'), id, w: wallet }),
  /** Wallet `w` was banned (reason `r`): every process closes its sockets and forgets its cached ban answer. */
  z.object({ t: z.literal('ban'), w: wallet, r: z.string().max(200) }),
  /** Telegram outbox rows were added: a worker should look. */
  z.object({ t: z.literal('tg') }),
]);
export type RealtimeSignal = z.infer<typeof realtimeSignal>;

/** Parses a NOTIFY payload; null for anything that is not ours (logged by the caller). */
export function parseSignal(payload: string): RealtimeSignal | null {
  try {
    const parsed = realtimeSignal.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Queues a signal in the caller's transaction (sent on commit). */
export async function emitSignal(tx: Pick<Database, 'execute'>, signal: RealtimeSignal): Promise<void> {
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(signal)})`);
}
