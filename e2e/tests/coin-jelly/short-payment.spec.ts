import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { openAdmin } from '../../fixtures/admin.ts';
import { blockingViolationsIn } from '../../fixtures/axe.ts';
import { sendTokens } from '../../fixtures/coin-jelly/deposit.ts';
import { coinBySymbol } from '../../fixtures/deals/api.ts';
import { toBaseUnits } from '../../fixtures/deals/offers.ts';
import { dialog } from '../../fixtures/deals/screens.ts';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { keypairFromLabel } from '../../wallet/keys.ts';

test.setTimeout(150_000);

/** Whether `element` lies wholly inside `container` and the window (nothing of it cut off at an edge). */
async function fullyInside(page: Page, element: Locator, container: Locator): Promise<boolean> {
  const [box, outer] = [await element.boundingBox(), await container.boundingBox()];
  const width = page.viewportSize()?.width ?? 0;
  return !!box && !!outer && box.x >= outer.x && box.x + box.width <= outer.x + outer.width + 0.5 && box.x + box.width <= width;
}

test('Coin Jelly short payment at 1280 px: the choice fits the dialog, the buttons follow the order, the admin sees who it waits on', async ({
  openParty,
  chain,
  request,
}) => {
  const alice = await openParty('alice');
  // Bob pays the deposit from his own wallet, short of what the order asked.
  const bob = await openParty('bob');
  const recipient = keypairFromLabel(`jelly-recipient-${randomUUID()}`).address;
  const page = alice.page;
  await alice.signInInBrowser();
  await page.goto('/coin-jelly');
  await page.getByLabel('You send').fill('100');
  await expect(page.getByLabel('You receive')).toHaveValue(/^\d+(\.\d+)?$/);
  await page.getByLabel('Recipient address (SOL (Solana))').fill(recipient);
  await page.getByRole('button', { name: 'Exchange' }).click();

  const modal = dialog(page, 'Confirm & Fund');
  const depositLabel = (await modal.getByTestId('deposit-address').getAttribute('aria-label')) ?? '';
  const deposit = depositLabel.replace('Deposit address ', '');
  const orderLink = await modal.getByRole('link', { name: /status page/ }).textContent();
  const orderId = Number(/#(\d+)/.exec(orderLink ?? '')?.[1]);
  expect(orderId).toBeGreaterThan(0);

  // 'I have sent the funds' with nothing sent says what is true, never 'Pending'.
  await modal.getByRole('button', { name: 'I have sent the funds' }).click();
  await expect(modal.getByRole('alert')).toContainText('No deposit seen yet at this address.');
  await expect(modal).not.toContainText('Pending');

  const usdc = await coinBySymbol(request, 'USDC');
  await sendTokens(chain.connection, bob.key, usdc.mint, deposit, toBaseUnits('60', usdc.decimals), usdc.decimals);
  const status = modal.getByRole('status');
  await expect(status).toHaveAttribute('data-stage', 'needs_choice', { timeout: 30_000 });
  await expect(status).toContainText(`get it refunded to ${alice.address}?`);

  // At 1280 px nothing is cut off: the dialog does not scroll sideways, and the warning, Copy and Refund are whole.
  expect(await modal.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  for (const control of [modal.getByRole('note'), modal.getByRole('button', { name: 'Copy deposit address' }), modal.getByRole('button', { name: 'Refund' })]) {
    await expect(control).toBeVisible();
    expect(await fullyInside(page, control, modal)).toBe(true);
  }
  // After a deposit neither button means anything any more.
  await expect(modal.getByRole('button', { name: 'I have sent the funds' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  expect(await blockingViolationsIn(page, '[role="dialog"]')).toEqual([]);

  // The admin's page names the state for what it is, and how long the order has waited.
  const admin = await openAdmin(openParty, '/admin/coin-jelly');
  const choosing = admin.page.getByRole('region', { name: "Waiting for the user's choice" });
  const row = choosing.getByTestId('choice-row').filter({ hasText: `#${orderId}` });
  await expect(row).toContainText("Waiting for the user's choice");
  await expect(row).toContainText('60 of 100 USDC in');
  await expect(row.getByTestId('waited')).toHaveText(/^Waiting \d\d:\d\d$/);
  const history = admin.page.getByRole('region', { name: 'Jelly history' }).getByTestId('jelly-row').filter({ hasText: `#${orderId}` });
  await expect(history).toContainText("Processing · Waiting for the user's choice");
  expect(await blockingViolationsIn(admin.page, 'main')).toEqual([]);

  // Alice takes the exchange: the order completes, and the dialog still offers neither button.
  await modal.getByRole('button', { name: 'Exchange at current rate' }).click();
  await expect(status).toHaveAttribute('data-stage', 'completed', { timeout: 30_000 });
  await expect(modal.getByRole('button', { name: 'I have sent the funds' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await admin.page.reload();
  await expect(admin.page.getByTestId('choice-row').filter({ hasText: `#${orderId}` })).toHaveCount(0);
});
