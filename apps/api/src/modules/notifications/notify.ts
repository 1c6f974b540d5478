import type { NotificationKind } from '@jelly/contracts';
import { pagePaths } from '@jelly/contracts';
import type { Database } from '../../db/connect.ts';
import { notifications } from '../../db/schema/index.ts';
import { enqueueNotificationTelegram } from '../telegram/index.ts';
import type { NotificationRow } from './to-wire.ts';

export interface NotifyInput {
  wallet: string;
  kind: NotificationKind;
  /** What happened, short ('Offer claimed'). */
  title: string;
  /** The facts: amount and asset, fiat, time left where a timer runs. */
  message: string;
  /** The deal (or offer) it is about; also the Telegram deep link /swap-chat/{orderId}. */
  orderId?: number | null;
  /** The swap whose chat it is about (kept in data.swapId); the deep link is then /swap-chat/{swapId}?kind=swap. */
  swapId?: number;
  data?: Record<string, unknown>;
  /** The event's time (the caller's clock, config.now()). */
  now: Date;
}

/**
 * Records a notification IN THE CALLER'S TRANSACTION (pass the transaction handle), so it exists exactly when the
 * event does. On commit:
 * - a trigger's NOTIFY tells every API process, which push it to the wallet's open sockets (realtime/);
 * - the wallet's linked Telegram chats get it through the outbox, sent asynchronously with retries (telegram/).
 */
export async function notify(tx: Pick<Database, 'insert' | 'execute'>, input: NotifyInput): Promise<NotificationRow> {
  const [row] = await tx
    .insert(notifications)
    .values({
      wallet: input.wallet,
      kind: input.kind,
      title: input.title,
      message: input.message,
      orderId: input.orderId ?? null,
      data: input.swapId ? { ...input.data, swapId: input.swapId } : (input.data ?? {}),
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('notify: insert returned no row');

  const link = input.swapId ? pagePaths.swapChat(input.swapId) : input.orderId ? pagePaths.deal(input.orderId) : null;
  await enqueueNotificationTelegram(tx, {
    wallet: input.wallet,
    notificationId: row.id,
    title: input.title,
    message: input.message,
    link,
    now: input.now,
  });
  return row;
}
