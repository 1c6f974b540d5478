/** The support module's public surface: other modules and the app import it from here, never from its other files. */
export { WRONG_PARTIES } from './support-messages.ts';
export type { SupportNotice, SupportNotifier } from './support-notifier.ts';
export { latestSupportCase } from './support-case-view.ts';
