import { describe, expect, it } from 'vitest';
import * as k from './constants.ts';
import { OfferSide, SortField } from './sides-and-sorting.ts';
import { formatDecimal, toBaseUnits } from './money.ts';

describe('constants agree with each other and with the spec', () => {
  it('minimum SOL balance is 0.001 SOL in lamports', () => {
    expect(toBaseUnits(k.MIN_SOL_FOR_FEES, k.SOL_DECIMALS)).toBe(k.MIN_LAMPORTS_FOR_FEES);
    expect(k.MIN_LAMPORTS_FOR_FEES * 1000n).toBe(k.LAMPORTS_PER_SOL);
  });

  it('list defaults use the named enum values', () => {
    expect(k.PUBLIC_OFFERS_DEFAULT_SORT_BY).toBe(SortField.CreatedAt);
    expect(k.PUBLIC_OFFERS_DEFAULT_SIDE).toBe(OfferSide.Buy);
    expect(k.PLACE_ORDER_DEFAULT_SIDE).toBe(OfferSide.Buy);
  });

  it('attachment limits are binary megabytes', () => {
    expect([k.IMAGE_MAX_BYTES, k.PDF_MAX_BYTES, k.VIDEO_MAX_BYTES]).toEqual([5_242_880, 10_485_760, 31_457_280]);
  });

  it('the footer volume is a fixed, grouped figure', () => {
    expect(k.FOOTER_VOLUME_TEXT).toBe(`24h Volume ${formatDecimal('108536', { maxFractionDigits: 0, grouping: true })} USDT`);
  });

  it('ban default is one day', () => {
    expect(k.BAN_DEFAULT_DURATION_MS / 3_600_000).toBe(24);
  });
});
