import { describe, expect, it } from 'vitest';
import { notificationLink } from './notificationLink.ts';

describe('notificationLink', () => {
  it('leads to the deal chat, the Coin Jelly order, or nowhere', () => {
    expect(notificationLink({ orderId: 12, jellyId: null })).toBe('/swap-chat/12');
    expect(notificationLink({ orderId: null, jellyId: 7 })).toBe('/coin-jelly/7');
    expect(notificationLink({ orderId: null })).toBeNull();
    expect(notificationLink({ orderId: null, jellyId: null })).toBeNull();
  });

  it("opens a swap-chat message's chat as the swap's room, not the deal that shares its number", () => {
    expect(notificationLink({ orderId: null, swapId: 12 })).toBe('/swap-chat/12?kind=swap');
    expect(notificationLink({ orderId: null, jellyId: null, swapId: null })).toBeNull();
  });
});
