import type { Notification, RealtimeServerMessage } from '@jelly/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { StablecoinMints } from '../chain/stablecoin-mints.ts';
import type { Database } from '../db/connect.ts';
import { findNotificationsByIds, toNotification } from '../modules/notifications/index.ts';
import { findSwapRecords } from '../modules/swap/index.ts';
import { findJellyListItems } from '../modules/coin-jelly/index.ts';
import type { RealtimeHub } from './hub.ts';
import { loadChatMessages } from './loaders.ts';
import type { RealtimeSignal } from './signals.ts';

/**
 * Turns signals into pushes on this process. Signals arriving together are handled as one batch: one query per
 * kind of row, and only for rows someone on this process will receive.
 */
export class SignalDispatcher {
  private pending: RealtimeSignal[] = [];
  private scheduled = false;
  private running: Promise<void> = Promise.resolve();
  private readonly signalHandlers = new Set<(signal: RealtimeSignal) => void>();

  constructor(
    private readonly db: Database,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
    /** The cluster's stablecoin mints: a Coin Jelly order's payment link names its coin's. */
    private readonly stablecoinMints: StablecoinMints,
  ) {}

  /** Other parts of the server (the Telegram outbox worker) react to signals too. */
  onSignal(handler: (signal: RealtimeSignal) => void): () => void {
    this.signalHandlers.add(handler);
    return () => this.signalHandlers.delete(handler);
  }

  accept(signal: RealtimeSignal): void {
    for (const handler of this.signalHandlers) {
      try {
        handler(signal);
      } catch (error) {
        this.log.error({ err: error }, 'realtime signal handler failed');
      }
    }
    if (signal.t === 'tg' || signal.t === 'ban') return;
    this.pending.push(signal);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.pending;
      this.pending = [];
      // Batches run one after another, so pushes keep the order of the commits.
      this.running = this.running.then(() =>
        this.deliver(batch).catch((error: unknown) => this.log.error({ err: error }, 'realtime delivery failed')),
      );
    });
  }

  /** Resolves when every accepted signal has been delivered (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.scheduled || this.pending.length > 0) await new Promise((resolve) => setImmediate(resolve));
    await this.running;
  }

  private async deliver(batch: RealtimeSignal[]): Promise<void> {
    const notificationIds: number[] = [];
    const chatIds: number[] = [];
    const swapIds: number[] = [];
    const jellyIds: number[] = [];
    for (const signal of batch) {
      if (signal.t === 'j' && this.hub.hasWallet(signal.w)) jellyIds.push(signal.id);
      if (signal.t === 's' && this.hub.hasWallet(signal.w)) swapIds.push(signal.id);
      if (signal.t === 'n' && this.hub.hasWallet(signal.w)) notificationIds.push(signal.id);
      if (signal.t === 'c' && (signal.w.some((w) => this.hub.hasWallet(w)) || signal.d === null || this.hub.hasViewers(signal.d))) {
        chatIds.push(signal.id);
      }
    }
    const [notifications, chat, swaps, jellies] = await Promise.all([
      notificationIds.length > 0 ? this.loadNotifications(notificationIds) : new Map<number, Notification>(),
      loadChatMessages(this.db, chatIds),
      findSwapRecords(this.db, swapIds),
      findJellyListItems(this.db, this.stablecoinMints, jellyIds),
    ]);

    for (const signal of batch) {
      switch (signal.t) {
        case 'n': {
          const notification = notifications.get(signal.id);
          if (notification) this.push([signal.w], null, { type: 'notification.created', notification });
          break;
        }
        case 'c': {
          const message = chat.get(signal.id);
          if (!message) break;
          if (signal.d !== null) this.push(signal.w, signal.d, { type: 'chat.message', dealId: signal.d, message });
          else this.send(this.hub.walletsAndAdmins(signal.w), { type: 'chat.message', dealId: null, swapId: signal.s ?? null, message });
          break;
        }
        case 'o':
          this.push(signal.w, signal.p === null ? null : signal.id, {
            type: 'order.status',
            orderId: signal.id,
            parentOrderId: signal.p,
            status: signal.s,
            changedAt: new Date(signal.at).toISOString(),
          });
          break;
        case 'w':
          this.push(signal.w, signal.id, {
            type: 'deal.window',
            dealId: signal.id,
            paymentDeadline: signal.d === null ? null : new Date(signal.d).toISOString(),
          });
          break;
        case 's': {
          const swap = swaps.get(signal.id);
          if (swap) this.push([signal.w], null, { type: 'swap.updated', swap });
          break;
        }
        case 'j': {
          const order = jellies.get(signal.id);
          if (order) this.push([signal.w], null, { type: 'jelly.updated', order });
          break;
        }
        case 'tg':
        case 'ban':
          break;
      }
    }
  }

  private async loadNotifications(ids: number[]): Promise<Map<number, Notification>> {
    const rows = await findNotificationsByIds(this.db, ids);
    return new Map(rows.map((row) => [row.id, toNotification(row)]));
  }

  private push(wallets: readonly (string | null)[], dealRoom: number | null, message: RealtimeServerMessage): void {
    this.send(this.hub.recipients(wallets, dealRoom), message);
  }

  private send(recipients: Set<{ send: (frame: string) => void }>, message: RealtimeServerMessage): void {
    if (recipients.size === 0) return;
    const frame = JSON.stringify(message);
    for (const client of recipients) client.send(frame);
  }
}
