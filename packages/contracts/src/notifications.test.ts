import { describe, expect, it } from 'vitest';
import { notificationListQuery, notificationPaths, telegramCodeResponse } from './notifications.ts';
import { realtimeClientMessage, realtimeServerMessage } from './realtime.ts';

describe('notification contracts', () => {
  it('GET /Notification: Page and Size default to 1 and 10, are clamped to at least 1, Size at most 100', () => {
    expect(notificationListQuery.parse({})).toEqual({ Page: 1, Size: 10 });
    expect(notificationListQuery.parse({ Page: '3', Size: '25' })).toEqual({ Page: 3, Size: 25 });
    expect(notificationListQuery.parse({ Page: '0', Size: '-4' })).toEqual({ Page: 1, Size: 1 });
    expect(notificationListQuery.parse({ Page: 'x', Size: '5000' })).toEqual({ Page: 1, Size: 100 });
  });

  it('paths keep their wire casing', () => {
    expect(notificationPaths.list).toBe('/Notification');
    expect(notificationPaths.read(12)).toBe('/Notification/12/read');
    expect(notificationPaths.unreadCount).toBe('/Notification/unread-count');
    expect(notificationPaths.hasTelegram('abc')).toBe('/platform/has-telegram/abc');
  });

  it('a Telegram code is a start parameter Telegram accepts', () => {
    const ok = { code: 'A1b2C3d4E5f6G7h8I9j0K1l2', expiresAt: '2030-01-01T00:00:00.000Z', botUsername: 'jelly_bot' };
    expect(telegramCodeResponse.parse(ok)).toEqual(ok);
    expect(telegramCodeResponse.safeParse({ ...ok, code: 'has spaces in it!!!!' }).success).toBe(false);
  });
});

describe('realtime contracts', () => {
  it('accepts the client messages and nothing else', () => {
    expect(realtimeClientMessage.parse({ type: 'subscribe', dealId: 5 })).toEqual({ type: 'subscribe', dealId: 5 });
    expect(realtimeClientMessage.safeParse({ type: 'subscribe', dealId: -1 }).success).toBe(false);
    expect(realtimeClientMessage.safeParse({ type: 'auth', token: '' }).success).toBe(false);
    expect(realtimeClientMessage.safeParse({ type: 'shout' }).success).toBe(false);
  });

  it('describes every server frame', () => {
    const status = { type: 'order.status', orderId: 12, parentOrderId: null, status: 8, changedAt: '2030-01-01T00:00:00.000Z' };
    expect(realtimeServerMessage.parse(status)).toEqual(status);
    expect(realtimeServerMessage.parse({ type: 'resync' })).toEqual({ type: 'resync' });
    expect(realtimeServerMessage.safeParse({ ...status, status: 9 }).success).toBe(false);
  });
});
