import { describe, expect, it } from 'vitest';
import { DEFAULT_CLAIM_LIMITS, readClaimLimitsConfig } from './claim-limits-config.ts';

describe('readClaimLimitsConfig', () => {
  it('defaults to 3 open claims, 10 claims and 10 offers an hour, 3 cancellations a day, 10-minute batches', () => {
    expect(readClaimLimitsConfig({})).toEqual({
      ok: true,
      config: { maxOpenClaims: 3, claimsPerHour: 10, cancellationsPerDay: 3, offersPerHour: 10, claimNotificationBatchMinutes: 10 },
    });
    expect(readClaimLimitsConfig({ CLAIM_MAX_OPEN_DEALS: '' })).toEqual({ ok: true, config: DEFAULT_CLAIM_LIMITS });
  });

  it('reads every variable', () => {
    const env = {
      CLAIM_MAX_OPEN_DEALS: '5',
      CLAIM_MAX_PER_HOUR: '20',
      CLAIM_MAX_CANCELLATIONS_PER_DAY: '4',
      OFFER_MAX_PER_HOUR: '30',
      CLAIM_NOTIFICATION_BATCH_MINUTES: '15',
    };
    expect(readClaimLimitsConfig(env)).toEqual({
      ok: true,
      config: { maxOpenClaims: 5, claimsPerHour: 20, cancellationsPerDay: 4, offersPerHour: 30, claimNotificationBatchMinutes: 15 },
    });
  });

  it.each(['0', '-1', 'three', '1.5'])('refuses %o, naming the variable', (value) => {
    const result = readClaimLimitsConfig({ CLAIM_MAX_PER_HOUR: value });
    expect(result).toEqual({ ok: false, problems: ['CLAIM_MAX_PER_HOUR: must be a whole number from 1 to 999999'] });
  });
});
