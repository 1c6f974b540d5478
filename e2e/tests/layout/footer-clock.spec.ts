import { expect, test } from '../../fixtures/test.ts';
import { footerClock } from '../../fixtures/app.ts';

const CLOCK_FORMAT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Wall-clock time in Europe/Nicosia, computed independently of the app with Intl. */
function nicosiaNow(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Nicosia',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** Reads 'yyyy-MM-dd HH:mm:ss' as if it were UTC, which is fine for comparing two wall clocks of one zone. */
function wallClockMs(text: string): number {
  const [date = '', time = ''] = text.split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0, s ?? 0);
}

// The browser runs in another zone, so only an explicit Europe/Nicosia conversion passes.
test.use({ timezoneId: 'America/Los_Angeles' });

test('the footer clock shows Europe/Nicosia time and ticks every second', async ({ page }) => {
  await page.goto('/');
  const clock = footerClock(page);
  await expect(clock).toHaveText(CLOCK_FORMAT);

  const first = (await clock.textContent())?.trim() ?? '';
  expect(Math.abs(wallClockMs(first) - wallClockMs(nicosiaNow()))).toBeLessThanOrEqual(2_000);

  await expect(clock).not.toHaveText(first, { timeout: 2_500 });
  const second = (await clock.textContent())?.trim() ?? '';
  expect(second).toMatch(CLOCK_FORMAT);
  expect(Math.abs(wallClockMs(second) - wallClockMs(nicosiaNow()))).toBeLessThanOrEqual(2_000);
  expect(wallClockMs(second)).toBeGreaterThan(wallClockMs(first));
});
