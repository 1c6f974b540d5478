import { describe, expect, it } from 'vitest';
import { dealActions } from './deal-buttons.ts';
import { OrderStatus } from './order-status.ts';
import { DEAL_STATUS_TABLE } from './deal-lifecycle.ts';
import { SUPPORT_AFTER_END_STATUSES, canRequestSupportAfterEnd, supportAfterEndUntil } from './support-after-end.ts';

const ENDED_AT = '2026-03-01T10:00:00.000Z';
const deal = (status: OrderStatus, acceptorWallet: string | null = 'A') => ({
  creatorWallet: 'C',
  acceptorWallet,
  offerSide: 0,
  status,
  updatedAt: ENDED_AT,
});
const at = (iso: string) => new Date(iso);

describe('Support Request after a deal ended', () => {
  it('is open to both parties from the ending until just before 24 hours later, and to nobody else', () => {
    for (const status of SUPPORT_AFTER_END_STATUSES) {
      expect(canRequestSupportAfterEnd(deal(status), 'A', at(ENDED_AT))).toBe(true);
      expect(canRequestSupportAfterEnd(deal(status), 'C', at('2026-03-02T09:59:59.999Z'))).toBe(true);
      expect(canRequestSupportAfterEnd(deal(status), 'C', at('2026-03-02T10:00:00.000Z'))).toBe(false);
      expect(canRequestSupportAfterEnd(deal(status), 'X', at(ENDED_AT))).toBe(false);
      expect(canRequestSupportAfterEnd(deal(status), null, at(ENDED_AT))).toBe(false);
    }
    expect(supportAfterEndUntil(deal(OrderStatus.Expired)).toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });

  it('applies only to Completed, Expired and Cancelled deals (not one an admin resolved), never to an unclaimed offer', () => {
    for (const status of DEAL_STATUS_TABLE.keys()) {
      const expected = status === OrderStatus.Completed || status === OrderStatus.Expired || status === OrderStatus.Cancelled;
      expect(canRequestSupportAfterEnd(deal(status), 'A', at(ENDED_AT)), `status ${status}`).toBe(expected);
    }
    expect(canRequestSupportAfterEnd(deal(OrderStatus.Cancelled, null), 'C', at(ENDED_AT))).toBe(false);
  });

  it('shows the deal header button within the window only when the clock is given', () => {
    const expired = deal(OrderStatus.Expired);
    expect(dealActions(expired, 'A').showSupportRequest).toBe(false);
    expect(dealActions(expired, 'A', at('2026-03-01T20:00:00.000Z')).showSupportRequest).toBe(true);
    expect(dealActions(expired, 'A', at('2026-03-02T10:00:00.000Z')).showSupportRequest).toBe(false);
    // nothing else appears on an ended deal
    const { showSupportRequest: _shown, ...rest } = dealActions(expired, 'A', at(ENDED_AT));
    expect(rest).toMatchObject({ canCancel: false, showLock: false, showMarkAsPaid: false });
    // the in-progress rule is unchanged
    expect(dealActions(deal(OrderStatus.InProgress), 'A', at(ENDED_AT)).showSupportRequest).toBe(true);
    // a completed deal offers it for the same 24 hours (a transfer reversed after the release); an admin-resolved one never
    expect(dealActions(deal(OrderStatus.Completed), 'A', at(ENDED_AT)).showSupportRequest).toBe(true);
    expect(dealActions(deal(OrderStatus.Completed), 'A', at('2026-03-02T10:00:00.000Z')).showSupportRequest).toBe(false);
    expect(dealActions(deal(OrderStatus.AdminResolved), 'A', at(ENDED_AT)).showSupportRequest).toBe(false);
  });
});
