import type { ChatMessage } from '@jelly/contracts';
import { describe, expect, it } from 'vitest';
import { groupMessagesByDay, localDayKey, localTime, mergeMessages } from './groupMessages.ts';

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

function message(id: number, at: Date, content = `m${id}`): ChatMessage {
  return { id, dealId: 1, accountId: WALLET, content, createdAtUtc: at.toISOString(), clientCreatedAtUtc: null, fileUrl: null };
}

/** A local date-time (the viewer's time zone), as the grouping sees it. */
const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);

describe('groupMessagesByDay', () => {
  const now = local(2026, 3, 10, 15);

  it('groups by the local calendar day, oldest first, with Today / Yesterday / a date', () => {
    const days = groupMessagesByDay(
      [
        message(1, local(2026, 3, 1, 9)),
        message(2, local(2026, 3, 1, 23, 59)),
        message(3, local(2026, 3, 9, 0, 0)),
        message(4, local(2026, 3, 10, 8, 5)),
        message(5, local(2026, 3, 10, 14, 30)),
      ],
      now,
    );
    expect(days.map((d) => [d.key, d.label, d.messages.map((m) => m.id)])).toEqual([
      ['2026-03-01', '1 March 2026', [1, 2]],
      ['2026-03-09', 'Yesterday', [3]],
      ['2026-03-10', 'Today', [4, 5]],
    ]);
  });

  it('splits at local midnight, not at UTC midnight', () => {
    const days = groupMessagesByDay([message(1, local(2026, 3, 5, 23, 59)), message(2, local(2026, 3, 6, 0, 1))], now);
    expect(days.map((d) => d.key)).toEqual(['2026-03-05', '2026-03-06']);
  });

  it('orders by server time even when pages arrive out of order', () => {
    const days = groupMessagesByDay([message(7, local(2026, 3, 10, 10)), message(6, local(2026, 3, 10, 9))], now);
    expect(days[0]?.messages.map((m) => m.id)).toEqual([6, 7]);
  });

  it('has nothing to group in an empty chat', () => {
    expect(groupMessagesByDay([], now)).toEqual([]);
  });
});

describe('localTime / localDayKey', () => {
  it('formats HH:mm and yyyy-MM-dd in local time', () => {
    const at = local(2026, 1, 2, 7, 5);
    expect(localTime(at.toISOString())).toBe('07:05');
    expect(localDayKey(at)).toBe('2026-01-02');
  });
});

describe('mergeMessages', () => {
  it('adds new messages once each, in id order, and keeps the same list when nothing is new', () => {
    const at = local(2026, 3, 10);
    const current = [message(1, at), message(2, at)];
    expect(mergeMessages(current, [message(2, at), message(4, at), message(3, at)]).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(mergeMessages(current, [message(1, at)])).toBe(current);
  });
});
