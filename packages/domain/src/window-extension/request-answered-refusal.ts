import type { WindowExtensionRecord, WindowRefusal } from './rules.ts';

export const WINDOW_EXTENSION_ANSWERED = 'This request for more time has already been answered.';

/** A request is answered once: a second accept (a double click, the other tab) never extends the window twice. */
export function requestAnsweredRefusal(request: WindowExtensionRecord): WindowRefusal | null {
  return request.state === 'pending' ? null : { kind: 'conflict', message: WINDOW_EXTENSION_ANSWERED };
}
