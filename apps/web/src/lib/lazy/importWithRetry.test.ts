import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWithRetry } from './importWithRetry.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module');

describe('importWithRetry', () => {
  afterEach(() => vi.useRealTimers());

  it('retries a failed import up to 2 times, 800 ms apart', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockRejectedValueOnce(chunkError()).mockResolvedValue({ default: 'screen' });

    const result = importWithRetry(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(799);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(800);
    expect(load).toHaveBeenCalledTimes(3);

    await expect(result).resolves.toEqual({ default: 'screen' });
  });

  it('gives up after the third failure and rethrows the last error', async () => {
    const sleep = vi.fn(async () => undefined);
    const errors = [chunkError(), chunkError(), new Error('third')];
    const load = vi.fn(async () => {
      throw errors.shift();
    });

    await expect(importWithRetry(load, { sleep })).rejects.toThrow('third');
    expect(load).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(800);
  });

  it('does not retry a successful import', async () => {
    const load = vi.fn(async () => 'ok');
    await expect(importWithRetry(load)).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
