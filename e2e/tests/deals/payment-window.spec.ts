import { expect, test } from '../../fixtures/deals/parties.ts';
import { snapshotTokenBalances, tokenDeltas } from '../../fixtures/deals/chain.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { claimFromMarket, dealActions, expectDealStatus, filterMarket, lockDeal } from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

/** The shortest payment window POST /orders/create-order accepts (0 is refused below). */
const SHORTEST_WINDOW_MINUTES = 1;

// One minute of payment window, then the server's payment-window job (every 2 s in this suite).
test.setTimeout(240_000);

test('an unpaid deal expires when its payment window ends; a locked one is refunded to the seller on chain', async ({
  openParty,
  chain,
  request,
}) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const carol = await openParty('carol');

  await expect(
    createOfferThroughApi(request, alice.api, { side: 0, amount: '10', price: '0.97', fiatCode: 'EUR', paymentWindowMinutes: SHORTEST_WINDOW_MINUTES - 1 }),
  ).rejects.toThrow(/HTTP 400/);
  const { offerId, coin, total } = await createOfferThroughApi(request, alice.api, {
    side: 0,
    amount: '100',
    price: '0.97',
    fiatCode: 'EUR',
    paymentWindowMinutes: SHORTEST_WINDOW_MINUTES,
  });
  const escrow = await chain.escrowSettings();
  const before = await snapshotTokenBalances(chain, coin.mint, [alice.address, bob.address, carol.address, escrow.treasury]);

  // Bob claims 10 USDC and never pays; nothing is locked.
  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  const unlockedDeal = await claimFromMarket(bob.page, offerId, '10', 'Buy');
  await expectDealStatus(bob.page, 'In Progress');
  await expect(bob.page.getByRole('timer')).toBeVisible();

  // Carol claims 15 USDC, Alice locks them, and Carol never pays either.
  await carol.signInInBrowser();
  await carol.page.goto('/buy-crypto');
  await filterMarket(carol.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  const lockedDeal = await claimFromMarket(carol.page, offerId, '15', 'Buy');
  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(lockedDeal));
  await lockDeal(alice.page);
  const locked = toBaseUnits('15', coin.decimals);
  expect(await chain.vaultBalance(offerId)).toBe(locked);
  expect((await alice.api.order(offerId)).amount).toBe((total - toBaseUnits('25', coin.decimals)).toString());

  // The window ends: both deals expire, without anyone pressing anything.
  const waitForWindow = { timeout: (SHORTEST_WINDOW_MINUTES * 60 + 45) * 1000 };
  await expect(bob.page.getByTestId('deal-status')).toHaveText('Expired', waitForWindow);
  await expect(carol.page.getByTestId('deal-status')).toHaveText('Expired', waitForWindow);
  await expectDealStatus(alice.page, 'Expired');
  await expect(bob.page.getByRole('timer')).toHaveCount(0);
  await expect(dealActions(carol.page).getByRole('button', { name: 'Mark as Paid' })).toHaveCount(0);
  expect((await bob.api.order(unlockedDeal)).status).toBe(7);
  expect((await carol.api.order(lockedDeal)).status).toBe(7);

  // The locked tokens went back to Alice, with no fee; both amounts are back on the offer.
  const deltas = await tokenDeltas(chain, coin.mint, before);
  expect(Object.fromEntries(deltas)).toEqual({
    [alice.address]: 0n,
    [bob.address]: 0n,
    [carol.address]: 0n,
    [escrow.treasury.toBase58()]: 0n,
  });
  expect(await chain.vaultBalance(offerId)).toBe(0n);
  expect((await alice.api.order(offerId)).amount).toBe(total.toString());
});
