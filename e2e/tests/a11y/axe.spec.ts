import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, testKeys, type Party } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';

test.setTimeout(180_000);

type Blocking = { id: string; impact: string; nodes: number; targets: string[] };

/** axe's serious and critical findings on the page as it stands (WCAG 2.x A and AA rules). */
async function blockingViolations(page: Page): Promise<Blocking[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.length, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** Opens `path`, waits for its main content, and returns axe's serious and critical findings. */
async function audit(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<Blocking[]> {
  await page.goto(path);
  await ready(page);
  // Let the entry animations settle: axe reads colours as painted.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  return blockingViolations(page);
}

const heading = (page: Page) => expect(page.getByRole('heading').first()).toBeVisible();

const publicRoutes: [string, (page: Page) => Promise<void>][] = [
  ['/', heading],
  ['/buy-crypto', (page) => expect(page.locator('[data-testid^="offer-"]').first()).toBeVisible()],
  ['/swap', heading],
  ['/coin-jelly', heading],
  ['/p2p', heading],
];

const signedInRoutes: [string, (page: Page) => Promise<void>][] = [
  ['/my-account', heading],
  ['/notifications', heading],
  ['/settings', heading],
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`axe finds no serious or critical violation on the main routes at ${viewport.width} px`, async ({ openParty, request }) => {
    const alice = await openParty('alice');
    const bob = await openParty('bob');
    // Signing in goes through the desktop header; each audit runs at the viewport under test.
    const signIn = async (party: Party) => {
      await party.page.setViewportSize({ width: 1280, height: 800 });
      await party.signInInBrowser();
      await party.page.setViewportSize(viewport);
    };
    await bob.page.setViewportSize(viewport);
    const { offerId, coin } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.94', fiatCode: 'EUR' });
    const dealId = await bob.api.createOrder({ parentOrderId: offerId, amount: toBaseUnits('20', coin.decimals).toString() });

    const found: Record<string, Blocking[]> = {};
    for (const [path, ready] of publicRoutes) found[`${path} (signed out)`] = await audit(bob.page, path, ready);
    found[`/online-ads/${offerId} (signed out)`] = await audit(bob.page, `/online-ads/${offerId}`, (page) =>
      expect(page.getByRole('main').getByRole('button', { name: 'Connect Wallet' })).toBeVisible(),
    );
    if (viewport.width < 768) {
      found['/buy-crypto (Filters open)'] = await audit(bob.page, '/buy-crypto', async (page) => {
        await page.getByRole('button', { name: 'Filters' }).click();
        await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
      });
    }

    await signIn(bob);
    for (const [path, ready] of [...publicRoutes, ...signedInRoutes]) found[path] = await audit(bob.page, path, ready);
    found['/swap-chat/:id'] = await audit(bob.page, `/swap-chat/${dealId}`, (page) => expect(page.getByTestId('deal-status')).toBeVisible());

    const admin: Party = await openParty('admin', { key: testKeys.admin, fund: false });
    await signIn(admin);
    found['/admin (dispute queue)'] = await audit(admin.page, '/admin', (page) => expect(page.getByRole('heading', { name: 'Disputes' })).toBeVisible());
    found['/admin/disputes/:id'] = await audit(admin.page, `/admin/disputes/${dealId}`, (page) =>
      expect(page.getByRole('heading', { name: `Dispute #${dealId}` })).toBeVisible(),
    );
    for (const section of ['users', 'tokens', 'audit', 'platform']) found[`/admin/${section}`] = await audit(admin.page, `/admin/${section}`, heading);
    found['/admin/orders/:id'] = await audit(admin.page, `/admin/orders/${dealId}`, (page) =>
      expect(page.getByRole('heading', { name: `Order #${dealId}` })).toBeVisible(),
    );

    // The per-route counts, for the record of a run.
    const table =
      `axe @ ${viewport.width}px\n` +
        Object.entries(found)
          .map(([route, list]) => {
            const count = (impact: string) => {
              const rules = list.filter((v) => v.impact === impact);
              return `${rules.length} (${rules.reduce((n, v) => n + v.nodes, 0)} nodes)`;
            };
            return `${route}\tserious ${count('serious')}\tcritical ${count('critical')}\t${list.map((v) => `${v.id}:${v.targets.join(' | ')}`).join('; ')}`;
          })
          .join('\n');
    process.stdout.write(`${table}\n`);
    await test.info().attach(`axe-${viewport.width}px.txt`, { body: table, contentType: 'text/plain' });
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((route) => [route, []])));
  });
}
