import { expect, test, type Party, type PartyOptions } from '../../fixtures/deals/parties.ts';
import type { APIRequestContext } from '@playwright/test';
import { accountMenu } from '../../fixtures/app.ts';
import { adminNav, createTestMint, openAdmin, resolveWithReason } from '../../fixtures/admin.ts';
import { fetchPublicConfig } from '../../fixtures/deals/api.ts';
import type { ChainReader } from '../../fixtures/deals/chain.ts';
import { createOfferThroughApi } from '../../fixtures/deals/offers.ts';
import { claimFromMarket, createOfferOnP2p, expectDealStatus, filterMarket, lockDeal, requestSupport } from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(150_000);

/** Alice sells, Bob claims 25 USDC, Alice locks, Alice asks for support: a dispute in the queue. */
async function disputedDeal(openParty: (name: string, options?: PartyOptions) => Promise<Party>, request: APIRequestContext, chain: ChainReader) {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.94', fiatCode: 'EUR' });
  await chain.escrowSettings();
  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  const dealId = await claimFromMarket(bob.page, offerId, '25', 'Buy');
  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(dealId));
  await lockDeal(alice.page);
  await requestSupport(alice.page);
  await expectDealStatus(alice.page, 'Admin Resolving');
  await expectDealStatus(bob.page, 'Admin Resolving');
  // Both parties see since when the admins review it and by when they aim to decide.
  for (const party of [alice, bob]) await expect(party.page.getByTestId('dispute-clock')).toContainText('They aim to decide by');
  return { alice, bob, dealId };
}

test('an admin resolves a dispute from the queue with a reason, and both parties see who got the tokens and why', async ({ openParty, request, chain }) => {
  const { alice, bob, dealId } = await disputedDeal(openParty, request, chain);
  const { page } = await openAdmin(openParty);

  // /admin opens on the queue of open disputes, each with its clock.
  await expect(page.getByRole('heading', { name: 'Disputes' })).toBeVisible();
  await expect(page).toHaveTitle('Admin · Disputes · Jelly');
  const row = page.getByRole('table', { name: 'Disputes' }).getByRole('row').filter({ hasText: `#${dealId}` });
  await expect(row.getByTestId('sla-clock')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await row.getByRole('link', { name: `#${dealId}` }).click();

  // The dossier: the deal, its timeline and both parties on one page.
  await expect(page.getByRole('heading', { name: `Dispute #${dealId}` })).toBeVisible();
  await expect(page.getByTestId('admin-seller')).toHaveText(alice.address);
  await expect(page.getByRole('region', { name: 'Buyer' })).toContainText(bob.address);
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('link').first()).toHaveAttribute('href', /explorer\.solana\.com\/tx\//);

  const reason = 'The buyer never paid: no transfer on the statement.';
  await resolveWithReason(page, 'Seller', reason);
  await expect(page.getByTestId('dossier-resolution')).toContainText(`Sent to the seller`, { timeout: 20_000 });

  for (const party of [alice, bob]) {
    await expectDealStatus(party.page, 'Admin Resolved');
    const note = party.page.getByTestId('admin-resolution');
    await expect(note).toContainText(party === alice ? 'the tokens went to you' : 'the tokens went to the seller');
    await expect(note).toContainText(`Reason: ${reason}`);
  }

  // The act is in the audit log with its reason.
  await adminNav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: reason }).first()).toContainText('resolve_to_seller');
});

test('an admin bans a wallet and its open session is cut at once', async ({ openParty }) => {
  const mallory = await openParty('mallory', { fund: false });
  await mallory.signInInBrowser();
  // Every sign-in attempt starts with a nonce: after the ban none may start unless Mallory asks for it.
  const signInAttempts: string[] = [];
  mallory.page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/nonce') signInAttempts.push(r.url());
  });
  await mallory.page.goto('/my-account');
  await expect(accountMenu(mallory.page)).toBeVisible();

  const { page } = await openAdmin(openParty, `/admin/users/${mallory.address}`);
  await page.getByRole('button', { name: 'Ban user' }).click();
  const modal = page.getByRole('dialog', { name: 'Ban user' });
  await expect(modal.getByRole('textbox', { name: 'Wallet' })).toHaveValue(mallory.address);
  await modal.getByRole('textbox', { name: 'Reason' }).fill('Fake payment receipts');
  await modal.getByRole('button', { name: 'Ban' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('active-ban')).toContainText('Fake payment receipts');

  // Mallory's open page: told why, and signed out without reloading.
  await expect(mallory.page.getByText('Wallet banned: Fake payment receipts')).toBeVisible({ timeout: 15_000 });
  const connect = mallory.page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' });
  await expect(connect).toBeVisible();
  await expect(accountMenu(mallory.page)).toBeHidden();

  // Signing in again is refused with the reason and the end of the ban, in the app's date format.
  await connect.click();
  await mallory.page.getByRole('button', { name: /Jelly Test Wallet/ }).click();
  await expect(
    mallory.page.getByText(/^Sign-in failed: This wallet is banned until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Reason: Fake payment receipts$/),
  ).toBeVisible();
  // The one attempt since the ban is the one Mallory asked for: the app did not try again by itself.
  expect(signInAttempts).toHaveLength(1);
  await expect(mallory.page.getByText(/^Sign-in failed/)).toHaveCount(1);
});

test('an admin lists a token by its mint and a user creates an offer in it', async ({ openParty, request }) => {
  const config = await fetchPublicConfig(request);
  const mint = await createTestMint(config.solanaRpcUrl as string, 4);
  const symbol = `T${mint.slice(0, 4).toUpperCase()}`;

  const { page } = await openAdmin(openParty, '/admin/tokens');
  await page.getByRole('button', { name: 'Add Token' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Token' });
  await modal.getByLabel('Mint', { exact: true }).fill(mint);
  await modal.getByRole('button', { name: 'Check mint' }).click();
  await expect(modal.getByTestId('mint-inspection')).toContainText('SPL Token · 4 decimals');
  await expect(modal.getByLabel('Decimals', { exact: true })).toHaveValue('4');
  await modal.getByLabel('Symbol', { exact: true }).fill(symbol);
  await modal.getByLabel('Name', { exact: true }).fill('Test Listing Token');
  await modal.getByLabel('Icon URL', { exact: true }).fill('https://icons.invalid/token.png');
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Token created successfully')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('table', { name: 'Tokens' }).getByRole('row').filter({ hasText: mint })).toContainText(symbol);

  // It is in the public catalogue, and a trader can create an offer in it.
  const coins = (await (await request.get('/api/platform/coins')).json()) as { mint: string; symbol: string }[];
  expect(coins.find((c) => c.mint === mint)?.symbol).toBe(symbol);
  const carol = await openParty('carol');
  await carol.signInInBrowser();
  const offerId = await createOfferOnP2p(carol.page, { side: 'Buy', asset: symbol, fiat: 'EUR', price: '2.5', total: '100', paymentMethods: ['SEPA'] });
  expect((await carol.api.order(offerId)).tokenMint).toBe(mint);
});

test('on a 390 px phone the admin navigation folds behind Menu and no page scrolls sideways', async ({ openParty }) => {
  const { page } = await openAdmin(openParty);
  await page.setViewportSize({ width: 390, height: 844 });
  const tokens = adminNav(page).getByRole('link', { name: 'Tokens' });
  await expect(tokens).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await tokens.click();
  await expect(page.getByRole('heading', { name: 'Tokens', level: 1 })).toBeVisible();
  await expect(tokens).toBeHidden();
  for (const path of ['/admin', '/admin/tokens', '/admin/audit', '/admin/platform', '/admin/users']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});
