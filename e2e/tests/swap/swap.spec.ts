import type { DeskInventory, SwapQuote, SwapRecord } from '@jelly/contracts';
import { KNOWN_MINTS } from '@jelly/contracts';
import type { Page } from '@playwright/test';
import { expect, test, testKeys } from '../../fixtures/deals/parties.ts';

test.setTimeout(120_000);

const USDT_25 = 25_000_000n;

/** Every firm quote the page received, by id (the submit names the one the wallet signed). */
function recordQuotes(page: Page): Map<string, SwapQuote> {
  const quotes = new Map<string, SwapQuote>();
  page.on('response', async (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith('/api/swap/quote') && response.status() === 200) {
      const quote = (await response.json()) as SwapQuote;
      quotes.set(quote.quoteId, quote);
    }
  });
  return quotes;
}

/** The swap the page submitted, as the server recorded it (with the quote the wallet signed). */
function nextSubmit(page: Page): Promise<{ quoteId: string; swap: SwapRecord; alreadySent: boolean }> {
  return page
    .waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/swap/submit'))
    .then(async (response) => {
      expect(response.status(), await response.text()).toBe(200);
      const body = (await response.json()) as { swap: SwapRecord; alreadySent: boolean };
      return { quoteId: body.swap.quoteId, ...body };
    });
}

const quotePanel = (page: Page) => page.getByTestId('quote-panel');

async function pressSwapAndConfirm(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Swap', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Swap 25\.00 USDT for [\d.,]+ SOL\?$/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Swap', exact: true }).click();
}

test('Swap: 25 USDT → SOL at a firm quote, signed once, every balance to the base unit, history Completed with its txID', async ({
  openParty,
  chain,
  request,
}) => {
  const admin = await openParty('admin', { key: testKeys.admin, fund: false });
  const desk = (await (await request.get('/api/admin/desk', { headers: { Authorization: `Bearer ${admin.api.accessToken}` } })).json()) as DeskInventory;
  const user = await openParty('swapper');
  const quotes = recordQuotes(user.page);

  const before = {
    userSol: await chain.solBalance(user.address),
    userUsdt: await chain.tokenBalance(user.address, KNOWN_MINTS.USDT),
    deskSol: await chain.solBalance(desk.wallet),
    deskUsdt: await chain.tokenBalance(desk.wallet, KNOWN_MINTS.USDT),
    admin: await chain.solBalance(chain.feePayer),
  };

  await user.signInInBrowser();
  await user.page.goto('/swap');
  await expect(user.page.getByRole('button', { name: 'You pay: USDT' })).toBeVisible();
  await expect(user.page.getByRole('button', { name: 'You receive: SOL' })).toBeVisible();
  await user.page.getByRole('textbox', { name: 'You pay' }).fill('25');
  await expect(quotePanel(user.page)).toContainText('Minimum received');
  await expect(quotePanel(user.page).getByRole('timer')).toHaveText(/^00:\d\d$/);

  const submitted = nextSubmit(user.page);
  await pressSwapAndConfirm(user.page);
  const { quoteId, swap, alreadySent } = await submitted;
  expect(alreadySent).toBe(false);
  const quote = quotes.get(quoteId);
  expect(quote, 'the signed quote was one the page received').toBeTruthy();
  const outAmount = BigInt(quote!.outAmount);
  expect(quote!.inAmount).toBe(USDT_25.toString());
  expect(user.wallet.signTransactionRequests).toHaveLength(1);

  const outcome = user.page.getByTestId('swap-outcome');
  await expect(outcome).toContainText(`Swapped 25.00 USDT for`);
  const txLink = outcome.getByRole('link', { name: /…/ });
  await expect(txLink).toHaveAttribute('href', new RegExp(`/tx/${swap.txID}`));

  // One transaction: the user's 25 USDT to the desk, exactly the quoted SOL back, and the user paid no fee.
  const tx = await chain.connection.getTransaction(swap.txID!, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  expect(tx?.meta?.err).toBeNull();
  const fee = BigInt(tx!.meta!.fee);
  expect(await chain.tokenBalance(user.address, KNOWN_MINTS.USDT)).toBe(before.userUsdt - USDT_25);
  expect(await chain.solBalance(user.address)).toBe(before.userSol + outAmount);
  expect(await chain.tokenBalance(desk.wallet, KNOWN_MINTS.USDT)).toBe(before.deskUsdt + USDT_25);
  expect(await chain.solBalance(desk.wallet)).toBe(before.deskSol - outAmount);
  // The admin, the fee payer, spent exactly the network fee.
  expect(await chain.solBalance(chain.feePayer)).toBe(before.admin - fee);

  // The history below the form: Completed with the txID.
  const row = user.page.getByRole('listitem', { name: `Swap #${swap.id}` });
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(`25.00 USDT →`);
  await expect(row.getByRole('link', { name: `Transaction ${swap.txID}` })).toBeVisible();
  // And on the dashboard.
  await user.page.goto('/my-account');
  await expect(user.page.getByRole('listitem', { name: `Swap #${swap.id}` })).toContainText('Completed');
});

test('A quote that expires with the confirm dialog open: Swap turns into Get a new quote, the wallet is never asked; the fresh one swaps', async ({
  openParty,
  chain,
}) => {
  const user = await openParty('late-swapper');
  const quotes = recordQuotes(user.page);
  const usdtBefore = await chain.tokenBalance(user.address, KNOWN_MINTS.USDT);
  const solBefore = await chain.solBalance(user.address);
  const submits: string[] = [];
  user.page.on('request', (sent) => sent.url().endsWith('/api/swap/submit') && submits.push(sent.url()));

  await user.signInInBrowser();
  await user.page.goto('/swap');
  await user.page.getByRole('textbox', { name: 'You pay' }).fill('25');
  await expect(quotePanel(user.page)).toContainText('Minimum received');
  // The embedded setup prices from its bundled table: a demo table, with no age that would mean nothing.
  await expect(quotePanel(user.page).locator('dt:text-is("Price source") + dd')).toHaveText('Demo price table');

  // The confirm modal is open: quotes stop refreshing, and this one runs out (the suite's quotes live a few seconds).
  await expect(user.page.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled();
  await user.page.getByRole('button', { name: 'Swap', exact: true }).click();
  const dialog = user.page.getByRole('dialog', { name: /^Swap 25\.00 USDT for/ });
  await expect(dialog).toBeVisible();
  const fresh = dialog.getByRole('button', { name: 'Get a new quote' });
  await expect(fresh).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('alert')).toHaveText('This quote has expired.');
  await expect(dialog.getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0);
  const quoted = user.page.waitForResponse((response) => response.url().endsWith('/api/swap/quote') && response.status() === 200);
  await fresh.click();
  await expect(dialog).toBeHidden();
  await quoted;
  // The dead quote never reached the wallet or the server, and nothing moved.
  expect(user.wallet.signTransactionRequests).toHaveLength(0);
  expect(submits).toHaveLength(0);
  expect(await chain.tokenBalance(user.address, KNOWN_MINTS.USDT)).toBe(usdtBefore);
  expect(await chain.solBalance(user.address)).toBe(solBefore);

  await expect(quotePanel(user.page)).toContainText('Minimum received');
  const submitted = nextSubmit(user.page);
  await pressSwapAndConfirm(user.page);
  const { quoteId, swap } = await submitted;
  await expect(user.page.getByTestId('swap-outcome')).toContainText('Swapped 25.00 USDT for');
  expect(user.wallet.signTransactionRequests).toHaveLength(1);
  expect(await chain.tokenBalance(user.address, KNOWN_MINTS.USDT)).toBe(usdtBefore - USDT_25);
  expect(await chain.solBalance(user.address)).toBe(solBefore + BigInt(quotes.get(quoteId)!.outAmount));
  expect(swap.status === 0 || swap.status === 1).toBe(true);
});

test('/swap at 390 px: nothing wider than the screen, and the pickers work from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/swap');
  await expect(page.getByRole('button', { name: 'You pay: USDT' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'You pay: USDT' }).focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Select asset' });
  await expect(picker).toBeVisible();
  await picker.getByRole('searchbox').fill('usdc');
  const usdc = picker.getByRole('option', { name: 'USDC USD Coin' });
  await expect(usdc).toBeVisible();
  await usdc.focus();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: 'You pay: USDC' })).toBeVisible();
  await page.getByRole('textbox', { name: 'You pay' }).focus();
  await page.keyboard.type('25');
  // Signed out the page is browsable and asks for the wallet before it quotes.
  await expect(quotePanel(page)).toContainText('Connect your wallet to get a quote.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
