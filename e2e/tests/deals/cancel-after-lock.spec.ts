import { expect, test } from '../../fixtures/deals/parties.ts';
import { snapshotTokenBalances, tokenDeltas } from '../../fixtures/deals/chain.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { shortAddress } from '../../wallet/keys.ts';
import {
  cancelDeal,
  chatMessages,
  claimFromMarket,
  dealAction,
  dealChat,
  expectDealStatus,
  filterMarket,
  lockDeal,
  sendChatMessage,
} from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

test('the fiat side cancels after the lock: the seller is refunded in full and only the admin pays fees', async ({
  openParty,
  chain,
  request,
}) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId, coin, total } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.93', fiatCode: 'EUR' });
  const dealAmount = toBaseUnits('25', coin.decimals);
  const escrow = await chain.escrowSettings();

  const tokensBefore = await snapshotTokenBalances(chain, coin.mint, [alice.address, bob.address, escrow.treasury]);
  const solBefore = { alice: await chain.solBalance(alice.address), bob: await chain.solBalance(bob.address), admin: await chain.solBalance(chain.feePayer) };

  // Bob (the buyer, fiat side) claims 25 USDC of Alice's Sell offer on the market.
  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  const dealId = await claimFromMarket(bob.page, offerId, '25', 'Buy');
  await expectDealStatus(bob.page, 'In Progress');

  // Alice (the seller, crypto side) locks the 25 USDC from the chat header.
  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(dealId));
  await lockDeal(alice.page);
  expect(await chain.vaultBalance(offerId)).toBe(dealAmount);
  expect((await tokenDeltas(chain, coin.mint, tokensBefore)).get(alice.address)).toBe(-dealAmount);

  // Bob has not paid: he says so in the chat and cancels; the escrow refunds Alice in full.
  await expectDealStatus(bob.page, 'Locked');
  await sendChatMessage(bob.page, 'Sorry, my bank refused the transfer. Cancelling.');
  const fromBob = chatMessages(alice.page).filter({ hasText: 'Sorry, my bank refused the transfer. Cancelling.' });
  await expect(fromBob).toContainText(shortAddress(bob.address));
  await expect(chatMessages(bob.page).filter({ hasText: 'Sorry, my bank refused' })).toContainText('You');
  await cancelDeal(bob.page);
  await expectDealStatus(bob.page, 'Cancelled');
  await expectDealStatus(alice.page, 'Cancelled');
  await expect(dealAction(alice.page, 'Mark as Paid')).toHaveCount(0);
  // A cancelled deal's chat is closed.
  for (const page of [alice.page, bob.page]) {
    await expect(dealChat(page).getByRole('status').filter({ hasText: 'This chat is closed for this order.' })).toBeVisible();
    await expect(dealChat(page).getByRole('textbox', { name: 'Message' })).toBeDisabled();
  }

  const deltas = await tokenDeltas(chain, coin.mint, tokensBefore);
  expect(Object.fromEntries(deltas)).toEqual({ [alice.address]: 0n, [bob.address]: 0n, [escrow.treasury.toBase58()]: 0n });
  expect(await chain.vaultBalance(offerId)).toBe(0n);
  // The parties paid nothing: the admin is the fee payer of the lock and the cancel (and pays the rent).
  expect(await chain.solBalance(alice.address)).toBe(solBefore.alice);
  expect(await chain.solBalance(bob.address)).toBe(solBefore.bob);
  expect(await chain.solBalance(chain.feePayer)).toBeLessThan(solBefore.admin);

  // The server agrees: the deal is Cancelled and its amount is back on the offer.
  const deal = await bob.api.order(dealId);
  expect(deal.status).toBe(4);
  expect(deal.parentOffer?.amount).toBe(total.toString());
});
