import { describe, expect, it } from 'vitest';
import * as k from './constants.ts';
import { OfferSide, SortField } from './sides-and-sorting.ts';

describe('constants agree with each other and with their documented values', () => {
  it('minimum SOL balance is 0.001 SOL in lamports', () => {
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

  it('ban default is one day', () => {
    expect(k.BAN_DEFAULT_DURATION_MS / 3_600_000).toBe(24);
  });
});
