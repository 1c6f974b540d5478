import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { accountMenu } from '../../fixtures/app.ts';
import { FakeTelegram } from '../../fixtures/telegram/fake-telegram.ts';
import { claimThroughApi } from '../../fixtures/telegram/notifications.ts';
import { telegramBotUsername } from '../../fixtures/telegram/telegram-env.ts';

test.setTimeout(90_000);

/**
 * Connect Telegram from the account menu against the local Bot API stand-in: the code opens the bot in a new tab,
 * the user's /start reaches the server's bot (long polling), the menu turns to 'Connected', deal events arrive in
 * the chat with the deal's link, and /stop unlinks.
 */
test('linking Telegram: /start <code>, Connected, notifications in the chat, /stop', async ({ openParty, request, baseURL }) => {
  const telegram = new FakeTelegram(request);
  const chatId = 100_000 + Math.floor(Math.random() * 800_000);
  const alice = await openParty('alice');
  const page = alice.page;
  // t.me is not reachable from the test machine: the new tab gets a stand-in page, its URL is what matters.
  await alice.context.route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Telegram</title>' }));
  await alice.signInInBrowser();

  await accountMenu(page).click();
  const tabOpened = alice.context.waitForEvent('page');
  await page.getByRole('menuitem', { name: 'Connect Telegram' }).click();
  const tab = await tabOpened;
  await tab.waitForURL(/^https:\/\/t\.me\//);
  const botUrl = new URL(tab.url());
  expect(botUrl.pathname).toBe(`/${telegramBotUsername}`);
  const code = botUrl.searchParams.get('start') ?? '';
  expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);

  await telegram.userSends({ id: chatId, username: 'alice_tg' }, `/start ${code}`);
  await expect.poll(() => telegram.sentTo(chatId)).toEqual([expect.stringMatching(/^Connected\. Jelly notifications for wallet /)]);
  // The page polls has-telegram while the link is in progress.
  await accountMenu(page).click();
  await expect(page.getByRole('menuitem', { name: 'Connected' })).toBeDisabled({ timeout: 10_000 });
  await page.keyboard.press('Escape');

  // A deal event reaches the chat, with the deal's link.
  const bob = await openParty('bob', { fund: false });
  const offer = await createOfferThroughApi(request, alice.api, { side: 0, amount: '50', price: '0.92', fiatCode: 'EUR' });
  const dealId = await claimThroughApi(bob.api, offer.offerId, '10');
  await expect
    .poll(async () => (await telegram.sentTo(chatId)).find((text) => text.startsWith('Offer claimed')), { timeout: 10_000 })
    .toBe(
      `Offer claimed\n\n${bob.address.slice(0, 8)}…${bob.address.slice(-6)} claimed 10.00 USDC for 9.20 EUR on your offer #${offer.offerId} (deal #${dealId}). Lock the USDC in escrow to start the deal: 30 min left.\n\n${baseURL}/swap-chat/${dealId}`,
    );

  // /stop unlinks: the menu offers Connect Telegram again after a reload.
  await telegram.userSends({ id: chatId }, '/stop');
  await expect.poll(async () => (await telegram.sentTo(chatId)).at(-1)).toMatch(/^Unlinked\./);
  await page.reload();
  await accountMenu(page).click();
  await expect(page.getByRole('menuitem', { name: 'Connect Telegram' })).toBeEnabled();
});
