import type { FastifyInstance } from 'fastify';
import { sendPaymentWindowReminders } from './payment-window-reminders.ts';

/**
 * One run of the payment-window reminder job (a job of the app's list, every PAYMENT_REMINDER_INTERVAL_MS): every
 * process runs it, and a reminder goes out once across all of them.
 */
export function paymentReminderRun(app: FastifyInstance): () => Promise<void> {
  return async () => {
    await sendPaymentWindowReminders(app.db, app.config.now());
  };
}
