import type { OverdueItem, OverdueResponse } from '@jelly/contracts';
import type { Page } from '@playwright/test';
import { adminNav, openAdmin } from '../../fixtures/admin.ts';
import { expect, test } from '../../fixtures/deals/parties.ts';

/**
 * The Overdue section lists a late record with what it waits for, who must act, since when, and a link to act from.
 * No real wait can pass its deadline inside a 30-second test on the server's real clock (the shortest allowance is
 * 5 minutes), so the server's real answer gets one item added on its way to the page; the API suite proves which
 * records the server lists (apps/api/src/modules/watchdog/watchdog.test.ts).
 */
const since = new Date(Date.now() - 20 * 60_000).toISOString();
const late: OverdueItem = {
  kind: 'jelly_settling',
  ref: '4242',
  label: 'Coin Jelly order #4242',
  waitsFor: 'The Coin Jelly payout to land on chain.',
  wayOut: 'The poller verifies it (send recovery re-sends or signs afresh); an admin can complete or fail it.',
  owner: 'chain',
  since,
  deadline: new Date(Date.parse(since) + 10 * 60_000).toISOString(),
  link: '/admin/coin-jelly',
  notifiedAt: null,
};

async function withLateItem(page: Page): Promise<void> {
  await page.route('**/api/admin/overdue', async (route) => {
    const response = await route.fetch();
    const real = (await response.json()) as OverdueResponse;
    await route.fulfill({ response, json: { ...real, data: [late, ...real.data], total: real.total + 1 } });
  });
}

// Signing the admin in and building the admin area take most of the default 30 s on a loaded machine.
test.setTimeout(120_000);

for (const width of [1280, 390]) {
  test(`at ${width} px the admin finds a late record under Overdue and follows its link`, async ({ openParty }) => {
    const admin = await openAdmin(openParty);
    const { page } = admin;
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await withLateItem(page);
    if (width === 390) await page.getByRole('button', { name: 'Menu' }).click();
    await adminNav(page).getByRole('link', { name: 'Overdue' }).click();

    await expect(page).toHaveTitle('Admin · Overdue · Jelly');
    await expect(page.getByRole('heading', { name: /^Overdue \(\d+\)$/, level: 1 })).toBeVisible();
    const row = page.getByRole('table', { name: 'Overdue' }).getByRole('row').filter({ hasText: late.label });
    await expect(row).toContainText(late.waitsFor);
    await expect(row).toContainText('the chain');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await row.getByRole('link', { name: late.label }).click();
    await expect(page).toHaveURL(/\/admin\/coin-jelly$/);
  });
}
