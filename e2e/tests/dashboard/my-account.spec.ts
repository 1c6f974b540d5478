import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { claimFromMarket, expectDealStatus, filterMarket, lockDeal, markAsPaid } from '../../fixtures/deals/screens.ts';

test.setTimeout(120_000);

/** /my-account → Completed tab → the deal's row in the order history. */
async function completedDealRow(page: Page, dealId: number) {
  await page.goto('/my-account');
  const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Order history', exact: true }) });
  await history.getByRole('tab', { name: 'Completed' }).click();
  await expect(history.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
  return history.getByRole('list', { name: 'Orders' }).getByTestId(`deal-${dealId}`);
}

test('after a completed Sell-offer deal both parties find it under Completed with its amounts and counterparty', async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');

  // Alice sells 100 USDC at 0.92 EUR; Bob claims 40 of them on the market.
  const { offerId } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.92', fiatCode: 'EUR' });
  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  const dealId = await claimFromMarket(bob.page, offerId, '40', 'Buy');
  await expectDealStatus(bob.page, 'In Progress');

  // Before the lock the deal is among Alice's active deals on her dashboard.
  await alice.signInInBrowser();
  await alice.page.goto('/my-account');
  const active = alice.page.getByRole('list', { name: 'Active deals' }).getByTestId(`deal-${dealId}`);
  await expect(active.getByTestId('deal-status')).toHaveText('In Progress');
  await expect(active.getByRole('timer')).toHaveText(/^\d{2}:\d{2}$/);

  // Lock, both Mark as Paid: Completed.
  await active.getByRole('link', { name: `Deal #${dealId}` }).click();
  await alice.page.waitForURL(new RegExp(`/swap-chat/${dealId}$`));
  await lockDeal(alice.page);
  await expectDealStatus(bob.page, 'Locked');
  await markAsPaid(bob.page, 'fiat');
  await expectDealStatus(bob.page, 'Signed By One Party');
  await expectDealStatus(alice.page, 'Signed By One Party');
  await markAsPaid(alice.page, 'crypto');
  await expectDealStatus(alice.page, 'Completed');

  for (const [party, role, counterparty] of [
    [alice, 'Selling', bob.address],
    [bob, 'Buying', alice.address],
  ] as const) {
    const row = await completedDealRow(party.page, dealId);
    await expect(row.getByTestId('deal-status')).toHaveText('Completed');
    await expect(row).toContainText(role);
    await expect(row).toContainText('40.00 USDC');
    await expect(row).toContainText('36.80 EUR');
    const link = row.locator(`a[href="/trader/${counterparty}"]`);
    await expect(link).toHaveAttribute('title', counterparty);
    await expect(link).toHaveText(new RegExp(`^${counterparty.slice(0, 4)}.+${counterparty.slice(-4)}$`));
  }

  // Alice's ad history: 60 left, 40 filled of 100, one deal.
  const ad = alice.page.getByRole('list', { name: 'Ads' }).getByTestId(`offer-${offerId}`);
  await expect(ad.getByTestId('offer-amounts')).toHaveText('60.00 USDC / 40.00 USDC / 100.00 USDC');
  await expect(ad.getByTestId('offer-deals')).toHaveText('1');

  // On a 390px phone the list is on screen with the Filters button; the filters themselves open in a modal.
  await alice.page.setViewportSize({ width: 390, height: 844 });
  await alice.page.goto('/my-account');
  const history = alice.page.locator('section').filter({ has: alice.page.getByRole('heading', { name: 'Order history', exact: true }) });
  const firstRow = history.getByRole('list', { name: 'Orders' }).getByTestId(`deal-${dealId}`);
  await expect(firstRow).toBeInViewport();
  await expect(history.getByRole('group', { name: 'Order filters' })).toHaveCount(0);
  const filters = history.getByRole('button', { name: 'Filters' });
  await expect(filters).toBeInViewport();
  await filters.click();
  await expect(alice.page.getByRole('dialog', { name: 'Filter orders' }).getByLabel('Coins')).toBeVisible();
  const width = await alice.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scrolling at 390px').toBeLessThanOrEqual(390);
});
