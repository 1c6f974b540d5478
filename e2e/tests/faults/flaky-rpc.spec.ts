// The browser flows through a flaky Solana RPC: the server and the page reach the node only through the
// fault-injecting proxy (fixtures/faults). A deal locks and releases and a swap completes through latency, 429 and
// 5xx answers; with the node down the swap page says so and gets going again once the node answers; every balance
// is read from the chain afterwards, so nothing is paid twice.
import type { SwapRecord } from '@jelly/contracts';
import { KNOWN_MINTS, pagePaths } from '@jelly/contracts';
import type { Page } from '@playwright/test';
import { ChainReader } from '../../fixtures/deals/chain.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { expect, test as dealTest, type Party } from '../../fixtures/deals/parties.ts';
import { dealAction, expectDealStatus, lockDeal, markAsPaid } from '../../fixtures/deals/screens.ts';
import { startFaultServer, type FaultServer } from '../../fixtures/faults/fault-server.ts';

const test = dealTest.extend<object, { faultServer: FaultServer }>({
  faultServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here
    async ({}, use) => {
      const server = await startFaultServer();
      await use(server);
      await server.stop();
    },
    // A localnet and an API process from their sources: over a minute on a loaded machine.
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ faultServer }, use) => use(faultServer.origin),
  chain: async ({ request, faultServer }, use) => use(await ChainReader.fromServer(request, faultServer.localnetRpcUrl)),
});

test.setTimeout(120_000);
test.afterEach(({ faultServer }) => {
  faultServer.proxy.reset();
  faultServer.proxy.latencyMs = 0;
});
// The worker outlives this file: stop the processes now rather than let them idle through the rest of the suite.
test.afterAll(async ({ faultServer }) => {
  await faultServer.stop();
});

const USDT_25 = 25_000_000n;
const NODE_DOWN = 'The Solana node did not answer. Please try again.';
const quotePanel = (page: Page) => page.getByTestId('quote-panel');

/** A fresh party funded from the localnet's faucet (a real cluster has no faucet route on the server). */
async function funded(openParty: (name: string, o?: { fund?: boolean }) => Promise<Party>, server: FaultServer, name: string, amounts: { sol?: bigint; usdc?: bigint; usdt?: bigint }) {
  const party = await openParty(name, { fund: false });
  await server.fund(party.address, amounts);
  return party;
}

/** Presses Swap, confirms, and answers the swap the server recorded. */
async function swap25(page: Page): Promise<SwapRecord> {
  const submitted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/swap/submit'));
  await expect(page.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Swap', exact: true }).click();
  await page.getByRole('dialog', { name: /^Swap 25\.00 USDT for/ }).getByRole('button', { name: 'Swap', exact: true }).click();
  const response = await submitted;
  expect(response.status(), await response.text()).toBe(200);
  await expect(page.getByTestId('swap-outcome')).toContainText('Swapped 25.00 USDT for');
  return ((await response.json()) as { swap: SwapRecord }).swap;
}

async function swapBalances(chain: ChainReader, user: string, desk: string) {
  return {
    userSol: await chain.solBalance(user),
    userUsdt: await chain.tokenBalance(user, KNOWN_MINTS.USDT),
    deskSol: await chain.solBalance(desk),
    deskUsdt: await chain.tokenBalance(desk, KNOWN_MINTS.USDT),
  };
}

/** What one swap of 25 USDT for `out` lamports leaves, from `before`. */
const afterOneSwap = (before: Awaited<ReturnType<typeof swapBalances>>, out: bigint) => ({
  userSol: before.userSol + out,
  userUsdt: before.userUsdt - USDT_25,
  deskSol: before.deskSol - out,
  deskUsdt: before.deskUsdt + USDT_25,
});

test('a deal locks and releases through a slow RPC with 429 and 503 answers; the escrow pays once', async ({ openParty, chain, request, faultServer }) => {
  const { proxy } = faultServer;
  const alice = await funded(openParty, faultServer, 'alice', { sol: 10_000_000n, usdc: 100_000_000n });
  const bob = await funded(openParty, faultServer, 'bob', { sol: 10_000_000n });
  const { offerId, coin } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.94', fiatCode: 'EUR' });
  const amount = toBaseUnits('30', coin.decimals);
  const dealId = await bob.api.createOrder({ parentOrderId: offerId, amount: amount.toString() });
  const escrow = await chain.escrowSettings();
  const fee = (amount * BigInt(escrow.feeBps)) / 10_000n;
  const before = { alice: await chain.tokenBalance(alice.address, coin.mint), bob: await chain.tokenBalance(bob.address, coin.mint) };

  proxy.latencyMs = 150;
  proxy.add({ methods: ['simulateTransaction'], times: 1, action: { kind: 'status', status: 429, retryAfter: '0' } });
  proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'status', status: 503 } });
  await alice.signInInBrowser();
  await alice.page.goto(pagePaths.deal(dealId));
  await lockDeal(alice.page);
  expect(await chain.vaultBalance(offerId)).toBe(amount);

  proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'status', status: 502 } });
  proxy.add({ methods: ['getSignatureStatuses'], times: 1, action: { kind: 'status', status: 429, retryAfter: '0' } });
  await bob.signInInBrowser();
  await bob.page.goto(pagePaths.deal(dealId));
  await expectDealStatus(bob.page, 'Locked');
  await markAsPaid(bob.page, 'fiat');
  await expectDealStatus(bob.page, 'Signed By One Party');
  await expect(dealAction(alice.page, 'Mark as Paid')).toBeVisible({ timeout: 20_000 });
  await markAsPaid(alice.page, 'crypto');
  await expectDealStatus(alice.page, 'Completed');
  await expectDealStatus(bob.page, 'Completed');

  // Every fault was met, and each send still reached the chain once: the vault empty, Bob paid once less the fee.
  expect(proxy.count('simulateTransaction', 'status')).toBe(1);
  expect(proxy.count('sendTransaction', 'status')).toBe(2);
  expect(await chain.vaultBalance(offerId)).toBe(0n);
  expect(await chain.tokenBalance(alice.address, coin.mint)).toBe(before.alice - amount);
  expect(await chain.tokenBalance(bob.address, coin.mint)).toBe(before.bob + amount - fee);
});

test('a swap through a slow RPC with 429, 502 and 503 answers completes once at the quoted amounts', async ({ openParty, chain, faultServer }) => {
  const { proxy, desk } = faultServer;
  const user = await funded(openParty, faultServer, 'swapper', { sol: 10_000_000n, usdt: 100_000_000n });
  const before = await swapBalances(chain, user.address, desk.toBase58());

  await user.signInInBrowser();
  await user.page.goto('/swap');
  proxy.latencyMs = 150;
  proxy.add({ methods: ['getLatestBlockhash'], times: 1, action: { kind: 'status', status: 502 } });
  await user.page.getByRole('textbox', { name: 'You pay' }).fill('25');
  await expect(quotePanel(user.page)).toContainText('Minimum received');
  proxy.add({ methods: ['simulateTransaction'], times: 1, action: { kind: 'status', status: 429, retryAfter: '1' } });
  proxy.add({ methods: ['sendTransaction'], times: 1, action: { kind: 'status', status: 503 } });
  const swap = await swap25(user.page);

  expect(swap.status).toBe(1);
  expect(user.wallet.signTransactionRequests).toHaveLength(1);
  expect(proxy.count('getLatestBlockhash', 'status') + proxy.count('simulateTransaction', 'status') + proxy.count('sendTransaction', 'status')).toBe(3);
  expect(await swapBalances(chain, user.address, desk.toBase58())).toEqual(afterOneSwap(before, BigInt(swap.outAmount)));
});

test('with the node down the swap page says so and offers a new quote; once it answers the swap completes, paid once', async ({ openParty, chain, faultServer }) => {
  const { proxy, desk } = faultServer;
  const user = await funded(openParty, faultServer, 'patient', { sol: 10_000_000n, usdt: 100_000_000n });
  const before = await swapBalances(chain, user.address, desk.toBase58());
  await user.signInInBrowser();
  await user.page.goto('/swap');
  await expect(user.page.getByRole('button', { name: 'You pay: USDT' })).toBeVisible();

  // Every JSON-RPC call answered 503: the server's retries run out and it says so.
  proxy.add({ action: { kind: 'status', status: 503 } });
  await user.page.getByRole('textbox', { name: 'You pay' }).fill('25');
  await expect(quotePanel(user.page)).toHaveAttribute('role', 'alert');
  await expect(quotePanel(user.page).locator('strong')).toHaveText(NODE_DOWN);
  await expect(quotePanel(user.page).getByRole('button', { name: 'Get a new quote' })).toBeVisible();
  expect(user.wallet.signTransactionRequests).toHaveLength(0);

  // The node answers again: the next quote (the page asks again on its own, or on Get a new quote) is firm.
  proxy.clear();
  await expect(quotePanel(user.page)).toContainText('Minimum received', { timeout: 20_000 });
  const swap = await swap25(user.page);
  expect(user.wallet.signTransactionRequests).toHaveLength(1);
  expect(await swapBalances(chain, user.address, desk.toBase58())).toEqual(afterOneSwap(before, BigInt(swap.outAmount)));
});
