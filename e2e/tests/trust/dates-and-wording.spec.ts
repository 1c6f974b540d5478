import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { accountMenu } from '../../fixtures/app.ts';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { shortAddress } from '../../wallet/keys.ts';

test.setTimeout(120_000);

const ISO_RANGE = /^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/;

/** Opens the 'Date range' field in `scope`, picks the 10th and the 12th of the month shown, and applies them. */
async function pickRange(page: Page, scope: Locator): Promise<Locator> {
  await scope.getByRole('button', { name: /^Date range/ }).click();
  const picker = page.getByRole('dialog', { name: 'Date range' });
  const day = (d: number) => picker.locator('.rdp-day:not(.rdp-outside) button').getByText(String(d), { exact: true });
  await day(10).click();
  await day(12).click();
  return picker;
}

/** axe's colour-contrast findings inside the element (WCAG AA). */
async function contrastIssues(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withRules(['color-contrast']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
}

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the dashboard's range picker draws the days of a range readably", async ({ openParty }) => {
    const bob = await openParty('bob', { fund: false });
    await bob.signInInBrowser();
    await bob.page.goto('/my-account');
    const history = bob.page.locator('section').filter({ has: bob.page.getByRole('heading', { name: 'Order history', exact: true }) });
    const picker = await pickRange(bob.page, history);
    // The 11th sits inside the range: its text must stand out from its background.
    const middle = picker.locator('.rdp-range_middle');
    await expect(middle).toHaveCount(1);
    await expect(middle).toHaveText('11');
    expect(await contrastIssues(bob.page, '.rdp-root')).toEqual([]);
    await picker.getByRole('button', { name: 'Apply' }).click();
    await expect(history.getByRole('button', { name: /^Date range/ })).toHaveAccessibleName(new RegExp(`^Date range ${ISO_RANGE.source.slice(1, -1)}$`));
  });

  test('the swap and Coin Jelly lists use the same picker, in yyyy-MM-dd; "No swaps match" only with a filter', async ({ openParty }) => {
    const bob = await openParty('bob', { fund: false });
    await bob.signInInBrowser();

    await bob.page.goto('/swap');
    const swaps = bob.page.locator('section').filter({ has: bob.page.getByRole('heading', { name: 'Swap history' }) });
    await expect(swaps.getByText('No swaps yet.')).toBeVisible();
    await expect(swaps.getByText('No swaps match these filters.')).toBeHidden();
    await expect(bob.page.locator('input[type="date"], input[type="datetime-local"]')).toHaveCount(0);
    const swapPicker = await pickRange(bob.page, swaps);
    await swapPicker.getByRole('button', { name: 'Apply' }).click();
    await expect(swaps.getByRole('button', { name: /^Date range/ })).toHaveText(ISO_RANGE);
    await expect(swaps.getByText('No swaps match these filters.')).toBeVisible();
    await swaps.getByRole('button', { name: 'Clear dates' }).click();
    await expect(swaps.getByText('No swaps yet.')).toBeVisible();

    await bob.page.goto('/coin-jelly');
    const jelly = bob.page.getByRole('region', { name: 'My Coin Jelly orders' });
    await expect(bob.page.locator('input[type="date"], input[type="datetime-local"]')).toHaveCount(0);
    const jellyPicker = await pickRange(bob.page, jelly);
    expect(await contrastIssues(bob.page, '.rdp-root')).toEqual([]);
    await jellyPicker.getByRole('button', { name: 'Apply' }).click();
    await expect(jelly.getByRole('button', { name: /^Date range/ })).toHaveText(ISO_RANGE);
  });

  test('the dashboard and the public profile word the same figures the same way', async ({ openParty }) => {
    const bob = await openParty('bob', { fund: false });
    await bob.signInInBrowser();
    const figures = async (list: Locator) => {
      await expect(list.locator('dd').first()).toBeVisible();
      const pairs = await list.locator('div').evaluateAll((rows) =>
        rows.map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? ''] as const),
      );
      return Object.fromEntries(pairs);
    };
    await bob.page.goto('/my-account');
    const mine = await figures(bob.page.getByTestId('trader-stats'));
    await bob.page.goto(`/trader/${bob.address}`);
    const shown = await figures(bob.page.locator('dl[aria-label="Trading stats"]'));
    expect(mine['Account age']).toBe('Less than a day');
    for (const label of ['Completed trades', 'Trades in 30 days', 'Completion rate (30 d)', 'Avg. release time', 'Avg. payment time', 'Positive feedback', 'Account age', 'First trade']) {
      expect(mine[label], label).toBeDefined();
      expect(shown[label], label).toBe(mine[label]);
    }
  });

  test("the account button's accessible name holds its visible text; Connect Telegram looks disabled when it is", async ({ openParty }) => {
    const bob = await openParty('bob', { fund: false });
    // This server runs with a bot; the config as a server without one answers it (no bot username).
    await bob.page.route('**/api/platform/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), telegramBotUsername: null } });
    });
    await bob.signInInBrowser();
    const button = accountMenu(bob.page);
    await expect(button).toHaveAccessibleName(`Account menu ${shortAddress(bob.address)}`);
    const mismatch = await new AxeBuilder({ page: bob.page }).include('header').withRules(['label-content-name-mismatch']).analyze();
    expect(mismatch.violations).toEqual([]);

    await button.click();
    const telegram = bob.page.getByRole('menuitem', { name: 'Connect Telegram' });
    const dashboard = bob.page.getByRole('menuitem', { name: 'Dashboard' });
    await expect(telegram).toBeDisabled();
    const look = (item: Locator) => item.evaluate((el) => ({ opacity: Number(getComputedStyle(el).opacity), cursor: getComputedStyle(el).cursor }));
    expect(await look(dashboard)).toEqual({ opacity: 1, cursor: 'pointer' });
    const disabled = await look(telegram);
    expect(disabled.cursor).toBe('not-allowed');
    expect(disabled.opacity).toBeLessThanOrEqual(0.6);
  });
});
