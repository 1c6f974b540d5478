import { expect, test, testKeys, type Party, type PartyOptions } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import {
  cancelDeal,
  confirmAction,
  dealAction,
  dealActions,
  dialog,
  expectDealStatus,
  lockDeal,
  markAsPaid,
  rateCounterparty,
  requestSupport,
} from '../../fixtures/deals/screens.ts';
import { bell, notificationItems, panel } from '../../fixtures/telegram/notifications.ts';
import { shortAddress } from '../../wallet/keys.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(150_000);

type OpenParty = (name: string, options?: PartyOptions) => Promise<Party>;

/** Alice sells 100 USDC for EUR; Bob claims `amount` through the API and both pages sit on the deal. */
async function claimedDeal(openParty: OpenParty, request: Parameters<typeof createOfferThroughApi>[0], amount: string) {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId, coin } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.94', fiatCode: 'EUR' });
  const dealId = await bob.api.createOrder({ parentOrderId: offerId, amount: toBaseUnits(amount, coin.decimals).toString() });
  for (const party of [alice, bob]) {
    await party.signInInBrowser();
    await party.page.goto(pagePaths.deal(dealId));
    await expectDealStatus(party.page, 'In Progress');
  }
  return { alice, bob, dealId };
}

async function openAdminOrder(openParty: OpenParty, dealId: number) {
  const admin = await openParty('admin', { key: testKeys.admin, fund: false });
  await admin.signInInBrowser();
  await admin.page.goto(`/admin/orders/${dealId}`);
  await expect(admin.page.getByRole('heading', { name: `Order #${dealId}` })).toBeVisible();
  return admin.page;
}

test('after a cancelled deal the buyer still reaches the admins: a case is opened, the deal stays cancelled', async ({ openParty, request }) => {
  const { alice, bob, dealId } = await claimedDeal(openParty, request, '15');
  await cancelDeal(alice.page);
  await expectDealStatus(bob.page, 'Cancelled');

  await dealAction(bob.page, 'Support Request').click();
  await dialog(bob.page, 'Open a case with the admins?').getByRole('textbox', { name: 'What went wrong?' }).fill('I paid before the deal ended.');
  await confirmAction(bob.page, 'Open a case with the admins?', 'Open Case');
  await expect(bob.page.getByText('Your case was sent to the admins.')).toBeVisible();
  await expectDealStatus(bob.page, 'Cancelled');
  // the other party may open one too
  await expect(dealAction(alice.page, 'Support Request')).toBeVisible();

  const adminPage = await openAdminOrder(openParty, dealId);
  const requests = adminPage.locator('h2:text-is("Support requests") + ul li');
  await expect(requests).toHaveCount(1);
  await expect(requests.first()).toContainText(bob.address.slice(0, 8));
});

test('after a completed deal the buyer reaches the admins with the deal attached; the deal stays completed', async ({ openParty, request }) => {
  const { alice, bob, dealId } = await claimedDeal(openParty, request, '11');
  await lockDeal(alice.page);
  await expectDealStatus(bob.page, 'Locked');
  await markAsPaid(bob.page, 'fiat');
  await expect(dealAction(alice.page, 'Mark as Paid')).toBeVisible({ timeout: 20_000 });
  await markAsPaid(alice.page, 'crypto');
  await expectDealStatus(alice.page, 'Completed');

  // Bob rates the seller, then finds his transfer reversed and comes back to the deal.
  await rateCounterparty(bob.page, 4, 'Quick release');
  await bob.page.goto(pagePaths.deal(dealId));
  await expectDealStatus(bob.page, 'Completed');
  await expect(dealActions(bob.page).getByRole('button')).toHaveText(['Support Request']);
  await dealAction(bob.page, 'Support Request').click();
  await dialog(bob.page, 'Open a case with the admins?').getByRole('textbox', { name: 'What went wrong?' }).fill('I paid before the deal ended.');
  await confirmAction(bob.page, 'Open a case with the admins?', 'Open Case');
  await expect(bob.page.getByText('Your case was sent to the admins.')).toBeVisible();
  await expectDealStatus(bob.page, 'Completed');

  const adminPage = await openAdminOrder(openParty, dealId);
  const requests = adminPage.locator('h2:text-is("Support requests") + ul li');
  await expect(requests).toHaveCount(1);
  await expect(requests.first()).toContainText(bob.address.slice(0, 8));
});

test("after an admin resolution both parties read who received the tokens and the admin's reason", async ({ openParty, request }) => {
  const { alice, bob, dealId } = await claimedDeal(openParty, request, '12');
  await lockDeal(alice.page);
  await expectDealStatus(bob.page, 'Locked');
  await requestSupport(bob.page);
  await expectDealStatus(alice.page, 'Admin Resolving');

  const adminPage = await openAdminOrder(openParty, dealId);
  await adminPage.getByRole('textbox', { name: /^Reason/ }).fill('No payment reached the seller within the window.');
  await adminPage.getByRole('group', { name: 'Resolve' }).getByRole('button', { name: 'Send to Seller' }).click();
  await confirmAction(adminPage, 'Send to Seller?', 'Refund to Seller');
  await expect(adminPage.getByTestId('admin-status')).toHaveText('Admin Resolved', { timeout: 20_000 });

  for (const [party, recipient] of [
    [alice, 'you'],
    [bob, `the seller (${shortAddress(alice.address)})`],
  ] as const) {
    await expectDealStatus(party.page, 'Admin Resolved');
    const note = party.page.getByRole('region', { name: 'Admin decision' });
    await expect(note).toContainText(`the tokens went to ${recipient}.`);
    await expect(note).toContainText('Reason: No payment reached the seller within the window.');
    // the resolution's notification (bell, toast, Telegram) carries the admin's reason too
    await bell(party.page).click();
    await expect(notificationItems(panel(party.page)).filter({ hasText: 'Dispute resolved' }).first()).toContainText(
      'Reason: No payment reached the seller within the window.',
    );
    await bell(party.page).click();
  }
  await expect(dealActions(bob.page).getByRole('button')).toHaveCount(0);
});
