export * from './rules.ts';
export * from './checks.ts';
export { extensionLimitRefusal, WINDOW_EXTENSION_LIMIT } from './extension-limit-refusal.ts';
export { notAPartyRefusal } from './not-a-party-refusal.ts';
export { ownRequestRefusal, WINDOW_EXTENSION_OWN_REQUEST } from './own-request-refusal.ts';
export { pendingRequestRefusal, WINDOW_EXTENSION_PENDING } from './pending-request-refusal.ts';
export { requestAnsweredRefusal, WINDOW_EXTENSION_ANSWERED } from './request-answered-refusal.ts';
export { windowClosedRefusal, PAYMENT_WINDOW_NOT_RUNNING } from './window-closed-refusal.ts';
export * from './chat-texts.ts';
