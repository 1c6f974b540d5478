import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { lockDeal } from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(180_000);

test('proof of escrow: a locked deal’s vault, reconciled with the records, readable and axe-clean at 1280 and 390 px', async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId, coin } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '50', price: '0.95', fiatCode: 'EUR' });
  const dealId = await bob.api.createOrder({ parentOrderId: offerId, amount: toBaseUnits('12.5', coin.decimals).toString() });
  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(dealId));
  await lockDeal(alice.page);

  const page = bob.page; // a visitor, signed out
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Proof of escrow' }).click();
    await expect(page).toHaveURL(/\/proof-of-escrow$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Proof of escrow' })).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: `#${offerId}` });
    await expect(row).toContainText(`#${dealId}`);
    await expect(row.getByRole('cell').nth(3)).toHaveText('12.5');
    await expect(row.getByRole('cell').nth(4)).toHaveText('12.5');
    await expect(row).toContainText('Matches');
    await expect(row.getByRole('link')).toHaveAttribute('href', /^https:\/\/explorer\.solana\.com\/address\//);
    await expect(page.getByTestId('program-check')).toHaveText('The deployed program is byte for byte the build of the published source.');
    // No party's wallet is published.
    await expect(page.locator('body')).not.toContainText(alice.address);
    await expect(page.locator('body')).not.toContainText(bob.address);

    // The page fits the viewport: the table scrolls inside its own region, nothing else overflows.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(blocking, `at ${viewport.width} px`).toEqual([]);
  }
});
