import { MAX_WINDOW_EXTENSIONS, type WindowExtensionRecord, type WindowRefusal } from './rules.ts';

export const WINDOW_EXTENSION_LIMIT = `This deal has already had ${MAX_WINDOW_EXTENSIONS} requests for more time.`;

/** Each deal allows a fixed number of requests, answered or not, so the window cannot be stretched without end. */
export function extensionLimitRefusal(extensions: readonly WindowExtensionRecord[]): WindowRefusal | null {
  return extensions.length < MAX_WINDOW_EXTENSIONS ? null : { kind: 'conflict', message: WINDOW_EXTENSION_LIMIT };
}
