import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import {
  claimFromMarket,
  dialog,
  expectDealStatus,
  filterMarket,
  lockDeal,
  markAsPaid,
  offerRow,
  rateCounterparty,
} from '../../fixtures/deals/screens.ts';
import { shortAddress } from '../../wallet/keys.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

test("after a completed deal with a review, the buyer opens the seller's profile from the market and reads the review", async ({
  openParty,
  request,
}) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  // Alice sells 100 USDC for EUR; Bob buys 10 of them through the escrow.
  const { offerId } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.90', fiatCode: 'EUR' });

  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  const dealId = await claimFromMarket(bob.page, offerId, '10', 'Buy');

  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(dealId));
  await lockDeal(alice.page);
  await expectDealStatus(bob.page, 'Locked');
  await markAsPaid(bob.page, 'fiat');
  await expectDealStatus(alice.page, 'Signed By One Party');
  await markAsPaid(alice.page, 'crypto');
  await expectDealStatus(bob.page, 'Completed');
  await rateCounterparty(bob.page, 5, 'Smooth trade, released at once');

  // From the market row, the advertiser's name is a link to the profile.
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  await offerRow(bob.page, offerId).getByRole('link', { name: shortAddress(alice.address) }).click();
  await bob.page.waitForURL(`/trader/${alice.address}`);
  await expect(bob.page).toHaveTitle(`Trader ${shortAddress(alice.address)} · Jelly`);

  await expect(bob.page.getByTestId('stat-completed')).toHaveText('1');
  await expect(bob.page.getByTestId('stat-completed-30d')).toHaveText('1');
  await expect(bob.page.getByTestId('stat-positive')).toHaveText('100%');
  await expect(bob.page.getByTestId('rating-average')).toHaveText('5.0');
  await expect(bob.page.getByRole('img', { name: 'Average rating: 5 out of 5 stars' })).toBeVisible();
  await expect(bob.page.getByRole('group', { name: 'Trader actions' }).getByRole('button')).toHaveText(['Report', 'Block']);

  await bob.page.getByRole('button', { name: '1 review' }).click();
  const reviews = dialog(bob.page, 'Reviews');
  await expect(reviews.getByTestId('reviews-wallet')).toHaveText(shortAddress(alice.address));
  const review = reviews.getByTestId('review');
  await expect(review).toHaveCount(1);
  await expect(review).toContainText(shortAddress(bob.address));
  await expect(review).toContainText('Smooth trade, released at once');
  await expect(review).toContainText(`Deal ID: #${dealId}`);
  await expect(review.getByRole('img', { name: 'Rating: 5 out of 5 stars' })).toBeVisible();
  await expect(reviews.getByText('No more reviews to load')).toBeVisible();

  // The deal header shows the completed trade in the singular and links the counterparty too.
  await alice.page.goto(pagePaths.deal(dealId));
  await expect(alice.page.getByTestId('deal-counterparty-trades')).toHaveText(/^1 Trade \| \w{3} \d{4}$/);
  await expect(alice.page.getByTestId('deal-counterparty')).toHaveAttribute('href', `/trader/${bob.address}`);
});
