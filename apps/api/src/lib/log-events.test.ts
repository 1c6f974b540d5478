// The money events' one list and the operators' table in docs/logging.md name the same events at the same levels,
// and the helper writes the event at its level.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_EVENTS, logEvent } from './log-events.ts';
import { API_ROOT } from './package-root.ts';

const HEADER = ['event', 'level', 'when', 'fields', 'what the operator does'];

/** The rows of the table under "## Money events": event name → level, as an operator reads them. */
function documentedEvents(): Map<string, string> {
  const doc = readFileSync(join(API_ROOT, '..', '..', 'docs', 'logging.md'), 'utf8');
  const section = doc.split(/^## /m).find((part) => part.startsWith('Money events'));
  if (!section) throw new Error('docs/logging.md has no "Money events" section');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
  expect(rows[0]).toEqual(HEADER);
  const events = new Map<string, string>();
  for (const cells of rows.slice(2)) {
    expect(cells).toHaveLength(HEADER.length);
    const name = /^`([a-z_.]+)`$/.exec(cells[0] ?? '')?.[1];
    if (!name) throw new Error(`not an event name: ${cells[0]}`);
    expect(events.has(name), `${name} is in the table twice`).toBe(false);
    events.set(name, cells[1] ?? '');
  }
  return events;
}

describe('the money events', () => {
  it('are the same set, at the same levels, in lib/log-events.ts and in the table of docs/logging.md', () => {
    const documented = documentedEvents();
    expect(documented.size).toBeGreaterThan(0);
    expect(Object.fromEntries(documented)).toEqual({ ...LOG_EVENTS });
  });

  it('are written at their own level with the event field, over any field of the same name', () => {
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const at = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
    const log = { info: at('info'), warn: at('warn'), error: at('error') } as unknown as Parameters<typeof logEvent>[0];
    logEvent(log, 'watchdog.overdue', { watchdog: { overdue: 1 }, event: 'made.up' }, 'late');
    logEvent(log, 'send.landed', { send: { kind: 'lock' } }, 'landed');
    logEvent(log, 'job.failed', { job: 'x' }, 'failed');
    expect(lines).toEqual([
      { level: 'warn', fields: { watchdog: { overdue: 1 }, event: 'watchdog.overdue' }, message: 'late' },
      { level: 'info', fields: { send: { kind: 'lock' }, event: 'send.landed' }, message: 'landed' },
      { level: 'error', fields: { job: 'x', event: 'job.failed' }, message: 'failed' },
    ]);
  });
});
