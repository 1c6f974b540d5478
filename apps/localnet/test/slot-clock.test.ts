import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLOT_MS, wallSlotClock } from '../src/index.ts';

describe('the wall slot clock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks once per 400 ms slot until stopped', () => {
    vi.useFakeTimers();
    let ticks = 0;
    const stop = wallSlotClock()(() => {
      ticks += 1;
    });
    vi.advanceTimersByTime(SLOT_MS * 3);
    expect(ticks).toBe(3);
    stop();
    vi.advanceTimersByTime(SLOT_MS * 3);
    expect(ticks).toBe(3);
  });
});
