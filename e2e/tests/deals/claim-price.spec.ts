import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { fetchPaymentMethods } from '../../fixtures/deals/api.ts';
import { toBaseUnits, tradingCoin } from '../../fixtures/deals/offers.ts';
import { claimFromMarket, expectDealStatus, fact, filterMarket, lockDeal } from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

const dealFiat = (page: Page): Locator => page.getByTestId('deal-fiat-amount');

/**
 * One price from claim to deal: what Claim Offer estimates, Confirm Operation totals and the deal then asks are the
 * same figure to the cent, for a fixed-price offer (priced at its listed price, not the market's) and a floating one
 * (the live price with its premium, frozen on the deal).
 */
test('Bob claims a fixed and a floating GBP offer and the deal asks exactly the fiat he was shown', async ({ openParty, request }) => {
  const coin = await tradingCoin(request);
  const methods = (await fetchPaymentMethods(request)).slice(0, 1).map((m) => m.id);
  const alice = await openParty('alice');
  const bob = await openParty('bob');

  const sellOffer = { orderSide: 0, tokenMint: coin.mint, fiatCode: 'GBP', paymentMethodIds: methods, paymentWindowMinutes: 30 } as const;
  // The market prices USDC near 0.77 GBP: a fixed price of 0.891 is 15% above it, and a 20 GBP minimum that the
  // market price would put 25 USDC under (19.34) is met at the listed price (22.28).
  const fixedId = await alice.api.createOrder({
    ...sellOffer,
    amount: toBaseUnits('60', coin.decimals).toString(),
    priceType: 'fixed',
    price: '0.891',
    minFiatAmount: '20',
    maxFiatAmount: '0',
  });
  const floatingId = await alice.api.createOrder({
    ...sellOffer,
    amount: toBaseUnits('60', coin.decimals).toString(),
    priceType: 'floating',
    premiumPercent: '15',
    minFiatAmount: '0',
    maxFiatAmount: '0',
  });

  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'GBP', sort: 'Newest first', iWantTo: 'buy' });

  // The fixed offer: 25 × 0.891 = 22.275 → 22.28 GBP, everywhere.
  const fixedDeal = await claimFromMarket(bob.page, fixedId, '25', 'Buy', {
    claimModal: async (modal) => {
      await expect(fact(modal, 'Price')).toHaveText('0.891 GBP');
      await expect(fact(modal, 'Limits')).toHaveText('From 20.00 GBP');
    },
    confirmModal: async (modal) => {
      await expect(bob.page.getByTestId('claim-estimate')).toHaveText('22.28 GBP');
      await expect(fact(modal, 'Total')).toHaveText('22.28 GBP');
      await expect(fact(modal, 'You')).toHaveText(/^You pay 22\.28 GBP · you receive [\d.]+ USDC \(fee [\d.]+ USDC, [\d.]+%\)$/);
      await expect(fact(modal, 'Seller')).toHaveText('The seller sends 25 USDC · receives 22.28 GBP');
    },
  });
  await expect(dealFiat(bob.page)).toHaveText('22.28 GBP');

  // The floating offer: whatever the market says at the claim, the deal keeps the figure Bob confirmed.
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'GBP', sort: 'Newest first', iWantTo: 'buy' });
  let shown = '';
  let shownPrice = '';
  const floatingDeal = await claimFromMarket(bob.page, floatingId, '10', 'Buy', {
    confirmModal: async (modal) => {
      shown = (await bob.page.getByTestId('claim-estimate').textContent()) ?? '';
      shownPrice = (await fact(modal, 'Price').textContent()) ?? '';
      expect(shown).toMatch(/^\d+\.\d{2} GBP$/);
      await expect(fact(modal, 'Total')).toHaveText(shown);
    },
  });
  await expect(dealFiat(bob.page)).toHaveText(shown);
  // The deal stores the price Confirm Operation showed (every digit, at least two).
  const deal = await bob.api.order(floatingDeal);
  expect(shownPrice).toMatch(/^\d+\.\d{2,8} GBP$/);
  expect(Number(deal.price)).toBe(Number(shownPrice.replace(' GBP', '')));

  // Alice sees the same amount and locks on it.
  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(fixedDeal));
  await expectDealStatus(alice.page, 'In Progress');
  await expect(dealFiat(alice.page)).toHaveText('22.28 GBP');
  await lockDeal(alice.page);
  await expect(dealFiat(alice.page)).toHaveText('22.28 GBP');
});
