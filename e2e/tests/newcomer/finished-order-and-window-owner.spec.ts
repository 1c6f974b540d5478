import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { sendTokens } from '../../fixtures/coin-jelly/deposit.ts';
import { coinBySymbol } from '../../fixtures/deals/api.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { claimFromMarket, dialog, expectDealStatus, filterMarket } from '../../fixtures/deals/screens.ts';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { keypairFromLabel } from '../../wallet/keys.ts';

test.setTimeout(90_000);

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The theme's --danger colour: only a failure may be printed in it. */
const DANGER = 'rgb(248, 113, 113)';

/** A finished order asks for nothing: no amount to send, no QR code, no deposit address. */
async function expectNoPaymentRequest(modal: Locator): Promise<void> {
  await expect(modal.getByTestId('send-amount')).toHaveCount(0);
  await expect(modal.getByTestId('qr-code')).toHaveCount(0);
  await expect(modal.getByTestId('deposit-address')).toHaveCount(0);
}

const askGroup = (page: Page): Locator => page.getByRole('group', { name: 'Ask for more time' });

test('a refunded Coin Jelly order shows its result, not a request for money; on a phone the choice comes before the QR code', async ({
  openParty,
  chain,
  request,
}) => {
  const alice = await openParty('alice');
  // Bob pays the deposit from his own wallet, short of what the order asked.
  const bob = await openParty('bob');
  const page = alice.page;
  await alice.signInInBrowser();
  // Signed in at 1280 px (the account menu there says who is signed in); the order is made and followed on a phone.
  await page.setViewportSize(PHONE);
  await page.goto('/coin-jelly');
  await page.getByLabel('You send').fill('100');
  await expect(page.getByLabel('You receive')).toHaveValue(/^\d+(\.\d+)?$/);
  await page.getByLabel('Recipient address (SOL (Solana))').fill(keypairFromLabel(`jelly-recipient-${randomUUID()}`).address);
  await page.getByRole('button', { name: 'Exchange' }).click();

  const modal = dialog(page, 'Confirm & Fund');
  await expect(modal.getByTestId('send-amount')).toHaveText('100 USDC');
  const deposit = ((await modal.getByTestId('deposit-address').getAttribute('aria-label')) ?? '').replace('Deposit address ', '');
  const usdc = await coinBySymbol(request, 'USDC');
  await sendTokens(chain.connection, bob.key, usdc.mint, deposit, toBaseUnits('60', usdc.decimals), usdc.decimals);
  const status = modal.getByRole('status');
  await expect(status).toHaveAttribute('data-stage', 'needs_choice', { timeout: 30_000 });

  // At 390 × 844 the choice's buttons are on screen as the dialog opens on it, above the QR code.
  const refund = modal.getByRole('button', { name: 'Refund' });
  await expect(refund).toBeInViewport({ ratio: 1 });
  await expect(modal.getByRole('button', { name: 'Exchange at current rate' })).toBeInViewport({ ratio: 1 });
  const [refundBox, qrBox] = [await refund.boundingBox(), await modal.getByTestId('qr-code').boundingBox()];
  expect(refundBox!.y + refundBox!.height).toBeLessThanOrEqual(qrBox!.y);

  await refund.click();
  await expect(status).toHaveAttribute('data-stage', 'refunded', { timeout: 30_000 });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoPaymentRequest(modal);
    const reason = modal.getByTestId('order-reason');
    await expect(reason).toHaveText('Refunded to your wallet at your request');
    await expect(reason).toBeInViewport();
    expect(await reason.evaluate((element) => getComputedStyle(element).color)).not.toBe(DANGER);
  }
});

test('a Locked deal offers more time only to the buyer, whose window it is, at both widths', async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  // Alice wants to buy: Bob claims her Buy offer as the seller and locks in the same step, so the deal is Locked.
  const { offerId } = await createOfferThroughApi(request, alice.api, { side: 1, amount: '50', price: '0.97', fiatCode: 'EUR' });
  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'sell' });
  const dealId = await claimFromMarket(bob.page, offerId, '10', 'Sell');
  await expectDealStatus(bob.page, 'Locked');
  await alice.signInInBrowser();
  await alice.page.goto(`/swap-chat/${dealId}`);
  await expectDealStatus(alice.page, 'Locked');

  for (const size of [DESKTOP, PHONE]) {
    for (const party of [alice, bob]) await party.page.setViewportSize(size);
    await expect(askGroup(alice.page)).toContainText('Need more time? (2 requests left)');
    await expect(askGroup(alice.page).getByRole('button', { name: 'Ask for 15 more minutes' })).toBeVisible();
    // Bob has locked and waits for the payment: the countdown is there, the offer of more time is not.
    await expect(bob.page.getByRole('timer')).toBeVisible();
    await expect(bob.page.getByTestId('window-extension')).toHaveCount(0);
    await expect(bob.page.getByText('Need more time?')).toHaveCount(0);
  }
});
