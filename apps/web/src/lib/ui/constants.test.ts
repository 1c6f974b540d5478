import { formatDecimal } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import { FOOTER_VOLUME_TEXT } from './constants.ts';

describe('layout constants', () => {
  it('the footer volume is a fixed, grouped figure', () => {
    expect(FOOTER_VOLUME_TEXT).toBe(`24h Volume ${formatDecimal('108536', { maxFractionDigits: 0, grouping: true })} USDT`);
  });
});
