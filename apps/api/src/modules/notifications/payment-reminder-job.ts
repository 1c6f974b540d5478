import fp from 'fastify-plugin';
import { PAYMENT_REMINDER_INTERVAL_MS, sendPaymentWindowReminders } from './payment-window-reminders.ts';

/**
 * The payment-window reminder job: every process runs it (a reminder goes out once across all of them). Never two
 * runs at once; the timer does not keep the process alive; stops with the app, waiting for a run in progress.
 */
export const paymentReminderJob = fp(
  async (app) => {
    let running: Promise<void> | null = null;
    const reminders = setInterval(() => {
      running ??= sendPaymentWindowReminders(app.db, app.config.now())
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, 'payment window reminders failed'))
        .finally(() => {
          running = null;
        });
    }, PAYMENT_REMINDER_INTERVAL_MS);
    reminders.unref();
    app.addHook('onClose', async () => {
      clearInterval(reminders);
      await running;
    });
  },
  { name: 'notifications-payment-reminder-job' },
);
