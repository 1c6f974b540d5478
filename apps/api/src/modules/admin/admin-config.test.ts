import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_CONFIG, readAdminConfig } from './admin-config.ts';

describe('the back office settings', () => {
  it('defaults to a second admin above 1000 USD and a 24-hour SLA; reads both from the environment', () => {
    expect(readAdminConfig({})).toEqual({ ok: true, config: { fourEyes: { amount: '1000', currency: 'USD' }, disputeSlaHours: 24 } });
    expect(readAdminConfig({})).toEqual({ ok: true, config: DEFAULT_ADMIN_CONFIG });
    expect(readAdminConfig({ ADMIN_FOUR_EYES_FIAT_AMOUNT: '250.50', DISPUTE_SLA_HOURS: '12' })).toEqual({
      ok: true,
      config: { fourEyes: { amount: '250.50', currency: 'USD' }, disputeSlaHours: 12 },
    });
    expect(readAdminConfig({ ADMIN_FOUR_EYES_FIAT_AMOUNT: ' 1000  eur ' })).toMatchObject({ config: { fourEyes: { amount: '1000', currency: 'EUR' } } });
    expect(readAdminConfig({ ADMIN_FOUR_EYES_FIAT_AMOUNT: 'off' })).toMatchObject({ config: { fourEyes: null } });
    expect(readAdminConfig({ ADMIN_FOUR_EYES_FIAT_AMOUNT: '' })).toEqual({ ok: true, config: DEFAULT_ADMIN_CONFIG });
    expect(readAdminConfig({ DISPUTE_SLA_HOURS: '-1' })).toMatchObject({ ok: false });
  });

  it.each(['lots', '1000 euros', '1000 ZZZ', 'EUR 1000', '10.505', '-5'])('refuses ADMIN_FOUR_EYES_FIAT_AMOUNT=%s with the expected form', (value) => {
    const read = readAdminConfig({ ADMIN_FOUR_EYES_FIAT_AMOUNT: value });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problems).toEqual([
      'ADMIN_FOUR_EYES_FIAT_AMOUNT: ADMIN_FOUR_EYES_FIAT_AMOUNT must be an amount with an optional ISO currency (1000 = 1000 USD, 250.50 EUR), or off',
    ]);
  });
});
