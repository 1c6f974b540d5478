import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { e2eWebDist } from '../../fixtures/server-env.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

interface Paint {
  startTime: number;
  size: number;
  /** The element was the HTML shell's (inside its inert wrapper), drawn before the app's script ran. */
  fromShell: boolean;
  text: string;
}

/** Records every largest-contentful-paint entry as the page reports it, from the very first paint. */
async function recordLargestPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const paints: Paint[] = [];
    (window as unknown as { largestPaints: Paint[] }).largestPaints = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
        paints.push({
          startTime: entry.startTime,
          size: entry.size,
          fromShell: entry.element?.closest('[inert]') != null,
          text: (entry.element?.textContent ?? '').trim().slice(0, 60),
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The page's paints so far, once the app has drawn its screen, its data has arrived and two more frames have painted. */
async function largestPaints(page: Page): Promise<Paint[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return (window as unknown as { largestPaints: Paint[] }).largestPaints;
  });
}

/** The largest paint is the shell's: nothing the app drew afterwards, with its data, was larger. */
async function expectLargestPaintFromShell(page: Page, path: string, drawn: () => Promise<void>): Promise<void> {
  await page.goto(path);
  await drawn();
  const paints = await largestPaints(page);
  expect(paints.length, `${path}: a largest paint was reported`).toBeGreaterThan(0);
  expect(paints.at(-1), `${path}: the largest paint, of ${JSON.stringify(paints)}`).toMatchObject({ fromShell: true });
}

const heading = (page: Page) => () => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

test('on a phone, the largest text of every main screen is on the first paint, before any script has run', async ({ openParty, request }) => {
  const visitor = await openParty('visitor', { fund: false });
  await visitor.page.setViewportSize({ width: 390, height: 844 });
  await recordLargestPaints(visitor.page);
  for (const path of ['/', '/buy-crypto', '/p2p', '/swap', '/coin-jelly']) {
    await expectLargestPaintFromShell(visitor.page, path, heading(visitor.page));
  }

  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId, coin } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.94', fiatCode: 'EUR' });
  const dealId = await bob.api.createOrder({ parentOrderId: offerId, amount: toBaseUnits('20', coin.decimals).toString() });
  await bob.signInInBrowser();
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await recordLargestPaints(bob.page);
  await expectLargestPaintFromShell(bob.page, '/my-account', () => expect(bob.page.getByRole('heading', { name: 'Order history' })).toBeVisible());
  await expectLargestPaintFromShell(bob.page, pagePaths.deal(dealId), () => expect(bob.page.getByTestId('deal-chat')).toBeVisible());
});

test("a returning user's dashboard loads the wallet code on their first input, not before", async ({ openParty }) => {
  const manifest = JSON.parse(readFileSync(join(e2eWebDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const runtime = manifest['src/lib/wallet/WalletRuntime.tsx']?.file;
  expect(runtime, 'the wallet runtime is a chunk of its own').toBeDefined();
  const carol = await openParty('carol');
  await carol.signInInBrowser();
  const loaded: string[] = [];
  carol.page.on('request', (request) => loaded.push(new URL(request.url()).pathname));

  await carol.page.goto('/my-account');
  await expect(carol.page.getByRole('heading', { name: 'Order history' })).toBeVisible();
  await carol.page.waitForLoadState('networkidle');
  expect(loaded).not.toContain(`/${runtime}`);

  const fetched = carol.page.waitForRequest((request) => request.url().endsWith(`/${runtime}`));
  await carol.page.getByRole('heading', { name: 'Order history' }).click();
  expect((await (await fetched).response())?.ok()).toBe(true);
});
