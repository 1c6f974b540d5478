import { describe, expect, it } from 'vitest';
import { decrementUnread, hasMoreNotifications, isVisibleEnoughToRead, markNotificationRead } from './notifications.ts';

describe('notifications', () => {
  it.each([
    [10, true],
    [9, false],
    [0, false],
    [11, false],
  ])('a page of %i items → hasMore %s', (count, more) => {
    expect(hasMoreNotifications(count)).toBe(more);
  });

  it.each([
    [3, 2],
    [1, 0],
    [0, 0],
  ])('unread %i → %i after marking read', (before, after) => {
    expect(decrementUnread(before)).toBe(after);
  });

  it.each([
    [0.6, true],
    [1, true],
    [0.59, false],
  ])('%d visible → read %s', (ratio, read) => {
    expect(isVisibleEnoughToRead(ratio)).toBe(read);
  });

  it('sets isRead and readAt once', () => {
    const now = new Date('2024-05-01T12:00:00Z');
    const item = { id: 1, isRead: false, readAt: null };
    expect(markNotificationRead(item, now)).toEqual({ id: 1, isRead: true, readAt: '2024-05-01T12:00:00.000Z' });
    const read = { id: 2, isRead: true, readAt: '2024-04-01T00:00:00.000Z' };
    expect(markNotificationRead(read, now)).toBe(read);
  });
});
