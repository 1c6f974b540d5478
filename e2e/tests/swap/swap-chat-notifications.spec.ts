import type { SwapRecord } from '@jelly/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, test, testKeys } from '../../fixtures/deals/parties.ts';
import { bell, notificationItems, panel, realtimeFrame, realtimeReady, serverNotifications, toast } from '../../fixtures/telegram/notifications.ts';

test.setTimeout(120_000);

// The swap chat is the deal chat panel in its swap-room mode, named 'Swap chat'.
const chatMessages = (page: Page): Locator => page.getByRole('region', { name: 'Swap chat' }).getByTestId('chat-message');

/** Types a message and presses Enter (the chat sends on Enter). */
async function sendChatMessage(page: Page, text: string): Promise<void> {
  const box = page.getByRole('region', { name: 'Swap chat' }).getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(chatMessages(page).filter({ hasText: text })).toHaveCount(1);
}

/**
 * Swap-chat messages notify like deal-chat messages (1280 wide): the owner swaps, then writes to the desk; the admin,
 * elsewhere in the app, gets the 'New message' toast and the bell count, and the notification opens the swap's chat
 * (?kind=swap), not the deal that shares its number. The desk's answer reaches the owner, who has the chat open:
 * no notification then (the owner was never notified about this swap, so only "viewing" can hold it back).
 */
test('a swap-chat message raises the desk’s bell and toast, and its notification opens the swap chat', async ({ openParty, request }) => {
  const admin = await openParty('admin', { key: testKeys.admin, fund: false });
  const owner = await openParty('swap-chatter');

  const adminSocket = realtimeReady(admin.page);
  await admin.signInInBrowser();
  await adminSocket;
  const unreadBefore = (await serverNotifications(request, admin.api)).filter((n) => !n.isRead).length;

  // The owner swaps 25 USDT for SOL through the swap page.
  const ownerViewing = realtimeFrame(owner.page, '"type":"subscribed.swap"');
  await owner.signInInBrowser();
  await owner.page.goto('/swap');
  await owner.page.getByRole('textbox', { name: 'You pay' }).fill('25');
  await expect(owner.page.getByTestId('quote-panel')).toContainText('Minimum received');
  const submitted = owner.page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/swap/submit'));
  await expect(owner.page.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled();
  await owner.page.getByRole('button', { name: 'Swap', exact: true }).click();
  await owner.page.getByRole('dialog', { name: /^Swap 25\.00 USDT for [\d.,]+ SOL\?$/ }).getByRole('button', { name: 'Swap', exact: true }).click();
  const response = await submitted;
  expect(response.status(), await response.text()).toBe(200);
  const { swap } = (await response.json()) as { swap: SwapRecord };

  // …then opens the swap's chat from the outcome and writes to the desk.
  await owner.page.getByRole('link', { name: `Chat with the desk about swap #${swap.id}` }).click();
  await expect(owner.page).toHaveURL(new RegExp(`/swap-chat/${swap.id}\\?kind=swap$`));
  await sendChatMessage(owner.page, 'Where is my SOL?');
  await ownerViewing;

  // The admin, on the home page: a toast and the bell count, pushed.
  await expect(toast(admin.page, 'New message')).toContainText(`on swap #${swap.id}: Where is my SOL?`);
  await expect(bell(admin.page)).toHaveAccessibleName(`Notifications (${unreadBefore + 1} unread)`);

  // The notification opens the swap's chat (the room the message is in).
  await bell(admin.page).click();
  await notificationItems(panel(admin.page)).filter({ hasText: `on swap #${swap.id}: Where is my SOL?` }).click();
  await expect(admin.page).toHaveURL(new RegExp(`/swap-chat/${swap.id}\\?kind=swap$`));
  await expect(chatMessages(admin.page).filter({ hasText: 'Where is my SOL?' })).toHaveCount(1);

  // The desk answers; the owner has the chat open: the answer appears there and no notification is written.
  await sendChatMessage(admin.page, 'Landed: see the txID.');
  await expect(chatMessages(owner.page).filter({ hasText: 'Landed: see the txID.' })).toHaveCount(1);
  // The message and its notifications are written in one transaction, so the decision is already on the server.
  const ownerNotices = await serverNotifications(request, owner.api);
  expect(ownerNotices.filter((n) => n.message.includes('Landed: see the txID.'))).toEqual([]);
  await expect(toast(owner.page, 'Landed')).toHaveCount(0);
});
