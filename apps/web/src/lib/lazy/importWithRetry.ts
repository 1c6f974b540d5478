import { LAZY_SCREEN_RETRIES, LAZY_SCREEN_RETRY_DELAY_MS } from '../ui/constants.ts';
import type { ComponentType } from 'react';

export interface RetryOptions {
  retries?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a dynamic import, retrying a failure up to 2 times, 800 ms apart. */
export async function importWithRetry<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = LAZY_SCREEN_RETRIES, delayMs = LAZY_SCREEN_RETRY_DELAY_MS, sleep = wait } = options;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await sleep(delayMs);
    }
  }
}

/** A React Router `lazy` loader for a screen module with a default export. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await importWithRetry(load)).default });
}
