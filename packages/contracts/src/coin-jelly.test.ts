import { describe, expect, it } from 'vitest';
import { createJellyRequest, jellyHistoryQuery, jellyQuoteQuery, jellyUserOrdersQuery, updateJellyRequest } from './coin-jelly.ts';

const wallet = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

describe('coin jelly contract', () => {
  it('takes the creation payload with exactly one recipient', () => {
    const payload = {
      cryptoCurrencyFromUser: 'USDC',
      userWallet: wallet,
      companyWallet: wallet,
      newUserWallets: [wallet],
      newUserCrypto: 'SOL',
      newUserCryptoChain: 'Solana',
      amountUserSend: '100',
      amountUserWannaGet: '0.5',
    };
    expect(createJellyRequest.parse(payload)).toEqual(payload);
    const two = createJellyRequest.safeParse({ ...payload, newUserWallets: [wallet, wallet] });
    expect(two.error?.issues[0]?.message).toBe('Give exactly one recipient address');
  });

  it('wants exactly one of the two amounts in a quote', () => {
    const pair = { sendCoin: 'USDC', sendChain: 'Solana', receiveCoin: 'SOL', receiveChain: 'Solana' };
    expect(jellyQuoteQuery.safeParse({ ...pair, amountUserSend: '100' }).success).toBe(true);
    expect(jellyQuoteQuery.safeParse({ ...pair, amountUserWannaGet: '1' }).success).toBe(true);
    expect(jellyQuoteQuery.safeParse(pair).success).toBe(false);
    expect(jellyQuoteQuery.safeParse({ ...pair, amountUserSend: '1', amountUserWannaGet: '1' }).success).toBe(false);
    expect(jellyQuoteQuery.safeParse({ ...pair, sendCoin: 'DOGE', amountUserSend: '1' }).error?.issues[0]?.message).toBe(
      'Coin must be one of SOL, USDC, USDT, BTC, ETH',
    );
  });

  it('reads All as no filter and keeps the list query names', () => {
    expect(jellyUserOrdersQuery.parse({ Page: '2', Size: '20', SortBy: '0', Dir: '1', Asset: 'All', Status: '1', DateTo: '2024-03-01' })).toEqual({
      Page: 2,
      Size: 20,
      SortBy: 0,
      Dir: 1,
      Status: 1,
      DateTo: '2024-03-01',
    });
    expect(jellyHistoryQuery.parse({ asset: 'USDT', status: 'all', searchWallet: ' abc ' })).toEqual({ asset: 'USDT', searchWallet: 'abc' });
    expect(jellyHistoryQuery.safeParse({ asset: 'DOGE' }).success).toBe(false);
    expect(jellyHistoryQuery.safeParse({ dateFrom: '2024-02-30' }).success).toBe(false);
  });

  it('takes Update Jelly with an optional txID and reason', () => {
    expect(updateJellyRequest.parse({ id: 3, txID: '', status: 2, reason: 'no funds' })).toEqual({ id: 3, status: 2, reason: 'no funds' });
    expect(updateJellyRequest.safeParse({ id: 3, status: 5 }).success).toBe(false);
  });
});
