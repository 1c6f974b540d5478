import { type WindowExtensionRecord, type WindowRefusal, pendingExtension } from './rules.ts';

export const WINDOW_EXTENSION_PENDING = 'A request for more time is already waiting for an answer.';

/** One request waits at a time: the other party answers it before anyone asks again. */
export function pendingRequestRefusal(extensions: readonly WindowExtensionRecord[]): WindowRefusal | null {
  return pendingExtension(extensions) ? { kind: 'conflict', message: WINDOW_EXTENSION_PENDING } : null;
}
