import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { chatMessages, sendChatMessage } from '../../fixtures/deals/screens.ts';
import { bell, claimThroughApi, realtimeFrame, realtimeReady, serverNotifications, toast } from '../../fixtures/telegram/notifications.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(90_000);

/**
 * Refuses (and records) every request of the page to a path starting with `prefix`: while it is in force, what
 * reaches the page came over the realtime socket, not from a poll or a refetch. Returns the recorded requests and
 * a function that lifts the block.
 */
async function blockRequests(page: Page, prefix: string): Promise<{ blocked: string[]; lift: () => Promise<void> }> {
  const blocked: string[] = [];
  const matcher = (url: URL) => url.pathname.startsWith(prefix);
  await page.route(matcher, async (route) => {
    blocked.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
    await route.abort('blockedbyclient');
  });
  return { blocked, lift: () => page.unroute(matcher) };
}

/**
 * Alice has the app open; Bob claims her offer (through the API: the claim's UI is the deal tests' subject) and then
 * writes in the deal chat from his own browser. Everything reaches Alice's page pushed over the realtime socket: the
 * notification and chat endpoints are blocked for her page meanwhile, so no poll or reload could have brought it.
 * (How fast a push arrives is measured by `npm run bench:realtime`, not here.)
 */
test('a claim and a chat message reach the other party’s open page over the socket, without polling', async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob', { fund: false });
  const offer = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.92', fiatCode: 'EUR' });

  const aliceSocket = realtimeReady(alice.page);
  await alice.signInInBrowser();
  await aliceSocket;
  await expect(bell(alice.page)).toHaveAccessibleName('Notifications');

  // The claim → 'Offer claimed' toast and the bell count on Alice's page, with the notification endpoints blocked.
  const notificationPolls = await blockRequests(alice.page, '/api/Notification');
  const dealId = await claimThroughApi(bob.api, offer.offerId, '40');
  const claimedToast = toast(alice.page, 'Offer claimed');
  await expect(claimedToast).toBeVisible();
  await expect(bell(alice.page)).toHaveAccessibleName('Notifications (1 unread)');
  await expect(claimedToast).toContainText(`claimed 40.00 USDC for 36.80 EUR on your offer #${offer.offerId} (deal #${dealId})`);

  // Bob writes from the deal page; Alice is elsewhere: a 'New message' notification, pushed.
  await bob.signInInBrowser();
  await bob.page.goto(pagePaths.deal(dealId));
  await sendChatMessage(bob.page, 'Hi Alice, paying by SEPA now');
  await expect(toast(alice.page, 'New message')).toContainText('Hi Alice, paying by SEPA now');
  await expect(bell(alice.page)).toHaveAccessibleName('Notifications (2 unread)');
  expect(notificationPolls.blocked, 'no notification request while the socket is open').toEqual([]);
  await notificationPolls.lift();

  // Alice opens the deal: Bob's next message appears in her chat with the chat endpoints blocked (the fallback poll
  // would otherwise fetch it within 5 s), and no notification is written for it (she is viewing the deal).
  const viewing = realtimeFrame(alice.page, `"type":"subscribed","dealId":${dealId}`);
  await alice.page.goto(pagePaths.deal(dealId));
  await expect(chatMessages(alice.page).filter({ hasText: 'Hi Alice, paying by SEPA now' })).toHaveCount(1);
  await viewing;
  const chatPolls = await blockRequests(alice.page, '/api/chat/rooms/');
  await sendChatMessage(bob.page, 'Sent 36.80 EUR');
  await expect(chatMessages(alice.page).filter({ hasText: 'Sent 36.80 EUR' })).toHaveCount(1);
  expect(chatPolls.blocked, 'the chat was not polled').toEqual([]);
  // The message and its notifications are written in one transaction, so the decision is already on the server.
  const aliceNotifications = await serverNotifications(request, alice.api);
  expect(aliceNotifications.filter((n) => n.message.includes('Sent 36.80 EUR'))).toEqual([]);
  await expect(toast(alice.page, 'Sent 36.80 EUR')).toHaveCount(0);
});
