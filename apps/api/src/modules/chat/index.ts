/** The chat module's public surface: other modules and the app import it from here, never from its other files. */
export { NOT_A_PARTY, assertCanPostChat, assertCanReadChat, chatClosed, loadChatDeal } from './chat-access.ts';
export { insertAttachmentMessageIfOpen } from './attachment-writes.ts';
export { insertSystemMessage } from './chat-writes.ts';
export { perUserPerMinute } from './per-user-rate-limit.ts';
export type { ChatDeal } from './queries.ts';
export { supportCaseOpenColumn } from './queries.ts';
export { postAutoReply } from './chat-writes.ts';
export { loadSwapRoom, insertSwapAttachmentMessage, type SwapRoom } from './swap-room.ts';
export { toChatMessage } from './to-wire.ts';
