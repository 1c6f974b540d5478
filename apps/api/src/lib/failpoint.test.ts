import { describe, expect, it } from 'vitest';
import { readFailpoint } from './failpoint.ts';

describe('JELLY_FAILPOINT (test only)', () => {
  it('is off when unset, and names one step of one kind of send', () => {
    expect(readFailpoint({})).toEqual({ ok: true, config: null });
    expect(readFailpoint({ JELLY_FAILPOINT: 'jelly_payout:after-send' })).toEqual({ ok: true, config: 'jelly_payout:after-send' });
    expect(readFailpoint({ JELLY_FAILPOINT: 'jelly_payout:midway' })).toMatchObject({ ok: false, problems: [expect.stringMatching(/^JELLY_FAILPOINT: must be <send kind>:</)] });
  });

  it('is refused where real money moves', () => {
    const refused = { ok: false, problems: ['JELLY_FAILPOINT: a test-only setting; refused with NODE_ENV=production or SOLANA_CLUSTER=mainnet-beta'] };
    expect(readFailpoint({ JELLY_FAILPOINT: 'jelly_payout:after-send', NODE_ENV: 'production' })).toEqual(refused);
    expect(readFailpoint({ JELLY_FAILPOINT: 'admin_resolve:after-sign', SOLANA_CLUSTER: 'mainnet-beta' })).toEqual(refused);
  });
});
