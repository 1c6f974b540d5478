import type { Database } from '../../db/connect.ts';
import { dealReminders } from '../../db/schema/index.ts';
import { notify } from './notify.ts';

export const REFUND_WAITS_TITLE = 'Refund ready — receive it in your wallet';

/**
 * Tells the recipient, once per deal (claimed in deal_reminders across replicas), that tokens the server is sending
 * back wait for their own token account: the platform does not open it with its SOL. The job retries on its own.
 */
export async function notifyRefundWaitsForAccount(db: Database, input: { wallet: string; orderId: number; reason: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(dealReminders)
      .values({ orderId: input.orderId, kind: 'refund_waits_for_account', sentAt: input.now })
      .onConflictDoNothing()
      .returning({ orderId: dealReminders.orderId });
    if (claimed.length === 0) return false;
    await notify(tx, {
      wallet: input.wallet,
      kind: 'refund_waits_for_account',
      title: REFUND_WAITS_TITLE,
      message: `Deal #${input.orderId}: ${input.reason}`,
      orderId: input.orderId,
      now: input.now,
    });
    return true;
  });
}
