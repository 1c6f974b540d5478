import { describe, expect, it } from 'vitest';
import { explorerTxUrl, slaClock } from './explorer.ts';

describe('explorerTxUrl', () => {
  it.each([
    [null, 'https://explorer.solana.com/tx/SiG'],
    ['https://api.mainnet-beta.solana.com', 'https://explorer.solana.com/tx/SiG'],
    ['https://api.devnet.solana.com', 'https://explorer.solana.com/tx/SiG?cluster=devnet'],
    ['http://127.0.0.1:8899', 'https://explorer.solana.com/tx/SiG?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899'],
  ])('links a signature on %s', (rpc, url) => {
    expect(explorerTxUrl('SiG', rpc)).toBe(url);
  });
});

describe('slaClock', () => {
  const opened = '2026-11-20T10:00:00.000Z';
  it.each([
    ['2026-11-20T10:00:00.000Z', '00:00:00'],
    ['2026-11-20T09:00:00.000Z', '00:00:00'],
    ['2026-11-20T13:04:05.900Z', '03:04:05'],
    ['2026-11-22T11:00:01.000Z', '2d 01:00:01'],
  ])('at %s reads %s', (now, clock) => {
    expect(slaClock(opened, new Date(now))).toBe(clock);
  });
});
