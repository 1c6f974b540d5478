import { expect, test, testKeys } from '../../fixtures/deals/parties.ts';
import { coinBySymbol } from '../../fixtures/deals/api.ts';
import { toBaseUnits } from '../../fixtures/deals/offers.ts';
import { dialog } from '../../fixtures/deals/screens.ts';
import { sendTokens } from '../../fixtures/coin-jelly/deposit.ts';

test.setTimeout(120_000);

/** A testnet P2WPKH address (the server under test pays Bitcoin on testnet). */
const BTC_RECIPIENT = 'tb1qqurswpc8qurswpc8qurswpc8qurswpc800zzll';
const BTC_PAYOUT_TXID = 'ab'.repeat(32);

test('Coin Jelly USDC → BTC: the deposit waits for an admin, who records the payout in Update Jelly; the user sees it Completed', async ({
  openParty,
  chain,
  request,
}) => {
  const usdc = await coinBySymbol(request, 'USDC');
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const admin = await openParty('admin', { key: testKeys.admin, fund: false });

  await alice.signInInBrowser();
  const page = alice.page;
  await page.goto('/coin-jelly');
  await page.getByRole('button', { name: 'Coin to receive: SOL (Solana)' }).click();
  const picker = dialog(page, 'I receive');
  await picker.getByRole('searchbox', { name: 'Search coin or chain' }).fill('bitcoin');
  await picker.getByRole('option', { name: /^BTC / }).click();
  await expect(page.getByRole('button', { name: 'Coin to receive: BTC (Bitcoin)' })).toBeVisible();
  await page.getByLabel('You send').fill('100');
  await expect(page.getByLabel('You receive')).toHaveValue(/^\d+(\.\d+)?$/);
  const recipientField = page.getByLabel('Recipient address (BTC (Bitcoin))');
  await recipientField.fill(alice.address);
  await expect(page.getByText('Enter a valid Bitcoin address')).toBeVisible();
  await recipientField.fill(BTC_RECIPIENT);
  await page.getByRole('button', { name: 'Exchange' }).click();

  const modal = dialog(page, 'Confirm & Fund');
  const deposit = ((await modal.getByTestId('deposit-address').getAttribute('aria-label')) ?? '').replace('Deposit address ', '');
  await sendTokens(chain.connection, bob.key, usdc.mint, deposit, toBaseUnits('100', usdc.decimals), usdc.decimals);
  const status = modal.getByRole('status');
  await expect(status).toHaveAttribute('data-stage', 'awaiting_admin', { timeout: 30_000 });
  await expect(status).toContainText('Waiting for an operator to pay out — 100 USDC received');
  const orderLink = modal.getByRole('link', { name: /status page/ });
  const orderId = Number(/#(\d+)/.exec((await orderLink.textContent()) ?? '')?.[1]);

  // The admin finds it first in the queue, with its waiting clock, and records the Bitcoin payout.
  await admin.signInInBrowser();
  await admin.page.goto('/admin/coin-jelly');
  const queue = admin.page.getByRole('region', { name: 'Needs an admin' });
  const row = queue.getByTestId('queue-row').filter({ has: admin.page.getByRole('link', { name: `#${orderId}`, exact: true }) });
  await expect(row).toContainText(BTC_RECIPIENT);
  await expect(row.getByTestId('sla')).toHaveText(/^Waiting \d\d:\d\d$/);
  await row.getByRole('button', { name: 'Update' }).click();
  const update = dialog(admin.page, 'Update Jelly');
  await expect(update.getByRole('textbox', { name: 'Id', exact: true })).toHaveValue(String(orderId));
  await update.getByRole('combobox', { name: 'Status' }).selectOption('Completed');
  await update.getByRole('textbox', { name: 'txID' }).fill('not-a-txid');
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(update.getByRole('alert')).toContainText('64 hexadecimal characters');
  await update.getByRole('textbox', { name: 'txID' }).fill(BTC_PAYOUT_TXID);
  await update.getByRole('button', { name: 'Update' }).click();
  await expect(update).toHaveCount(0);
  await expect(row).toHaveCount(0);
  const history = admin.page.getByRole('region', { name: 'Jelly history' });
  await expect(history.getByTestId('jelly-row').filter({ hasText: `#${orderId}` })).toContainText('Completed');

  // The user's open modal follows: Completed, with the payout linked on the Bitcoin explorer.
  await expect(status).toHaveAttribute('data-stage', 'completed', { timeout: 30_000 });
  await expect(status.getByRole('link', { name: BTC_PAYOUT_TXID })).toHaveAttribute('href', `https://mempool.space/tx/${BTC_PAYOUT_TXID}`);
});
