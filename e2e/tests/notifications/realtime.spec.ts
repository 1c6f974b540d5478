import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { chatMessages, sendChatMessage } from '../../fixtures/deals/screens.ts';
import { bell, claimThroughApi, realtimeFrame, realtimeReady, toast } from '../../fixtures/telegram/notifications.ts';

test.setTimeout(90_000);

/**
 * Alice has the app open; Bob claims her offer (through the API: the claim's UI is the deal tests' subject) and then
 * writes in the deal chat from his own browser. Everything reaches Alice's page pushed over the realtime socket,
 * within a second, with no polling request in between.
 */
test('a claim and a chat message reach the other party’s open page within a second, without polling', async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob', { fund: false });
  const offer = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.92', fiatCode: 'EUR' });

  const aliceSocket = realtimeReady(alice.page);
  await alice.signInInBrowser();
  await aliceSocket;
  await expect(bell(alice.page)).toHaveAccessibleName('Notifications');

  const polls: string[] = [];
  alice.page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/Notification') || path.startsWith('/api/chat/rooms/')) polls.push(`${r.method()} ${path}`);
  });

  // The claim → 'Offer claimed' toast and the bell count on Alice's page.
  let started = Date.now();
  const dealId = await claimThroughApi(bob.api, offer.offerId, '40');
  const claimedToast = toast(alice.page, 'Offer claimed');
  await expect(claimedToast).toBeVisible({ timeout: 1000 });
  await expect(bell(alice.page)).toHaveAccessibleName('Notifications (1 unread)', { timeout: 1000 });
  const claimLatency = Date.now() - started;
  expect(claimLatency).toBeLessThan(1000);
  await expect(claimedToast).toContainText(`claimed 40.00 USDC for 36.80 EUR on your offer #${offer.offerId} (deal #${dealId})`);
  expect(polls, 'no polling while the socket is open').toEqual([]);

  // Bob writes from the deal page; Alice is elsewhere: a 'New message' notification, pushed.
  await bob.signInInBrowser();
  await bob.page.goto(`/swap-chat/${dealId}`);
  started = Date.now();
  await sendChatMessage(bob.page, 'Hi Alice, paying by SEPA now');
  await expect(toast(alice.page, 'New message')).toContainText('Hi Alice, paying by SEPA now', { timeout: 1000 });
  expect(Date.now() - started).toBeLessThan(1500);
  await expect(bell(alice.page)).toHaveAccessibleName('Notifications (2 unread)');

  // Alice opens the deal: Bob's next message appears in her chat at once (the fallback poll is every 5 s), and no
  // notification is written for it (she is viewing the deal).
  const viewing = realtimeFrame(alice.page, `"type":"subscribed","dealId":${dealId}`);
  await alice.page.goto(`/swap-chat/${dealId}`);
  await expect(chatMessages(alice.page).filter({ hasText: 'Hi Alice, paying by SEPA now' })).toHaveCount(1);
  await viewing;
  polls.length = 0;
  started = Date.now();
  await sendChatMessage(bob.page, 'Sent 36.80 EUR');
  await expect(chatMessages(alice.page).filter({ hasText: 'Sent 36.80 EUR' })).toHaveCount(1, { timeout: 1000 });
  expect(Date.now() - started).toBeLessThan(1500);
  expect(polls.filter((p) => p.includes('/api/chat/rooms/')), 'the chat was not polled').toEqual([]);
  await alice.page.waitForTimeout(500);
  await expect(toast(alice.page, 'Sent 36.80 EUR')).toHaveCount(0);
});
