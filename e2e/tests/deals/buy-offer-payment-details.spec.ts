import { expect, test } from '../../fixtures/deals/parties.ts';
import { fetchPaymentMethods } from '../../fixtures/deals/api.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { claimFromMarket, claimPaymentDetails, dialog, expectDealStatus, filterMarket, offerRow } from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

const IBAN = 'IBAN DE02 1203 0000 0000 2020 51';

test("Buy offer: the claimer (the seller) gives payment details in Claim Offer, and the buyer sees them once locked", async ({
  openParty,
  request,
}) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');

  // Bob wants to buy 50 USDC, paying by either of the catalogue's first two methods.
  const [first, second] = await fetchPaymentMethods(request);
  if (!first || !second) throw new Error('the catalogue needs two payment methods');
  const { offerId } = await createOfferThroughApi(request, bob.api, { side: 1, amount: '50', price: '0.95', fiatCode: 'EUR' });

  // Alice sells: Claim Offer asks where Bob should pay her, and Confirm waits until she says.
  await alice.signInInBrowser();
  await alice.page.goto('/buy-crypto');
  await filterMarket(alice.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'sell' });
  await offerRow(alice.page, offerId).getByRole('button', { name: 'Sell', exact: true }).click();
  const claim = dialog(alice.page, `Claim Offer #${offerId}`);
  await claim.getByLabel(/^Amount to sell/).fill('20');
  const boxes = claimPaymentDetails(claim);
  await expect(boxes.getByRole('textbox')).toHaveCount(2);
  await expect(claim.getByTestId('claim-details-required')).toBeVisible();
  await expect(claim.getByRole('button', { name: 'Confirm', exact: true })).toBeDisabled();
  await expect(claim.getByRole('button', { name: 'Confirm', exact: true })).toBeInViewport();
  await claim.getByRole('button', { name: 'Close' }).click();

  const dealId = await claimFromMarket(alice.page, offerId, '20', 'Sell', { paymentDetails: { [second.name]: `${IBAN}\nAlice Example` } });
  await expectDealStatus(alice.page, 'Locked');
  const alicePanel = alice.page.getByRole('region', { name: 'Payment details' });
  await expect(alicePanel.getByRole('heading', { name: 'Your payment details' })).toBeVisible();
  await expect(alicePanel.locator('dd')).toHaveText([`${IBAN}\nAlice Example`]);

  // Bob opens the deal: the crypto is locked, so he sees where to pay, exactly as on a Sell offer.
  await bob.signInInBrowser();
  await bob.page.goto(pagePaths.deal(dealId));
  await expectDealStatus(bob.page, 'Locked');
  const bobPanel = bob.page.getByRole('region', { name: 'Payment details' });
  await expect(bobPanel.getByRole('heading', { name: 'Pay the seller' })).toBeVisible();
  await expect(bobPanel).toContainText('Send exactly 19.00 EUR with one of these methods');
  await expect(bobPanel.locator('dt')).toHaveText([second.name]);
  await expect(bobPanel.locator('dd')).toHaveText([`${IBAN}\nAlice Example`]);
  await expect(bobPanel.locator('dd').first()).toBeInViewport();
});
