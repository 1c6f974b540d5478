import { describe, expect, it } from 'vitest';
import { readWatchdogConfig } from './watchdog-config.ts';

describe('the watchdog settings', () => {
  it('runs once a minute by default, as often as WATCHDOG_SWEEP_SECONDS says, never at 0', () => {
    expect(readWatchdogConfig({})).toEqual({ ok: true, config: { sweepMs: 60_000 } });
    expect(readWatchdogConfig({ WATCHDOG_SWEEP_SECONDS: '15' })).toEqual({ ok: true, config: { sweepMs: 15_000 } });
    expect(readWatchdogConfig({ WATCHDOG_SWEEP_SECONDS: '0' })).toEqual({ ok: true, config: { sweepMs: 0 } });
  });

  it.each(['-1', 'soon', '1.5'])('refuses WATCHDOG_SWEEP_SECONDS=%s', (value) => {
    const read = readWatchdogConfig({ WATCHDOG_SWEEP_SECONDS: value });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problems.join()).toContain('WATCHDOG_SWEEP_SECONDS must be a whole number of seconds');
  });
});
