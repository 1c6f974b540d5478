import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { dialog, filterMarket, offerRow } from '../../fixtures/deals/screens.ts';
import { shortAddress } from '../../wallet/keys.ts';

test.setTimeout(60_000);

test("blocking a trader hides their offers from the blocker's market; unblocking in Settings brings them back", async ({
  openParty,
  request,
}) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const carol = await openParty('carol');
  // Two fresh Sell offers, the newest on the market: Carol's, then Alice's.
  const { offerId: carolsOffer } = await createOfferThroughApi(request, carol.api, { side: 0, amount: '30', price: '0.94', fiatCode: 'EUR' });
  const { offerId } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '50', price: '0.93', fiatCode: 'EUR' });

  await bob.signInInBrowser();
  const page = bob.page;
  await page.goto('/buy-crypto');
  await filterMarket(page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  await expect(offerRow(page, offerId)).toBeVisible();
  await expect(offerRow(page, carolsOffer)).toBeVisible();

  // Bob opens Alice's profile from her offer and blocks her.
  await offerRow(page, offerId).getByRole('link', { name: shortAddress(alice.address) }).click();
  await page.waitForURL(`/trader/${alice.address}`);
  await page.getByRole('group', { name: 'Trader actions' }).getByRole('button', { name: 'Block' }).click();
  const block = dialog(page, 'Block user');
  await expect(block.getByLabel('Wallet')).toHaveValue(alice.address);
  await block.getByRole('button', { name: 'Block' }).click();
  await expect(block.getByRole('alert')).toHaveText('Please provide a reason');
  await block.getByLabel('Reason').fill('Asked to pay outside the escrow');
  await block.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('User blocked successfully')).toBeVisible();
  await expect(block).toHaveCount(0);

  // Back on the market (an in-app navigation, so the cached listing must have been refetched): her offer is gone.
  await page.goBack();
  await page.waitForURL('/buy-crypto');
  await expect(offerRow(page, carolsOffer)).toBeVisible();
  await expect(offerRow(page, offerId)).toHaveCount(0);

  // Settings lists the block; Unblock brings the offer back.
  await page.goto('/settings');
  const blocked = page.getByRole('list', { name: 'Blocked users' });
  await expect(blocked.getByTestId('blocked-user')).toHaveCount(1);
  await expect(blocked.getByTestId('blocked-user')).toContainText(shortAddress(alice.address));
  await expect(blocked.getByTestId('blocked-user')).toContainText('Asked to pay outside the escrow');
  await blocked.getByRole('button', { name: `Unblock ${shortAddress(alice.address)}` }).click();
  await expect(page.getByText('User unblocked')).toBeVisible();
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buy Crypto' }).click();
  await page.waitForURL('/buy-crypto');
  await expect(offerRow(page, offerId)).toBeVisible();
  await expect(offerRow(page, carolsOffer)).toBeVisible();
});
