import { describe, expect, it } from 'vitest';
import { supportRequestPayload, telegramStartUrl } from './support.ts';

describe('support request', () => {
  it.each([
    [1, 'C', 'A'], // Buy offer: creator is the buyer (fiat side)
    [0, 'A', 'C'], // Sell offer: acceptor is the buyer
  ])('offerSide %i: buyer %s, seller %s', (offerSide, buyer, seller) => {
    expect(supportRequestPayload(42, { creatorWallet: 'C', acceptorWallet: 'A', offerSide }, 'https://app/swap-chat/42')).toEqual({
      dealId: '42',
      buyerWallet: buyer,
      sellerWallet: seller,
      orderUrl: 'https://app/swap-chat/42',
      receiver: 'Admin',
      messageType: 'AdminNotification',
    });
  });

  it('builds the bot start link', () => {
    expect(telegramStartUrl('@JellyBot', 'ab c')).toBe('https://t.me/JellyBot?start=ab%20c');
  });
});
