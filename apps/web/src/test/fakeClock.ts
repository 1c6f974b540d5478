import { act } from '@testing-library/react';
import { vi } from 'vitest';

// Captured before any test fakes them: waiting for the page must not move the fake clock.
const realSetTimeout = globalThis.setTimeout;

/**
 * Fakes the clock the app's polls and deadlines read (timers and Date) and nothing else, and never lets it advance
 * by itself: only `vi.advanceTimersByTimeAsync` moves it, so counts of polls are exact however slow the machine is.
 * (React, rendering and the fake API run on what stays real.) Undo with `vi.useRealTimers()`.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/**
 * Retries `check` on real timers until it passes (at most `timeoutMs`), for use under `useFakeClock`, where Testing
 * Library's `waitFor` and `findBy*` would wait on the frozen fake timers.
 */
export async function eventually<T>(check: () => T, timeoutMs = 5000): Promise<T> {
  for (let waited = 0; ; waited += 20) {
    try {
      return check();
    } catch (error) {
      if (waited >= timeoutMs) throw error;
    }
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 20)));
  }
}
