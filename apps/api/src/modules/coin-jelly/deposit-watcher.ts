import { EventEmitter } from 'node:events';
import { JELLY_MOVES, JELLY_STAGES_WITH_JOB, jellyStageRules, jellyStagesWhere } from '@jelly/domain';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { and, eq, gte, inArray, lt, notInArray, or } from 'drizzle-orm';
import { jellyDeposits, jellyOrders } from '../../db/schema/index.ts';
import { AccountSocket } from './account-socket.ts';
import { addressDelta } from './chain-reads.ts';
import { jellyCoin } from './coins.ts';
import type { JellyContext } from './context.ts';
import { creditDeposit } from './credit-deposit.ts';
import { moveJelly } from './jelly-writes.ts';
import { notifyJelly } from './notify-jelly.ts';
import { findJellyOrder, findJellyOrderByAddress } from './queries.ts';
import { refundJelly, settleJelly } from './settle.ts';
import { WaitCadence } from './wait-for-account.ts';
import { withLogContext } from '../../lib/log-context.ts';

export const EXPIRED_REASON = 'No deposit arrived before the rate expired';
const WATCHED = jellyStagesWhere((r) => r.watched);

/** The watcher's own work (its start, the socket's pushes) logs as this job; its poll is the coin-jelly-poll job. */
const WATCHER_JOB = { job: 'coin-jelly-watcher' };

/**
 * A finished order's address stays watched this long: a deposit sent to it later (a second payment, a reused QR
 * code) is recorded for an admin instead of going unnoticed.
 */
export const FINISHED_WATCH_MS = 30 * 24 * 60 * 60 * 1000;
const PARALLEL_READS = 8;
/** Accounts per getMultipleAccounts call (the RPC's own limit is 100). */
const ACCOUNTS_PER_READ = 100;
/**
 * Only open orders are polled closely: a finished order's address is re-read by the poller once every this many
 * polls (a minute at the default 5 s), its socket subscription still waking a scan at once.
 */
export const FINISHED_POLL_EVERY = 12;

interface Watched {
  orderId: number;
  owner: string;
  /** The account whose changes mean a deposit: the address itself (SOL) or its token account. */
  account: PublicKey;
  mint: string | null;
}

/**
 * Finds Solana deposits without the user's button: a WebSocket subscription per open deposit account wakes a scan
 * at once, and a reconciliation poller scans every open address on a timer (what a dropped socket missed, and
 * everything after a restart). A scan reads the address's signatures and credits each transaction's balance change
 * once (per signature). The poller also expires orders whose rate ran out and resumes payouts and refunds left
 * unfinished.
 */
export class DepositWatcher {
  private readonly watched = new Map<number, Watched>();
  private readonly scans = new Map<number, Promise<boolean>>();
  /**
   * Each watched account's state (lamports and data) when the poller last scanned it. A deposit changes its
   * account, so the poller reads every account in a few getMultipleAccounts calls and scans (reads the
   * signatures of) only the ones that changed since: the poll's cost stays a call per 100 open orders. An order
   * without an entry (just watched, after a restart, or whose scan failed) is scanned.
   */
  private readonly polled = new Map<number, string>();
  private ticking: Promise<void> | null = null;
  private closed = false;
  private polls = 0;
  /**
   * 'credited' (orderId, outcome) once a deposit is recorded, 'settled' (orderId) after its payout, 'scanned'
   * (orderId) after each scan of an order's address: tests and the bench wait on them.
   */
  readonly events = new EventEmitter();

  private readonly socket: AccountSocket | null;
  private readonly waits: WaitCadence;

  constructor(private readonly ctx: JellyContext) {
    this.waits = new WaitCadence(ctx.now);
    // After a reconnect every open address is rescanned: deposits made while the socket was down are found at once.
    this.socket = ctx.chain?.wsUrl ? new AccountSocket(ctx.chain.wsUrl, () => void withLogContext(WATCHER_JOB, () => this.scanAll())) : null;
  }

  /**
   * Watches every open Solana order (on the app's ready, before its jobs start). The poller is `tick`, the
   * coin-jelly-poll job of the app's list (every COIN_JELLY_POLL_SECONDS; tests call it themselves).
   */
  start(): Promise<void> {
    return withLogContext(WATCHER_JOB, () => this.watchOpen());
  }

  private async watchOpen(): Promise<void> {
    const since = new Date(this.ctx.now().getTime() - FINISHED_WATCH_MS);
    const open = await this.ctx.db
      .select({ id: jellyOrders.id })
      .from(jellyOrders)
      .where(and(eq(jellyOrders.sendChain, 'Solana'), or(inArray(jellyOrders.stage, [...WATCHED]), gte(jellyOrders.updatedAt, since))));
    for (const { id } of open) await this.watch(id);
  }

  get size(): number {
    return this.watched.size;
  }

  /** Starts watching an order's deposit address (its token account for a token). */
  async watch(orderId: number): Promise<void> {
    const chain = this.ctx.chain;
    const order = await findJellyOrder(this.ctx.db, orderId);
    if (!chain || this.closed || !order || order.sendChain !== 'Solana' || this.watched.has(orderId)) return;
    const coin = jellyCoin(this.ctx.coins, order.sendCoin, 'Solana');
    if (!coin) return;
    const owner = new PublicKey(order.depositAddress);
    const account = coin.mint ? getAssociatedTokenAddressSync(new PublicKey(coin.mint), owner) : owner;
    this.watched.set(orderId, { orderId, owner: order.depositAddress, account, mint: coin.mint });
    try {
      await this.socket?.subscribe(account.toBase58(), () => void withLogContext(WATCHER_JOB, () => this.scan(orderId)));
    } catch (err) {
      // The socket is down: the poller covers this address until the reconnect subscribes it again.
      this.ctx.log?.warn({ err, orderId }, 'coin jelly: subscription failed');
    }
  }

  private unwatch(orderId: number): void {
    const entry = this.watched.get(orderId);
    this.watched.delete(orderId);
    this.polled.delete(orderId);
    if (entry) this.socket?.unsubscribe(entry.account.toBase58());
  }

  /** Cuts the socket as a network fault would (tests, bench); it reconnects by itself and the poller covers the gap. */
  dropSocket(): void {
    this.socket?.drop();
  }

  private async scanAll(): Promise<void> {
    const ids = [...this.watched.keys()];
    for (let i = 0; i < ids.length; i += PARALLEL_READS) await Promise.all(ids.slice(i, i + PARALLEL_READS).map((id) => this.scan(id)));
  }

  /** 'I have sent the funds': look at this address now. */
  lookNow(address: string): void {
    void findJellyOrderByAddress(this.ctx.db, address).then((order) => (order ? this.scan(order.id) : undefined));
  }

  /**
   * Scans one order's address, one scan at a time per order; resolves when its credits and payout are done (true),
   * or when the scan failed (false, logged).
   */
  scan(orderId: number, minContextSlot?: number): Promise<boolean> {
    const previous = this.scans.get(orderId) ?? Promise.resolve(true);
    const next = previous
      .then(() => this.scanNow(orderId, minContextSlot))
      .then(() => true)
      .catch((err: unknown) => {
        this.ctx.log?.warn({ err, orderId }, 'coin jelly scan failed');
        return false;
      })
      .finally(() => this.events.emit('scanned', orderId));
    this.scans.set(orderId, next);
    void next.finally(() => {
      if (this.scans.get(orderId) === next) this.scans.delete(orderId);
    });
    return next;
  }

  /** `minContextSlot`: the signatures are read at that slot or later (the slot the poller saw the account change at). */
  private async scanNow(orderId: number, minContextSlot?: number): Promise<void> {
    const entry = this.watched.get(orderId);
    const chain = this.ctx.chain;
    if (!entry || !chain) return;
    const signatures = await chain.connection.getSignaturesForAddress(entry.account, { limit: 1000, minContextSlot }, 'confirmed');
    const known = new Set(
      (await this.ctx.db.select({ s: jellyDeposits.signature }).from(jellyDeposits).where(eq(jellyDeposits.orderId, orderId))).map((r) => r.s),
    );
    // Oldest first, so two deposits are credited in the order they landed.
    for (const info of [...signatures].reverse()) {
      if (info.err || known.has(info.signature)) continue;
      const change = await addressDelta(chain.connection, info.signature, entry.owner, entry.mint);
      if (!change || change.failed || change.delta <= 0n) continue;
      const at = change.blockTime ? new Date(change.blockTime * 1000) : this.ctx.now();
      const outcome = await creditDeposit(this.ctx, orderId, { signature: info.signature, slot: change.slot, amount: change.delta, at });
      this.events.emit('credited', orderId, outcome);
      if (outcome === 'exact') {
        await settleJelly(this.ctx, orderId);
        this.events.emit('settled', orderId);
      }
    }
  }

  /** One poll's reads: every open order, and the finished ones on every FINISHED_POLL_EVERY-th poll. */
  private async scanDue(): Promise<void> {
    this.polls += 1;
    const ids = [...this.watched.keys()];
    if (ids.length === 0) return;
    const due =
      this.polls % FINISHED_POLL_EVERY === 0
        ? ids
        : (
            await this.ctx.db
              .select({ id: jellyOrders.id })
              .from(jellyOrders)
              .where(and(inArray(jellyOrders.id, ids), inArray(jellyOrders.stage, [...WATCHED])))
          ).map(({ id }) => id);
    await this.scanChanged(due);
    // scans a socket started (an order that just left the open stages, its payout under way) end within the poll
    await Promise.all([...this.scans.values()]);
  }

  /** Reads the orders' accounts in batches and scans those whose state differs from their last polled scan. */
  private async scanChanged(orderIds: number[]): Promise<void> {
    const connection = this.ctx.chain?.connection;
    if (!connection) return;
    const changed: { orderId: number; state: string; slot: number }[] = [];
    for (let i = 0; i < orderIds.length; i += ACCOUNTS_PER_READ) {
      const entries = orderIds.slice(i, i + ACCOUNTS_PER_READ).flatMap((id) => this.watched.get(id) ?? []);
      const { context, value } = await connection.getMultipleAccountsInfoAndContext(
        entries.map((e) => e.account),
        'confirmed',
      );
      for (const [k, entry] of entries.entries()) {
        const info = value[k];
        const state = info ? `${info.lamports}:${info.data.toString('base64')}` : 'none';
        if (this.polled.get(entry.orderId) !== state) changed.push({ orderId: entry.orderId, state, slot: context.slot });
      }
    }
    for (let i = 0; i < changed.length; i += PARALLEL_READS) {
      await Promise.all(
        changed.slice(i, i + PARALLEL_READS).map(async ({ orderId, state, slot }) => {
          // Recorded only after a scan that succeeded, read at the slot the state was seen at (an RPC provider's
          // nodes may lag each other): a failed one is retried on the next poll.
          if (await this.scan(orderId, slot)) this.polled.set(orderId, state);
          else this.polled.delete(orderId);
        }),
      );
    }
  }

  /** Stops watching finished orders older than FINISHED_WATCH_MS. */
  private async retire(): Promise<void> {
    const ids = [...this.watched.keys()];
    if (ids.length === 0) return;
    const since = new Date(this.ctx.now().getTime() - FINISHED_WATCH_MS);
    const old = await this.ctx.db
      .select({ id: jellyOrders.id })
      .from(jellyOrders)
      .where(and(inArray(jellyOrders.id, ids), notInArray(jellyOrders.stage, [...WATCHED]), lt(jellyOrders.updatedAt, since)));
    for (const { id } of old) this.unwatch(id);
  }

  /** One poll: expiries, every open address, then payouts and refunds left unfinished (after a restart). */
  tick(): Promise<void> {
    this.ticking ??= this.tickNow().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async tickNow(): Promise<void> {
    await this.expireOverdue();
    await this.scanDue();
    await this.retire();
    const pending = await this.ctx.db
      .select({ id: jellyOrders.id, stage: jellyOrders.stage, waitingSince: jellyOrders.waitingSince })
      .from(jellyOrders)
      .where(inArray(jellyOrders.stage, [...JELLY_STAGES_WITH_JOB]));
    // Each stage's own job, by the state table; one waiting for a token account at its slower cadence.
    this.waits.keepOnly(new Set(pending.map((p) => p.id)));
    for (const { id, stage, waitingSince } of pending) {
      if (!this.waits.due(id, waitingSince !== null)) continue;
      await (jellyStageRules(stage).job === 'refund' ? refundJelly(this.ctx, id) : settleJelly(this.ctx, id));
    }
  }

  private async expireOverdue(): Promise<void> {
    const now = this.ctx.now();
    const overdue = await this.ctx.db
      .select({ id: jellyOrders.id })
      .from(jellyOrders)
      .where(and(inArray(jellyOrders.stage, [...JELLY_MOVES.expire.from]), lt(jellyOrders.expireAt, now)));
    for (const { id } of overdue) {
      await this.ctx.db.transaction(async (tx) => {
        const moved = await moveJelly(tx, id, 'expire', { event: { kind: 'expired', note: EXPIRED_REASON }, set: { reason: EXPIRED_REASON } }, now);
        if (moved) await notifyJelly(tx, moved, 'jelly_failed', now);
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.ticking?.catch(() => undefined);
    await Promise.all([...this.scans.values()]);
    this.watched.clear();
    this.polled.clear();
    await this.socket?.close();
  }
}
