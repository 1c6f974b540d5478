import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { bell, claimThroughApi, notificationItems, panel, serverNotifications } from '../../fixtures/telegram/notifications.ts';

test.setTimeout(90_000);

/**
 * Twelve claims (on twelve offers) give Alice twelve unread notifications. The panel (350px wide, at most 450px high) shows ten, loads
 * the rest when scrolled to its end, marks an item read once 60% of it is visible, and the bell counts down to the
 * plain icon. Closing resets the list; the server agrees on every read.
 */
test('the panel pages by scrolling and marks what the user sees as read', async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob', { fund: false });
  // One claim on each of twelve offers: claims on one offer within minutes fold into one notification.
  for (let i = 0; i < 12; i += 1) {
    const offer = await createOfferThroughApi(request, alice.api, { side: 0, amount: '5', price: '1.10', fiatCode: 'USD' });
    await claimThroughApi(bob.api, offer.offerId, '1');
  }

  const page = alice.page;
  await alice.signInInBrowser();
  await expect(bell(page)).toHaveAccessibleName('Notifications (12 unread)');
  await expect(page.getByTestId('notification-count')).toHaveText('12');
  await bell(page).click();
  const list = panel(page);
  const box = await list.boundingBox();
  expect(box?.width).toBe(350);
  expect(box?.height).toBeLessThanOrEqual(450);

  const items = notificationItems(list);
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('Offer claimed');
  // What is in view is read; the bottom of the first page is not (yet).
  await expect(items.first()).toHaveAttribute('data-unread', 'false');
  await expect(items.nth(9)).toHaveAttribute('data-unread', 'true');
  const readInView = await list.locator('[data-unread="false"]').count();
  expect(readInView).toBeGreaterThan(0);
  expect(readInView).toBeLessThan(10);
  await expect(bell(page)).toHaveAccessibleName(`Notifications (${12 - readInView} unread)`);

  // Scroll down in steps (as a user would): page 2 loads at the end, everything passes through the view.
  const scroller = list.getByTestId('notifications-scroll');
  // Unread items well inside the list's view (70%; the app reads at 60%): each step waits until the app read them.
  const unreadInView = () =>
    scroller.evaluate((el) => {
      const view = el.getBoundingClientRect();
      return [...el.querySelectorAll<HTMLElement>('[data-testid="notification-item"][data-unread="true"]')].filter((item) => {
        const box = item.getBoundingClientRect();
        const shown = Math.min(box.bottom, view.bottom) - Math.max(box.top, view.top);
        return box.height > 0 && shown / box.height >= 0.7;
      }).length;
    });
  for (let step = 0; step < 60; step += 1) {
    await scroller.evaluate((el) => el.scrollBy(0, 60));
    await expect.poll(unreadInView, { message: 'items in view are marked read' }).toBe(0);
    const atEnd = await scroller.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1);
    if (atEnd && (await items.count()) === 12) break;
    // At the end of the first page the second one loads: wait for it instead of scrolling on the spot.
    if (atEnd) await expect(items).toHaveCount(12);
  }
  await expect(items).toHaveCount(12);
  await expect(list.locator('[data-unread="true"]')).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect.poll(async () => (await serverNotifications(request, alice.api)).filter((n) => !n.isRead).length).toBe(0);
  const onServer = await serverNotifications(request, alice.api);
  expect(onServer).toHaveLength(12);
  expect(onServer.every((n) => n.readAt !== null)).toBe(true);

  // Closing resets the list (the count stays); opening again starts from the first page.
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await bell(page).click();
  await expect(notificationItems(panel(page))).toHaveCount(10);
});
