import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { chatMessages } from '../../fixtures/deals/screens.ts';
import { bell, claimThroughApi, toast } from '../../fixtures/telegram/notifications.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(90_000);

/**
 * With the realtime socket refused (every attempt closed at once), the page falls back to polling: the
 * unread count every 10 s and the open chat every 5 s. Nothing is pushed, so no toast appears.
 */
test('when the socket is down the bell and the chat still update, by polling', async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob', { fund: false });
  const offer = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.92', fiatCode: 'EUR' });
  let refused = 0;
  await alice.page.routeWebSocket(/\/api\/realtime$/, (ws) => {
    refused += 1;
    ws.close({ code: 1011, reason: 'blocked by the test' });
  });
  const countPolls: number[] = [];
  alice.page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/Notification/unread-count') countPolls.push(Date.now());
  });
  await alice.signInInBrowser();
  await expect(bell(alice.page)).toHaveAccessibleName('Notifications');

  const dealId = await claimThroughApi(bob.api, offer.offerId, '40');
  await expect(bell(alice.page)).toHaveAccessibleName('Notifications (1 unread)', { timeout: 15_000 });
  expect(refused, 'the page kept trying to reconnect').toBeGreaterThan(1);
  expect(countPolls.length, 'the unread count was polled').toBeGreaterThanOrEqual(2);
  await expect(toast(alice.page, 'Offer claimed')).toHaveCount(0);

  // The chat: Bob's message (through the API) shows up by the 5-second poll.
  await alice.page.goto(pagePaths.deal(dealId));
  await expect(alice.page.getByRole('region', { name: 'Deal chat' })).toBeVisible();
  const response = await request.post('/api/chat/add-messages', {
    headers: { Authorization: `Bearer ${bob.api.accessToken}` },
    data: { dealId, accountId: bob.address, content: 'Polled, not pushed', createdAtUtc: new Date().toISOString() },
  });
  expect(response.status(), await response.text()).toBe(201);
  await expect(chatMessages(alice.page).filter({ hasText: 'Polled, not pushed' })).toHaveCount(1, { timeout: 8000 });
});
