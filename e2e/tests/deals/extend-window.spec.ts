import type { Locator, Page } from '@playwright/test';
import { expect, test, testKeys } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { claimFromMarket, dealChat, expectDealStatus, filterMarket } from '../../fixtures/deals/screens.ts';
import { bell, notificationItems, panel } from '../../fixtures/telegram/notifications.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

const askGroup = (page: Page): Locator => page.getByRole('group', { name: 'Ask for more time' });
const answerGroup = (page: Page): Locator => page.getByRole('group', { name: 'Request for more time' });
const systemMessages = (page: Page): Locator => dealChat(page).locator('[data-testid="chat-message"][data-kind="system"]');

test('both parties extend the payment window once: asked in one header, accepted in the other, both countdowns move', async ({
  openParty,
  request,
}) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '50', price: '0.97', fiatCode: 'EUR' });

  // Bob claims 10 USDC of Alice's Sell offer: a 30-minute window starts.
  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  const dealId = await claimFromMarket(bob.page, offerId, '10', 'Buy');
  await expectDealStatus(bob.page, 'In Progress');
  const start = Date.parse((await bob.api.order(dealId)).paymentDeadline ?? '');
  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(dealId));
  await expectDealStatus(alice.page, 'In Progress');
  await expect(askGroup(alice.page)).toContainText('2 requests left');

  // Bob's bank is slow: he asks for 15 more minutes, Alice sees it arrive (pushed) and accepts.
  // Every toast Alice's page shows from now on is recorded (a toast lasts 3 s: the record does not race it).
  await alice.page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    const region = document.querySelector('section[aria-label="Messages"]');
    if (!region) throw new Error('no toast region');
    new MutationObserver(() => region.querySelectorAll('[role="status"]').forEach((t) => seen.push(t.textContent ?? ''))).observe(region, {
      childList: true,
      subtree: true,
    });
  });
  await askGroup(bob.page).getByRole('button', { name: 'Ask for 15 more minutes' }).click();
  await expect(bob.page.getByTestId('window-extension')).toHaveText('Waiting for the other party to answer your request for 15 more minutes.');
  await expect(answerGroup(alice.page)).toContainText('The other party asks for 15 more minutes.');
  // The request is Alice's own notification: a toast now, and an item under the bell (Telegram gets it the same way).
  await expect
    .poll(() => alice.page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts))
    .toContainEqual(expect.stringMatching(new RegExp(`^More time requested.*asks for 15 more minutes on deal #${dealId}\\b`)));
  await bell(alice.page).click();
  await expect(notificationItems(panel(alice.page)).first()).toContainText('More time requested');
  await bell(alice.page).click();
  await expect(panel(alice.page)).toBeHidden();
  await answerGroup(alice.page).getByRole('button', { name: 'Accept' }).click();
  await expect(askGroup(bob.page)).toContainText('1 request left');
  expect(Date.parse((await alice.api.order(dealId)).paymentDeadline ?? '')).toBe(start + 15 * 60_000);

  // Alice asks for 30 more minutes in turn, and Bob accepts on his phone: the window has had its two requests.
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await askGroup(alice.page).getByRole('button', { name: 'Ask for 30 more minutes' }).click();
  await expect(answerGroup(bob.page)).toContainText('The other party asks for 30 more minutes.');
  await expect(answerGroup(bob.page).getByRole('button', { name: 'Accept' })).toBeInViewport();
  await answerGroup(bob.page).getByRole('button', { name: 'Accept' }).click();
  const deadline = start + 45 * 60_000;
  await expect.poll(async () => Date.parse((await bob.api.order(dealId)).paymentDeadline ?? '')).toBe(deadline);

  // Both countdowns read the new deadline (75 minutes from the claim: over an hour left), and nothing more is offered.
  for (const party of [alice, bob]) {
    await expect(party.page.getByRole('timer')).toHaveText(/^1:1[0-5]:\d\d$/);
    await expect(party.page.getByTestId('window-extension')).toHaveCount(0);
    await expect(systemMessages(party.page)).toHaveCount(4);
  }
  const ends = new Date(deadline).toISOString().slice(11, 16);
  await expect(systemMessages(bob.page)).toHaveText([
    'Asked for 15 more minutes on the payment window.',
    /Accepted 15 more minutes: the payment window now ends at \d\d:\d\d UTC\./,
    'Asked for 30 more minutes on the payment window.',
    `Accepted 30 more minutes: the payment window now ends at ${ends} UTC.`,
  ].map((text) => (typeof text === 'string' ? new RegExp(escape(text)) : text)));

  // The admin's deal page lists both requests, who asked and the answer.
  const admin = await openParty('admin', { key: testKeys.admin, fund: false });
  await admin.signInInBrowser();
  await admin.page.goto(`/admin/orders/${dealId}`);
  const extensions = admin.page.getByRole('region', { name: 'Requests for more time' }).getByTestId('admin-extension');
  await expect(extensions).toHaveText([/^Buyer .+ asked for 15 more minutes · .+ · accepted by Seller /, /^Seller .+ asked for 30 more minutes · .+ · accepted by Buyer /]);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
