import { expect, test } from '../../fixtures/deals/parties.ts';
import { snapshotTokenBalances, tokenDeltas } from '../../fixtures/deals/chain.ts';
import { toBaseUnits, tradingCoin } from '../../fixtures/deals/offers.ts';
import {
  claimFromMarket,
  createOfferOnP2p,
  dealAction,
  dealChat,
  expectDealStatus,
  fact,
  filterMarket,
  markAsPaid,
} from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

test('Buy offer: Alice (seller) claims and locks in one step, Bob marks paid, Alice confirms; balances to the base unit', async ({
  openParty,
  chain,
  request,
}) => {
  const coin = await tradingCoin(request);
  const escrow = await chain.escrowSettings();
  const alice = await openParty('alice');
  const bob = await openParty('bob');

  // Bob wants to buy USDC: a Buy offer for 50 USDC (he is the fiat side, nothing of his is locked).
  await bob.signInInBrowser();
  const offerId = await createOfferOnP2p(bob.page, {
    side: 'Buy',
    asset: 'USDC',
    fiat: 'EUR',
    price: '0.95',
    total: '50',
    paymentMethods: ['SEPA Instant', 'Wise'],
  });
  await expect(fact(bob.page, 'Available')).toHaveText('50.00 USDC');
  const before = await snapshotTokenBalances(chain, coin.mint, [alice.address, bob.address, escrow.treasury]);

  // Alice wants to sell: she claims 30 USDC, and Confirm Operation locks them in the escrow at once.
  const dealAmount = toBaseUnits('30', coin.decimals);
  const fee = (dealAmount * BigInt(escrow.feeBps)) / 10_000n;
  await alice.signInInBrowser();
  await alice.page.goto('/buy-crypto');
  await filterMarket(alice.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'sell' });
  const dealId = await claimFromMarket(alice.page, offerId, '30', 'Sell', {
    confirmModal: async (modal) => {
      await expect(fact(modal, 'Type')).toHaveText('Sell');
    },
  });
  await expectDealStatus(alice.page, 'Locked');
  await expect(dealAction(alice.page, 'Lock')).toHaveCount(0);
  expect(await chain.vaultBalance(offerId)).toBe(dealAmount);
  expect((await tokenDeltas(chain, coin.mint, before)).get(alice.address)).toBe(-dealAmount);

  // Bob pays and marks paid; Alice confirms receipt, which releases the tokens.
  await bob.page.goto(pagePaths.deal(dealId));
  await expectDealStatus(bob.page, 'Locked');
  await markAsPaid(bob.page, 'fiat');
  await expectDealStatus(bob.page, 'Signed By One Party');
  await expect(dealAction(alice.page, 'Mark as Paid')).toBeVisible({ timeout: 20_000 });
  await markAsPaid(alice.page, 'crypto');
  await expectDealStatus(alice.page, 'Completed');
  await expectDealStatus(bob.page, 'Completed');
  await expect(dealChat(bob.page).getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(dealChat(alice.page).getByRole('status').filter({ hasText: 'This chat is closed for this order.' })).toBeVisible();

  const deltas = await tokenDeltas(chain, coin.mint, before);
  expect(Object.fromEntries(deltas)).toEqual({
    [alice.address]: -dealAmount,
    [bob.address]: dealAmount - fee,
    [escrow.treasury.toBase58()]: fee,
  });
  expect(await chain.vaultBalance(offerId)).toBe(0n);

  const offer = await bob.api.order(offerId);
  expect({ amount: offer.amount, filledQuantity: offer.filledQuantity }).toEqual({
    amount: toBaseUnits('20', coin.decimals).toString(),
    filledQuantity: dealAmount.toString(),
  });
});
