import { OrderStatus } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import type { SupportNotice } from '../support/index.ts';
import { supportRequestText } from './support-notifier.ts';

const notice = (statusBefore: OrderStatus, status: OrderStatus, message: string | null = null): SupportNotice => ({
  id: 'r1',
  orderId: 42,
  requesterWallet: 'Requester1111111111111111111111111111111111',
  buyerWallet: 'Buyer111111111111111111111111111111111111111',
  sellerWallet: 'Seller11111111111111111111111111111111111111',
  orderUrl: 'http://localhost/swap-chat/42',
  statusBefore,
  status,
  message,
  createdAt: new Date('2026-03-01T10:00:00.000Z'),
});

describe("the admins' support request message", () => {
  it('shows the move to Admin Resolving for a deal underway', () => {
    expect(supportRequestText(notice(OrderStatus.CryptoGuyLockedCrypto, OrderStatus.AdminResolving))).toContain('Status: Locked → Admin Resolving');
  });

  it('says a case on an ended deal cannot move its tokens', () => {
    const text = supportRequestText(notice(OrderStatus.Expired, OrderStatus.Expired));
    expect(text).toContain('Status: Expired (a case on an ended deal: its tokens cannot move)');
    expect(text).not.toContain('→');
    expect(text).not.toContain('Words:');
  });

  it("carries the requester's own words", () => {
    expect(supportRequestText(notice(OrderStatus.Completed, OrderStatus.Completed, 'The payment was reversed.'))).toContain('Words: The payment was reversed.');
  });
});
