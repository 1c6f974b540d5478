import type { Database } from '../../db/connect.ts';
import { dealReminders } from '../../db/schema/index.ts';
import { notify } from './notify.ts';

export const REFUND_WAITS_TITLE = 'Refund ready — receive it in your wallet';
export const RELEASE_WAITS_TITLE = 'Tokens ready — receive them in your wallet';

export interface PayoutWaitNotice {
  wallet: string;
  orderId: number;
  /** 'seller': the refund of a locked deal; 'buyer': tokens an admin released to them. */
  recipient: 'buyer' | 'seller';
  /** The coin's symbol, e.g. USDC. */
  symbol: string;
  /** The amount as the user reads it, e.g. '15'. */
  amountText: string;
  now: Date;
}

/** Speaks to the recipient and names the one thing to do; the send follows on its own, nothing to "try again". */
export function payoutWaitMessage({ orderId, recipient, symbol, amountText }: Omit<PayoutWaitNotice, 'wallet' | 'now'>): string {
  const what = recipient === 'seller' ? `Your refund of ${amountText} ${symbol}` : `The ${amountText} ${symbol} released to you`;
  return (
    `Deal #${orderId}: ${what} is safe in escrow, waiting for your ${symbol} account, which your wallet does not have. ` +
    `Open your ${symbol} account: press 'Receive' on the deal page (your wallet pays about 0.002 SOL of rent). ` +
    'The tokens follow within seconds.'
  );
}

/**
 * Tells the recipient, once per deal (claimed in deal_reminders across replicas), that tokens the server is sending
 * wait for their own token account: the platform does not open it with its SOL.
 */
export async function notifyPayoutWaitsForAccount(db: Database, input: PayoutWaitNotice): Promise<boolean> {
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
      title: input.recipient === 'seller' ? REFUND_WAITS_TITLE : RELEASE_WAITS_TITLE,
      message: payoutWaitMessage(input),
      orderId: input.orderId,
      now: input.now,
    });
    return true;
  });
}
