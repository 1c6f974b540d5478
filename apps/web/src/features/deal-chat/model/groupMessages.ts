import type { ChatMessage } from '@jelly/contracts';

export interface MessageDay {
  /** yyyy-MM-dd in the viewer's time zone. */
  key: string;
  /** The heading shown above the day's messages, e.g. 'Today', 'Yesterday', '3 March 2026'. */
  label: string;
  messages: ChatMessage[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a moment in the viewer's local time. */
export function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** HH:mm of a moment in the viewer's local time. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function dayLabel(day: Date, now: Date): string {
  const key = localDayKey(day);
  if (key === localDayKey(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === localDayKey(yesterday)) return 'Yesterday';
  return day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * Messages grouped by the local calendar day of their server time, days and messages oldest first.
 * (Messages arrive sorted by id; sorting again by time keeps the view right if a page arrived out of order.)
 */
export function groupMessagesByDay(messages: readonly ChatMessage[], now: Date = new Date()): MessageDay[] {
  const sorted = [...messages].sort((a, b) => a.createdAtUtc.localeCompare(b.createdAtUtc) || a.id - b.id);
  const days: MessageDay[] = [];
  for (const message of sorted) {
    const date = new Date(message.createdAtUtc);
    const key = localDayKey(date);
    const last = days[days.length - 1];
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: dayLabel(date, now), messages: [message] });
  }
  return days;
}

/** Adds newly fetched messages to a list, once each (by id), keeping id order. */
export function mergeMessages(current: ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.id - b.id);
}
