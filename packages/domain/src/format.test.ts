import { describe, expect, it } from 'vitest';
import { ELLIPSIS, avatarLetters, depositAddressPreview, monthYear, senderLabel, shortenWallet, tradesSummary } from './format.ts';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

describe('wallet formatting', () => {
  it('uses the single ellipsis character', () => {
    expect(ELLIPSIS).toBe('\u2026');
  });

  it.each([
    [WALLET, '7xKXtg2C…osgAsU'],
    ['123456789012345', '123456789012345'],
    ['1234567890123456', '12345678…123456'],
    ['short', 'short'],
  ])('%s → %s', (wallet, short) => {
    expect(shortenWallet(wallet)).toBe(short);
  });

  it('takes the first two characters for the avatar', () => {
    expect(avatarLetters(WALLET)).toBe('7x');
  });

  it.each([
    ['ABCD', 'ABC…'],
    ['ABCDE', 'ABC…'], // 3.75 rounded down
    ['ABCDEFGH', 'ABCDEF…'],
    [WALLET, `${WALLET.slice(0, 33)}…`], // 44 × 0.75 = 33
  ])('deposit preview of %s', (address, preview) => {
    expect(depositAddressPreview(address)).toBe(preview);
  });

  it.each([
    [WALLET, WALLET, 'You'],
    [WALLET, 'Other', '7xKXtg2C…osgAsU'],
    [WALLET, null, '7xKXtg2C…osgAsU'],
  ])('sender %s seen by %s → %s', (sender, me, label) => {
    expect(senderLabel(sender, me)).toBe(label);
  });
});

describe('trader line', () => {
  it.each([
    [5, '2024-01-15T10:00:00Z', '5 Trades | Jan 2024'],
    [0, new Date('2023-12-31T12:00:00Z'), '0 Trades | Dec 2023'],
    [12, null, '12 Trades'],
    [3, 'not a date', '3 Trades'],
    [NaN, '2024-07-01', '0 Trades | Jul 2024'],
    [1, '2024-07-01', '1 Trade | Jul 2024'],
    [1, null, '1 Trade'],
    [-2, null, '0 Trades'],
  ])('%d completed deals, created %j → %s', (disputes, created, line) => {
    expect(tradesSummary(disputes, created)).toBe(line);
  });

  it('reads month and year', () => {
    expect(monthYear('2022-09-09')).toBe('Sep 2022');
    expect(monthYear('')).toBeNull();
  });
});
