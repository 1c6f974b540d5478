import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, testKeys, type Party, type PartyOptions } from '../../fixtures/deals/parties.ts';
import { snapshotTokenBalances, tokenDeltas, type ChainReader, type TokenSnapshot } from '../../fixtures/deals/chain.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { shortAddress } from '../../wallet/keys.ts';
import { resolveWithReason } from '../../fixtures/admin.ts';
import {
  chatMessages,
  claimFromMarket,
  dealActions,
  expectDealStatus,
  fact,
  filterMarket,
  lockDeal,
  markAsPaid,
  requestSupport,
  sendChatMessage,
} from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(150_000);

const ALREADY_RESOLVED = 'Order already resolved by admin.';

interface LockedDeal {
  alice: Party;
  bob: Party;
  offerId: number;
  dealId: number;
  mint: string;
  amount: bigint;
  before: TokenSnapshot;
  treasury: string;
}

/** Alice sells, Bob claims `amount` USDC on the market, Alice locks it: both pages sit on the deal. */
async function lockedSellDeal(
  openParty: (name: string, options?: PartyOptions) => Promise<Party>,
  request: APIRequestContext,
  chain: ChainReader,
  amount: string,
): Promise<LockedDeal> {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId, coin } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.94', fiatCode: 'EUR' });
  const escrow = await chain.escrowSettings();
  const before = await snapshotTokenBalances(chain, coin.mint, [alice.address, bob.address, escrow.treasury]);

  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  const dealId = await claimFromMarket(bob.page, offerId, amount, 'Buy');
  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(dealId));
  await lockDeal(alice.page);
  await expectDealStatus(bob.page, 'Locked');
  const locked = toBaseUnits(amount, coin.decimals);
  expect(await chain.vaultBalance(offerId)).toBe(locked);
  return { alice, bob, offerId, dealId, mint: coin.mint, amount: locked, before, treasury: escrow.treasury.toBase58() };
}

/** The admin (the key in ADMIN_WALLETS) signs in and opens the admin order-chat of the deal. */
async function openAdminOrderChat(openParty: (name: string, options?: PartyOptions) => Promise<Party>, dealId: number): Promise<Page> {
  const admin = await openParty('admin', { key: testKeys.admin, fund: false });
  expect(admin.api.isAdmin).toBe(true);
  await admin.signInInBrowser();
  await admin.page.goto(`/admin/orders/${dealId}`);
  await expect(admin.page.getByRole('heading', { name: `Order #${dealId}` })).toBeVisible();
  return admin.page;
}

async function expectResolvedForGood(adminPage: Page): Promise<void> {
  await expect(adminPage.getByTestId('admin-status')).toHaveText('Admin Resolved', { timeout: 20_000 });
  const resolve = adminPage.getByRole('group', { name: 'Resolve' });
  await expect(resolve.getByRole('button', { name: 'Send to Buyer' })).toBeDisabled();
  await expect(resolve.getByRole('button', { name: 'Send to Seller' })).toBeDisabled();
  await expect(adminPage.getByTestId('resolve-disabled-reason')).toHaveText(ALREADY_RESOLVED);
}

test('dispute after Mark as Paid: Bob requests support, the admin releases to the buyer', async ({ openParty, chain, request }) => {
  const { alice, bob, offerId, dealId, mint, amount, before, treasury } = await lockedSellDeal(openParty, request, chain, '20');
  const { feeBps } = await chain.escrowSettings();
  const fee = (amount * BigInt(feeBps)) / 10_000n;

  // Bob paid, Alice does not release: Bob asks for support, every action stops.
  await markAsPaid(bob.page, 'fiat');
  await expectDealStatus(bob.page, 'Signed By One Party');
  await sendChatMessage(bob.page, 'I paid 18.80 EUR by SEPA an hour ago, reference JELLY-20.');
  await requestSupport(bob.page);
  await expectDealStatus(bob.page, 'Admin Resolving');
  await expectDealStatus(alice.page, 'Admin Resolving');
  await expect(dealActions(bob.page).getByRole('button')).toHaveCount(0);
  await expect(dealActions(alice.page).getByRole('button')).toHaveCount(0);

  const adminPage = await openAdminOrderChat(openParty, dealId);
  await expect(fact(adminPage, 'Side')).toHaveText('SELL');
  await expect(adminPage.getByTestId('admin-buyer')).toHaveText(bob.address);
  await expect(adminPage.getByTestId('admin-seller')).toHaveText(alice.address);
  await expect(fact(adminPage, 'Amount')).toHaveText('20.00 USDC');
  await expect(adminPage.getByTestId('admin-status')).toHaveText('Admin Resolving');
  // The admin reads the deal's chat in the admin order-chat.
  await expect(chatMessages(adminPage).filter({ hasText: 'reference JELLY-20' })).toContainText(shortAddress(bob.address));

  await resolveWithReason(adminPage, 'Buyer', 'The SEPA transfer JELLY-20 is on the statement.');
  await expectResolvedForGood(adminPage);
  await expectDealStatus(bob.page, 'Admin Resolved');
  await expectDealStatus(alice.page, 'Admin Resolved');

  const deltas = await tokenDeltas(chain, mint, before);
  expect(Object.fromEntries(deltas)).toEqual({ [alice.address]: -amount, [bob.address]: amount - fee, [treasury]: fee });
  expect(await chain.vaultBalance(offerId)).toBe(0n);
});

test('dispute before payment: Alice requests support, the admin refunds the seller', async ({ openParty, chain, request }) => {
  const { alice, bob, offerId, dealId, mint, before, treasury } = await lockedSellDeal(openParty, request, chain, '35');

  // Bob never pays: Alice asks for support.
  await requestSupport(alice.page);
  await expectDealStatus(alice.page, 'Admin Resolving');
  await expectDealStatus(bob.page, 'Admin Resolving');
  await expect(dealActions(bob.page).getByRole('button')).toHaveCount(0);

  const adminPage = await openAdminOrderChat(openParty, dealId);
  await expect(adminPage.getByTestId('admin-seller')).toHaveText(alice.address);
  await resolveWithReason(adminPage, 'Seller', 'The buyer never paid.');
  await expectResolvedForGood(adminPage);
  await expectDealStatus(alice.page, 'Admin Resolved');
  await expectDealStatus(bob.page, 'Admin Resolved');

  // Everything went back to Alice, with no fee.
  const deltas = await tokenDeltas(chain, mint, before);
  expect(Object.fromEntries(deltas)).toEqual({ [alice.address]: 0n, [bob.address]: 0n, [treasury]: 0n });
  expect(await chain.vaultBalance(offerId)).toBe(0n);
});
