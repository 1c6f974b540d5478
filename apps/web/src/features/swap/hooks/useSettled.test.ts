import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettled } from './useSettled.ts';

describe('useSettled', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('passes the first value at once, and a burst of changes that follows only once it has stayed the same', async () => {
    const { result, rerender } = renderHook(({ value }) => useSettled(value, 300), { initialProps: { value: null as string | null } });
    expect(result.current).toBeNull();

    rerender({ value: '2' });
    expect(result.current).toBe('2');

    await act(() => vi.advanceTimersByTimeAsync(100));
    rerender({ value: '25' });
    expect(result.current).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    rerender({ value: '250' });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(result.current).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe('250');

    // After a quiet spell the next change is quoted at once again.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    rerender({ value: '26' });
    expect(result.current).toBe('26');
  });
});
