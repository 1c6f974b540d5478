import { describe, expect, it } from 'vitest';
import { explorerTxUrl } from './explorer.ts';

describe('explorerTxUrl', () => {
  it.each([
    ['mainnet-beta', null, 'https://explorer.solana.com/tx/abc'],
    ['devnet', null, 'https://explorer.solana.com/tx/abc?cluster=devnet'],
    ['localnet', 'http://127.0.0.1:8899', 'https://explorer.solana.com/tx/abc?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899'],
  ])('%s', (cluster, rpc, url) => {
    expect(explorerTxUrl('abc', cluster, rpc)).toBe(url);
  });
});
