import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { dialog, fact } from '../../fixtures/deals/screens.ts';
import { shortAddress } from '../../wallet/keys.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(90_000);

test('a visitor opens a shared offer link: the offer as the public market shows it, then Connect Wallet leads to Claim', async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '60', price: '0.95', fiatCode: 'EUR' });

  // Bob was sent the link and is not signed in.
  const page = bob.page;
  await page.goto(`/online-ads/${offerId}`);
  await expect(page).toHaveTitle(new RegExp(`^Offer #${offerId}\\b`));
  const main = page.getByRole('main');
  await expect(main.getByText(`Offer #${offerId}`)).toBeVisible();
  await expect(main.getByTestId('offer-status')).toHaveText('Active');
  await expect(fact(main, 'Advertiser')).toHaveText(shortAddress(alice.address));
  await expect(fact(main, 'Price')).toHaveText('0.95 EUR');
  await expect(fact(main, 'Available')).toHaveText('60.00 USDC');
  await expect(main.getByText('Connect your wallet to claim this offer.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0);

  await main.getByRole('button', { name: 'Connect Wallet' }).click();
  await page.getByRole('button', { name: /Jelly Test Wallet/ }).click();
  // signed in, the same page offers the claim
  await main.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(dialog(page, `Claim Offer #${offerId}`)).toBeVisible();
});

test('a shared link to an offer that left the market says so; an offer opened as a deal is titled as an offer', async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const { offerId } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '10', price: '0.95', fiatCode: 'EUR' });
  const cancelled = await request.put(`/api/orders/update-offers?orderId=${offerId}&orderStatus=4`, {
    headers: { Authorization: `Bearer ${alice.api.accessToken}` },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await alice.page.goto(`/online-ads/${offerId}`);
  await expect(alice.page.getByRole('main').getByText('This offer is not on the market.')).toBeVisible();

  const { offerId: open } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '10', price: '0.95', fiatCode: 'EUR' });
  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(open));
  await expect(alice.page.getByRole('heading', { name: `Offer #${open}` })).toBeVisible();
  await expect(alice.page).toHaveTitle(new RegExp(`^Offer #${open}\\b`));
  await alice.page.getByRole('link', { name: 'Open the offer' }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/online-ads/${open}$`));
  await expect(alice.page).toHaveTitle(new RegExp(`^Offer #${open}\\b`));
});
