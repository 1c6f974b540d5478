import { describe, expect, it } from 'vitest';
import { INITIAL_RATING, checkRating, checkReason, isValidRating, reportPayload, shouldPromptReview, starFills } from './rating.ts';

describe('rating', () => {
  it('starts at 0, which cannot be submitted', () => {
    expect(INITIAL_RATING).toBe(0);
    expect(isValidRating(INITIAL_RATING)).toBe(false);
  });

  it.each([
    [1, true],
    [5, true],
    [3, true],
    [0, false],
    [6, false],
    [2.5, false],
    ['4', false],
  ])('%j valid: %s', (score, valid) => {
    expect(checkRating(score)).toEqual(valid ? { ok: true, value: score } : { ok: false, error: 'Rating must be 1 to 5 stars' });
  });

  it.each([
    [0, 'empty,empty,empty,empty,empty'],
    [3.5, 'full,full,full,half,empty'],
    [4.2, 'full,full,full,full,empty'],
    [4.3, 'full,full,full,full,half'],
    [5, 'full,full,full,full,full'],
    [9, 'full,full,full,full,full'],
    [-1, 'empty,empty,empty,empty,empty'],
  ])('stars for %d', (score, fills) => {
    expect(starFills(score).join(',')).toBe(fills);
  });
});

describe('report and block reasons', () => {
  it.each([
    ['spam', { ok: true, value: 'spam' }],
    ['  scam attempt ', { ok: true, value: 'scam attempt' }],
    ['', { ok: false, error: 'Please provide a reason' }],
    ['   \n', { ok: false, error: 'Please provide a reason' }],
    [null, { ok: false, error: 'Please provide a reason' }],
  ])('%j', (text, expected) => {
    expect(checkReason(text)).toEqual(expected);
  });

  it('sends a report with score 0 and dealId null', () => {
    expect(reportPayload('W', ' rude ')).toEqual({ toWallet: 'W', score: 0, comment: 'rude', dealId: null });
  });
});

describe('review prompt', () => {
  const status = { party1Wallet: 'P1', party2Wallet: 'P2', party1Review: null, party2Review: { score: 5 } };

  it.each([
    [3, 'P1', true],
    [3, 'P2', false],
    [3, 'X', false],
    [3, null, false],
    [8, 'P1', false],
  ])('status %i, wallet %s → %s', (orderStatus, wallet, prompt) => {
    expect(shouldPromptReview(orderStatus, status, wallet)).toBe(prompt);
  });
});
