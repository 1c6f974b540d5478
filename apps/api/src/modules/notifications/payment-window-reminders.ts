import { and, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import { COUNTDOWN_STATUSES } from '@jelly/domain';
import type { Database } from '../../db/connect.ts';
import { dealReminders, orders } from '../../db/schema/index.ts';
import { loadDealFacts } from './deal-notifications.ts';
import { paymentWindowEndingNotices } from './deal-texts.ts';
import { notify } from './notify.ts';

/** The reminder goes out this long before the payment deadline… */
export const PAYMENT_REMINDER_LEAD_MS = 5 * 60_000;
/** …checked this often. */
export const PAYMENT_REMINDER_INTERVAL_MS = 30_000;
const BATCH = 200;


/** Once per deal, phase and deadline: a window extended after its reminder gets a reminder of its own. */
function reminderKind(deal: { status: number; paymentDeadline: Date | null }): string {
  return `payment_window_ending:${deal.status}:${deal.paymentDeadline?.getTime() ?? 0}`;
}

/**
 * Reminds the party who must act when a deal's payment window ends within 5 minutes: once per deal, phase and deadline,
 * across replicas (the deal_reminders row is claimed in the same transaction as the notification).
 * Answers the deals reminded.
 */
export async function sendPaymentWindowReminders(db: Database, now: Date): Promise<number[]> {
  const due = await db
    .select({ orderId: orders.orderId, status: orders.status, paymentDeadline: orders.paymentDeadline })
    .from(orders)
    .where(
      and(
        isNotNull(orders.parentOrderId),
        inArray(orders.status, [...COUNTDOWN_STATUSES]),
        gt(orders.paymentDeadline, now),
        lte(orders.paymentDeadline, new Date(now.getTime() + PAYMENT_REMINDER_LEAD_MS)),
      ),
    )
    .orderBy(orders.paymentDeadline)
    .limit(BATCH);

  const reminded: number[] = [];
  for (const candidate of due) {
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dealReminders)
        .values({ orderId: candidate.orderId, kind: reminderKind(candidate), sentAt: now })
        .onConflictDoNothing()
        .returning({ orderId: dealReminders.orderId });
      if (claimed.length === 0) return false;
      const facts = await loadDealFacts(tx, candidate.orderId);
      // The deal moved since the scan: the claim stays (harmless) and nobody is reminded of a closed window.
      if (!facts || facts.status !== candidate.status) return false;
      for (const notice of paymentWindowEndingNotices(facts, now)) {
        await notify(tx, { ...notice, orderId: facts.orderId, data: { status: facts.status }, now });
      }
      return true;
    });
    if (sent) reminded.push(candidate.orderId);
  }
  return reminded;
}
