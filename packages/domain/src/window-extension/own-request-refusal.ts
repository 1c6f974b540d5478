import type { WindowExtensionRecord, WindowRefusal } from './rules.ts';

export const WINDOW_EXTENSION_OWN_REQUEST = 'The other party answers your request for more time.';

/** Asking and granting are two people's acts: nobody accepts (or declines) their own request. */
export function ownRequestRefusal(request: WindowExtensionRecord, wallet: string): WindowRefusal | null {
  return request.requestedBy === wallet ? { kind: 'forbidden', message: WINDOW_EXTENSION_OWN_REQUEST } : null;
}
