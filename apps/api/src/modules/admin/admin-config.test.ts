import { describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_CONFIG, needsFourEyes, readAdminConfig } from './admin-config.ts';

describe('the back office settings', () => {
  it('defaults to a second admin above 1000 and a 24-hour SLA; reads both from the environment', () => {
    expect(readAdminConfig({})).toEqual({ ok: true, config: DEFAULT_ADMIN_CONFIG });
    expect(readAdminConfig({ ADMIN_FOUR_EYES_FIAT_AMOUNT: '250.50', DISPUTE_SLA_HOURS: '12' })).toEqual({
      ok: true,
      config: { fourEyesFiatAmount: '250.50', disputeSlaHours: 12 },
    });
    expect(readAdminConfig({ ADMIN_FOUR_EYES_FIAT_AMOUNT: 'off' })).toMatchObject({ config: { fourEyesFiatAmount: null } });
    expect(readAdminConfig({ ADMIN_FOUR_EYES_FIAT_AMOUNT: 'lots' })).toMatchObject({ ok: false });
    expect(readAdminConfig({ DISPUTE_SLA_HOURS: '-1' })).toMatchObject({ ok: false });
  });

  it('needs a second admin only strictly above the amount, compared in cents', () => {
    const config = { fourEyesFiatAmount: '250.50', disputeSlaHours: 24 };
    expect(needsFourEyes(config, 25_050n)).toBe(false);
    expect(needsFourEyes(config, 25_051n)).toBe(true);
    expect(needsFourEyes(config, null)).toBe(false);
    expect(needsFourEyes({ ...config, fourEyesFiatAmount: null }, 10n ** 20n)).toBe(false);
  });
});
