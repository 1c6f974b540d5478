import { describe, expect, it } from 'vitest';
import { readDealsConfig } from './deals-config.ts';

describe('PAYMENT_WINDOW_SWEEP_SECONDS', () => {
  it.each([
    [{}, 15_000],
    [{ PAYMENT_WINDOW_SWEEP_SECONDS: '' }, 15_000],
    [{ PAYMENT_WINDOW_SWEEP_SECONDS: '5' }, 5_000],
    [{ PAYMENT_WINDOW_SWEEP_SECONDS: '0' }, 0],
  ])('%j → every %d ms', (env, ms) => {
    expect(readDealsConfig(env)).toEqual({ ok: true, config: { paymentWindowSweepMs: ms } });
  });

  it.each(['-1', '1.5', 'often', '9999999'])('refuses %s with a message naming the variable', (value) => {
    const result = readDealsConfig({ PAYMENT_WINDOW_SWEEP_SECONDS: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join()).toContain('PAYMENT_WINDOW_SWEEP_SECONDS');
  });
});
