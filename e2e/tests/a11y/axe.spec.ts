import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, testKeys, type Party } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { pagePaths } from '@jelly/contracts';

// Every route of the app (apps/web/src/app/routes.tsx and the admin area's own routes), signed out, signed in and as
// an admin, at one width per test: one browser context per role, reused for all its routes. The signed-in visitor has
// an offer of their own that was claimed, so the header's bell carries an unread count on every page it audits.
test.setTimeout(420_000);

type Blocking = { id: string; impact: string; nodes: number; targets: string[] };
type Ready = (page: Page) => Promise<void>;

/**
 * axe's serious and critical findings on the page as it stands: the WCAG 2.x A and AA rules, and
 * label-content-name-mismatch (WCAG 2.5.3, still marked experimental in axe, so off unless named).
 */
async function blockingViolations(page: Page): Promise<Blocking[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.length, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** Opens `path`, waits for its main content, and returns axe's serious and critical findings. */
async function audit(page: Page, path: string, ready: Ready): Promise<Blocking[]> {
  await page.goto(path);
  await ready(page);
  // Let the entry animations settle: axe reads colours as painted.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  return blockingViolations(page);
}

const heading: Ready = (page) => expect(page.getByRole('heading').first()).toBeVisible();
const named = (name: string | RegExp): Ready => (page) => expect(page.getByRole('heading', { name }).first()).toBeVisible();
const dealPage: Ready = (page) => expect(page.getByTestId('deal-status')).toBeVisible();
const MISSING_JELLY = 999_999;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`axe finds no serious or critical violation on any route at ${viewport.width} px, signed out, signed in and as an admin`, async ({ openParty, request }) => {
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
    // Bob's own offer, claimed by Alice: the claim notifies Bob.
    const bobs = await createOfferThroughApi(request, bob.api, { side: 0, amount: '50', price: '0.95', fiatCode: 'EUR' });
    await alice.api.createOrder({ parentOrderId: bobs.offerId, amount: toBaseUnits('10', bobs.coin.decimals).toString() });

    // Routes every visitor reaches; signed out the account pages offer to connect.
    const everyone: [string, Ready][] = [
      ['/', heading],
      ['/buy-crypto', (page) => expect(page.locator('[data-testid^="offer-"]').first()).toBeVisible()],
      ['/swap', heading],
      ['/coin-jelly', heading],
      // No such order (creating one needs a deposit): the page's refusal.
      [`/coin-jelly/${MISSING_JELLY}`, (page) => expect(page.getByText('This order does not exist or is not yours.')).toBeVisible()],
      ['/p2p', heading],
      [`/online-ads/${offerId}`, heading],
      [`/trader/${alice.address}`, named(/./)],
      ['/my-account', heading],
      ['/notifications', heading],
      ['/settings', heading],
    ];

    const found: Record<string, Blocking[]> = {};
    // Signed out, a shared offer link shows the offer with Connect Wallet to claim it: audited once that is drawn.
    const offerPage = `/online-ads/${offerId}`;
    for (const [path, ready] of everyone) {
      found[`${path} (signed out)`] = await audit(bob.page, path, path === offerPage
        ? (page) => expect(page.getByRole('main').getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
        : ready);
    }
    found['/swap-chat/:id (signed out)'] = await audit(bob.page, pagePaths.deal(dealId), heading);
    found['/admin (signed out)'] = await audit(bob.page, '/admin', named('Admin'));
    if (viewport.width < 768) {
      found['/buy-crypto (Filters open)'] = await audit(bob.page, '/buy-crypto', async (page) => {
        await page.getByRole('button', { name: 'Filters' }).click();
        await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
      });
    }

    await signIn(bob);
    await expect(bob.page.getByTestId('notification-count')).toHaveText(/^\d+\+?$/);
    for (const [path, ready] of everyone) found[path] = await audit(bob.page, path, ready);
    found['/swap-chat/:id'] = await audit(bob.page, pagePaths.deal(dealId), dealPage);
    found['/admin (not an admin)'] = await audit(bob.page, '/admin', named('403 — Admins only'));

    const admin: Party = await openParty('admin', { key: testKeys.admin, fund: false });
    await signIn(admin);
    const adminRoutes: [string, string, Ready][] = [
      ['/admin (dispute queue)', '/admin', named('Disputes')],
      ['/admin/disputes', '/admin/disputes', named('Disputes')],
      ['/admin/disputes/:id', `/admin/disputes/${dealId}`, named(`Dispute #${dealId}`)],
      ['/admin/deals', '/admin/deals', named('Deals')],
      ['/admin/orders/:id', `/admin/orders/${dealId}`, named(`Order #${dealId}`)],
      ['/admin/users', '/admin/users', heading],
      ['/admin/users/:wallet', `/admin/users/${bob.address}`, heading],
      ['/admin/tokens', '/admin/tokens', heading],
      ['/admin/audit', '/admin/audit', heading],
      ['/admin/platform', '/admin/platform', heading],
      ['/admin/swaps', '/admin/swaps', named('Swaps')],
      ['/admin/coin-jelly', '/admin/coin-jelly', named('Coin Jelly')],
    ];
    for (const [label, path, ready] of adminRoutes) found[label] = await audit(admin.page, path, ready);

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
