/** The notifications module's public surface: other modules and the app import it from here, never from its other files. */
export { notifyChatMessage, notifySwapChatMessage } from './chat-notifications.ts';
export {
  notifyDealCancelledBy,
  notifyDealStatus,
  notifyExtensionRequested,
  notifyOfferClaimed,
  notifyReviewReceived,
  notifyWalletBanned,
} from './deal-notifications.ts';
export type { DealStatusNote } from './deal-texts.ts';
export { notify } from './notify.ts';
export { findNotificationsByIds } from './queries.ts';
export { toNotification } from './to-wire.ts';
export { paymentReminderRun } from './payment-reminder-job.ts';
export { PAYMENT_REMINDER_INTERVAL_MS } from './payment-window-reminders.ts';
export { notifyPayoutWaitsForAccount, payoutWaitMessage, REFUND_WAITS_TITLE, RELEASE_WAITS_TITLE } from './refund-waits-notice.ts';
export { notifySupportCaseClosed, notifySupportCaseOpened, SUPPORT_CASE_CLOSED_TITLE, SUPPORT_CASE_OPENED_TITLE } from './support-case-notices.ts';
