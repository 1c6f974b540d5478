import { expect, test } from '../../fixtures/deals/parties.ts';
import { fetchPublicMarket, fetchReviews } from '../../fixtures/deals/api.ts';
import { snapshotTokenBalances, tokenDeltas } from '../../fixtures/deals/chain.ts';
import { toBaseUnits, tradingCoin } from '../../fixtures/deals/offers.ts';
import { Stopwatch } from '../../fixtures/deals/stopwatch.ts';
import {
  claimFromMarket,
  createOfferOnP2p,
  dealAction,
  dealActions,
  expectDealStatus,
  fact,
  filterMarket,
  lockDeal,
  markAsPaid,
  offerRows,
  rateCounterparty,
} from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

/** A price below every Sell offer in EUR already listed, so sorting by price puts Alice's offer first. */
async function lowestEurSellPrice(request: Parameters<typeof fetchPublicMarket>[0]): Promise<string> {
  const cheapest = (await fetchPublicMarket(request, { Side: 0, Fiat: 'EUR', SortBy: 1, Dir: 0, Size: 1 })).data[0];
  const cents = Math.min(92, cheapest ? Math.round(Number(cheapest.price) * 100) - 1 : 92);
  if (cents < 10) throw new Error('The market holds EUR offers too cheap to undercut; run on a fresh server');
  return (cents / 100).toFixed(2);
}

test('Sell offer: Alice sells 40 of 100 USDC to Bob through the escrow, both rate, balances to the base unit', async ({
  openParty,
  chain,
  request,
}) => {
  const coin = await tradingCoin(request);
  const escrow = await chain.escrowSettings();
  const alice = await openParty('alice');
  const bob = await openParty('bob');

  // Alice creates a Sell offer for 100 USDC at a fixed EUR price with two payment methods.
  const price = await lowestEurSellPrice(request);
  await alice.signInInBrowser();
  const offerId = await createOfferOnP2p(alice.page, {
    side: 'Sell',
    asset: 'USDC',
    fiat: 'EUR',
    price,
    total: '100',
    paymentMethods: ['SEPA', 'Revolut'],
  });
  await expect(fact(alice.page, 'Available')).toHaveText('100.00 USDC');

  const before = await snapshotTokenBalances(chain, coin.mint, [alice.address, bob.address, escrow.treasury]);

  // Bob finds it on /buy-crypto: EUR, cheapest first.
  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Price: low to high', iWantTo: 'buy' });
  const shownPrices = async () =>
    (await offerRows(bob.page).locator('td:nth-child(2)').allTextContents()).map((text) => {
      expect(text).toMatch(/ EUR$/);
      return Number(text.replace(/[^\d.]/g, ''));
    });
  const order = (prices: number[]) => (prices.every((p, i) => i === 0 || (prices[i - 1] ?? 0) <= p) ? 'ascending' : prices.join(', '));
  await expect.poll(async () => order(await shownPrices())).toBe('ascending');
  await expect(offerRows(bob.page).first()).toHaveAttribute('data-testid', `offer-${offerId}`);
  await expect(offerRows(bob.page).first().getByRole('list', { name: 'Payment methods' }).getByRole('listitem')).toHaveText(['SEPA', 'Revolut']);

  // Bob claims 40 USDC; Confirm Operation shows the fee from the on-chain Config.
  const dealAmount = toBaseUnits('40', coin.decimals);
  const fee = (dealAmount * BigInt(escrow.feeBps)) / 10_000n;
  const clock = new Stopwatch();
  const cosignMs: number[] = [];
  for (const party of [alice, bob]) {
    party.page.on('requestfinished', (finished) => {
      if (finished.method() === 'POST' && finished.url().endsWith('/api/platform/admin/sign-and-send')) {
        cosignMs.push(finished.timing().responseEnd);
      }
    });
  }
  const dealId = await claimFromMarket(bob.page, offerId, '40', 'Buy', {
    claimModal: async (modal) => {
      await expect(modal.getByTestId('claim-available')).toHaveText('100.00 USDC');
    },
    confirmModal: async (modal) => {
      await expect(fact(modal, 'Estimated Fee')).not.toHaveText('Loading…');
      const feeText = (await fact(modal, 'Estimated Fee').textContent()) ?? '';
      const shown = /^([\d.]+) USDC \(([\d.]+)%\)$/.exec(feeText);
      expect(shown, `Estimated Fee: ${feeText}`).not.toBeNull();
      expect(toBaseUnits(shown?.[1] ?? '', coin.decimals)).toBe(fee);
      expect(Math.round(Number(shown?.[2]) * 100)).toBe(escrow.feeBps);
    },
  });
  await expectDealStatus(bob.page, 'In Progress');
  clock.lap('claim');

  // Alice locks the 40 USDC from the chat header.
  await alice.page.goto(pagePaths.deal(dealId));
  await expect(dealAction(alice.page, 'Mark as Paid')).toHaveCount(0);
  await lockDeal(alice.page);
  clock.lap('seller opens the deal and locks');
  expect(await chain.vaultBalance(offerId)).toBe(dealAmount);

  // Bob pays off-chain and presses Mark as Paid; Alice confirms receipt with Mark as Paid.
  await expectDealStatus(bob.page, 'Locked');
  clock.lap('buyer sees Locked');
  await markAsPaid(bob.page, 'fiat');
  await expectDealStatus(bob.page, 'Signed By One Party');
  clock.lap('buyer marks paid');
  await expect(dealAction(alice.page, 'Mark as Paid')).toBeVisible({ timeout: 20_000 });
  clock.lap('seller sees it');
  await markAsPaid(alice.page, 'crypto');
  await expectDealStatus(alice.page, 'Completed');
  clock.lap('seller releases');
  // eslint-disable-next-line no-console -- the suite prints this benchmark figure (a measurement, not an assertion)
  console.log(
    `[benchmark] Sell-offer deal, claim → Completed: ${clock.summary()}; target < 15 s. ` +
      `POST sign-and-send (co-sign, submit, confirm): ${cosignMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
  );
  test.info().annotations.push({ type: 'benchmark', description: `claim → Completed ${clock.totalMs} ms` });

  await expectDealStatus(bob.page, 'Completed');
  // only the Support Request of the 24 hours after the deal ended is left
  await expect(dealActions(alice.page).getByRole('button')).toHaveText(['Support Request']);

  // The escrow paid Bob 40 USDC minus the fee, the treasury the fee; the vault is empty.
  const deltas = await tokenDeltas(chain, coin.mint, before);
  expect(Object.fromEntries(deltas)).toEqual({
    [alice.address]: -dealAmount,
    [bob.address]: dealAmount - fee,
    [escrow.treasury.toBase58()]: fee,
  });
  expect(await chain.vaultBalance(offerId)).toBe(0n);

  // Both get the success modal, rate each other and land on /my-account.
  await rateCounterparty(bob.page, 5, 'Fast release, thank you');
  await rateCounterparty(alice.page, 4, 'Paid on time');
  const [bobsReviews, alicesReviews] = await Promise.all([fetchReviews(request, bob.address), fetchReviews(request, alice.address)]);
  expect(alicesReviews.reviews.map((r) => ({ from: r.fromWallet, score: r.score, comment: r.comment, dealId: r.dealId }))).toEqual([
    { from: bob.address, score: 5, comment: 'Fast release, thank you', dealId },
  ]);
  expect(bobsReviews.reviews.map((r) => ({ from: r.fromWallet, score: r.score, comment: r.comment, dealId: r.dealId }))).toEqual([
    { from: alice.address, score: 4, comment: 'Paid on time', dealId },
  ]);

  // The offer now shows 60 USDC available (and 40 completed).
  await alice.page.goto(`/online-ads/${offerId}`);
  await expect(fact(alice.page, 'Available')).toHaveText('60.00 USDC');
  await expect(fact(alice.page, 'Completed')).toHaveText('40.00 USDC');
  const offer = await alice.api.order(offerId);
  expect({ amount: offer.amount, filledQuantity: offer.filledQuantity }).toEqual({
    amount: toBaseUnits('60', coin.decimals).toString(),
    filledQuantity: dealAmount.toString(),
  });
});
