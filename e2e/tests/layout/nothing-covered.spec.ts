import type { Locator, Page } from '@playwright/test';
import { chatPaths, pagePaths } from '@jelly/contracts';
import { expect, test, type Party } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { dealActions, dealChat, dealStatus, offerRows } from '../../fixtures/deals/screens.ts';

test.setTimeout(120_000);

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').not.toBeNull();
  return found as Box;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Fully inside the viewport. */
async function expectInView(page: Page, locator: Locator): Promise<void> {
  const b = await box(locator);
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  expect(b.y, 'top in view').toBeGreaterThanOrEqual(0);
  expect(b.y + b.height, 'bottom in view').toBeLessThanOrEqual(height);
  expect(b.x + b.width, 'right edge in view').toBeLessThanOrEqual(width);
}

/** Nothing is painted over the element's centre (what a click there would hit is the element itself). */
async function expectUncovered(locator: Locator): Promise<void> {
  const hit = await locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  expect(hit, 'nothing covers it').toBe(true);
}

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** Alice's offer, Bob's claim and a long chat from Bob; Bob's page is on the deal at `viewport`. */
async function dealWithLongChat(
  openParty: (name: string) => Promise<Party>,
  request: Parameters<typeof createOfferThroughApi>[0],
  viewport: { width: number; height: number },
): Promise<{ bob: Party; dealId: number }> {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId, coin } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.94', fiatCode: 'EUR' });
  const dealId = await bob.api.createOrder({ parentOrderId: offerId, amount: toBaseUnits('20', coin.decimals).toString() });
  for (let i = 1; i <= 8; i++) {
    const response = await request.post(`/api${chatPaths.addMessage}`, {
      headers: { Authorization: `Bearer ${bob.api.accessToken}` },
      data: {
        dealId,
        accountId: bob.address,
        content: `message ${i}\n${'line\n'.repeat(8)}end ${i}`,
        createdAtUtc: new Date().toISOString(),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await bob.page.setViewportSize({ width: 1280, height: 800 });
  await bob.signInInBrowser();
  await bob.page.setViewportSize(viewport);
  await bob.page.goto(pagePaths.deal(dealId));
  await expect(dealChat(bob.page).getByTestId('chat-message')).toHaveCount(8);
  return { bob, dealId };
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    if (viewport.width > 767) {
      test('Contact Support sits beside the footer volume, never over it', async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto('/');
        const volume = page.getByText('24h Volume 108,536 USDT');
        const support = page.getByRole('button', { name: 'Contact Support' });
        await support.scrollIntoViewIfNeeded();
        await expect(volume).toBeVisible();
        await expect(support).toBeVisible();
        expect(overlap(await box(volume), await box(support))).toBe(false);
        await expectUncovered(volume);
        // it scrolls with the page instead of floating over it
        expect(await support.evaluate((element) => getComputedStyle(element.parentElement as Element).position)).not.toBe('fixed');
      });
    } else {
      test('Contact Support is for wide screens only: a phone shows none, on the home page or the deal chat', async ({ page, openParty, request }) => {
        await page.setViewportSize(viewport);
        await page.goto('/');
        await page.getByText('24h Volume 108,536 USDT').scrollIntoViewIfNeeded();
        await expect(page.getByText('24h Volume 108,536 USDT')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Contact Support' })).toBeHidden();

        const { bob } = await dealWithLongChat(openParty, request, viewport);
        await expect(bob.page.getByRole('button', { name: 'Contact Support' })).toBeHidden();
      });

      test("the deal chat's composer never overlaps the footer band, scrolled to the top or the bottom", async ({ openParty, request }) => {
        const { bob } = await dealWithLongChat(openParty, request, viewport);
        const page = bob.page;
        const footer = page.getByRole('contentinfo');
        const composer = dealChat(page).getByRole('textbox', { name: 'Message' });
        for (const where of ['top', 'bottom'] as const) {
          await page.evaluate((to) => window.scrollTo({ top: to === 'top' ? 0 : document.documentElement.scrollHeight }), where);
          for (const part of [composer, dealChat(page).getByRole('button', { name: 'Attach file' }), dealChat(page).getByRole('button', { name: 'Send' })]) {
            expect(overlap(await box(part), await box(footer)), `${where}: composer and footer`).toBe(false);
          }
          await composer.scrollIntoViewIfNeeded();
          await expectUncovered(composer);
        }
      });
    }

    test('the deal header stays in view while the chat scrolls in its own panel; Send is never covered', async ({ openParty, request }) => {
      const { bob } = await dealWithLongChat(openParty, request, viewport);
      const page = bob.page;
      const scroller = dealChat(page).locator('[class*="scroller"]');
      const send = dealChat(page).getByRole('button', { name: 'Send' });
      expect(await scroller.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      for (const to of ['top', 'bottom'] as const) {
        await scroller.evaluate((element, where) => element.scrollTo({ top: where === 'top' ? 0 : element.scrollHeight }), to);
        await expectInView(page, dealStatus(page));
        await expectInView(page, dealActions(page));
        await expectInView(page, send);
        await expectUncovered(send);
        await expectUncovered(dealActions(page).getByRole('button', { name: 'Support Request' }));
      }
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });

    test("a toast shows top-right, over neither the deal's action buttons nor the chat's composer", async ({ openParty, request }) => {
      const { bob } = await dealWithLongChat(openParty, request, viewport);
      const page = bob.page;
      // An unsupported file in the chat raises an error toast while the deal's buttons and the composer are on screen.
      await dealChat(page).getByTestId('chat-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
      const toast = page.getByRole('region', { name: 'Messages' }).getByRole('alert');
      await expect(toast).toBeVisible();
      const toastBox = await box(toast);
      // top-right: in the top band of the screen, against its right edge
      expect(toastBox.y, 'top').toBeLessThan(80);
      expect(viewport.width - (toastBox.x + toastBox.width), 'right margin').toBeLessThanOrEqual(16);
      expect(toastBox.x + toastBox.width / 2, 'right half').toBeGreaterThanOrEqual(viewport.width / 2);
      for (const button of await dealActions(page).getByRole('button').all()) {
        expect(overlap(toastBox, await box(button)), (await button.textContent()) ?? '').toBe(false);
        await expectUncovered(button);
      }
      expect(overlap(toastBox, await box(dealStatus(page)))).toBe(false);
      for (const name of ['Attach file', 'Send']) {
        const part = dealChat(page).getByRole('button', { name });
        expect(overlap(toastBox, await box(part)), name).toBe(false);
        await expectUncovered(part);
      }
      const input = dealChat(page).getByRole('textbox', { name: 'Message' });
      expect(overlap(toastBox, await box(input)), 'message input').toBe(false);
      await expectUncovered(input);
    });
  });
}

test('on a phone the market filters fold into a Filters button, so offers show above the fold', async ({ page, openParty, request }) => {
  const alice = await openParty('alice');
  await createOfferThroughApi(request, alice.api, { side: 0, amount: '50', price: '0.93', fiatCode: 'EUR' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/buy-crypto');
  await expect(offerRows(page).first()).toBeVisible();
  await expectInView(page, offerRows(page).first());
  await expect(page.getByLabel('Currency')).toHaveCount(0);

  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('Fiat') === 'EUR' && response.ok());
  await filters.getByLabel('Currency').selectOption('EUR');
  await answered;
  await filters.getByRole('button', { name: 'Show offers' }).click();
  await expect(filters).toHaveCount(0);
  await expect(offerRows(page).first()).toBeVisible();
});
