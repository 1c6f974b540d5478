import { describe, expect, it } from 'vitest';
import { sentFundsNotice } from './sentFunds.ts';

describe('sentFundsNotice', () => {
  it('on Solana: nothing seen yet, keep waiting or check the address; never "pending"', () => {
    const text = sentFundsNotice({ cryptoCurrencyFromUser: 'USDC', sendChain: 'Solana', amountUserSend: '100' });
    expect(text).toMatch(/^No deposit seen yet at this address\. Keep this window open/);
    expect(text).toContain('check that you sent 100 USDC on the Solana network to the address above');
    expect(text).not.toMatch(/pending/i);
  });

  it('off Solana: an operator confirms the deposit', () => {
    expect(sentFundsNotice({ cryptoCurrencyFromUser: 'BTC', sendChain: 'Bitcoin', amountUserSend: '0.1' })).toContain('an operator checks Bitcoin deposits');
  });
});
