import { describe, expect, it } from 'vitest';
import { readDealsConfig } from './deals-config.ts';

describe('PAYMENT_WINDOW_SWEEP_SECONDS', () => {
  it.each([
    [{}, 15_000],
    [{ PAYMENT_WINDOW_SWEEP_SECONDS: '' }, 15_000],
    [{ PAYMENT_WINDOW_SWEEP_SECONDS: '5' }, 5_000],
    [{ PAYMENT_WINDOW_SWEEP_SECONDS: '0' }, 0],
  ])('%j → every %d ms', (env, ms) => {
    expect(readDealsConfig(env)).toEqual({ ok: true, config: { paymentWindowSweepMs: ms, rentReclaimPollMs: 5_000, rentReclaimSweepMs: 300_000 } });
  });

  it.each(['-1', '1.5', 'often', '9999999'])('refuses %s with a message naming the variable', (value) => {
    const result = readDealsConfig({ PAYMENT_WINDOW_SWEEP_SECONDS: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join()).toContain('PAYMENT_WINDOW_SWEEP_SECONDS');
  });
});

describe('RENT_RECLAIM_POLL_SECONDS / RENT_RECLAIM_SWEEP_SECONDS', () => {
  it('reads both (0 turns the job off)', () => {
    expect(readDealsConfig({ RENT_RECLAIM_POLL_SECONDS: '0', RENT_RECLAIM_SWEEP_SECONDS: '60' })).toEqual({
      ok: true,
      config: { paymentWindowSweepMs: 15_000, rentReclaimPollMs: 0, rentReclaimSweepMs: 60_000 },
    });
  });

  it('refuses a value that is not whole seconds, naming the variable', () => {
    const result = readDealsConfig({ RENT_RECLAIM_SWEEP_SECONDS: 'hourly' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join()).toContain('RENT_RECLAIM_SWEEP_SECONDS');
  });
});
