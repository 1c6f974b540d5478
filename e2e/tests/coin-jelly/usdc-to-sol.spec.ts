import { randomUUID } from 'node:crypto';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { coinBySymbol } from '../../fixtures/deals/api.ts';
import { toBaseUnits } from '../../fixtures/deals/offers.ts';
import { dialog } from '../../fixtures/deals/screens.ts';
import { sendTokens } from '../../fixtures/coin-jelly/deposit.ts';
import { keypairFromLabel } from '../../wallet/keys.ts';

test.setTimeout(120_000);

test('Coin Jelly USDC → SOL: a deposit from another wallet is detected in the open modal and paid out to the base unit', async ({
  openParty,
  chain,
  request,
}) => {
  const usdc = await coinBySymbol(request, 'USDC');
  const alice = await openParty('alice');
  // Bob pays the deposit from his own wallet: the app never sees that transaction before the chain does.
  const bob = await openParty('bob');
  const recipient = keypairFromLabel(`jelly-recipient-${randomUUID()}`).address;
  const recipientBefore = await chain.solBalance(recipient);

  await alice.signInInBrowser();
  const page = alice.page;
  await page.goto('/coin-jelly');
  await expect(page.getByRole('button', { name: 'Coin to send: USDC (Solana)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Coin to receive: SOL (Solana)' })).toBeVisible();
  await page.getByLabel('You send').fill('100');
  const receive = page.getByLabel('You receive');
  await expect(receive).toHaveValue(/^\d+(\.\d+)?$/);
  const quoted = await receive.inputValue();
  await expect(page.getByTestId('max-receive')).toContainText('Maximum the desk can pay now');
  await expect(page.getByLabel('Refund address (USDC (Solana))')).toHaveValue(alice.address);
  await page.getByLabel('Recipient address (SOL (Solana))').fill(recipient);
  await page.getByRole('button', { name: 'Exchange' }).click();

  const modal = dialog(page, 'Confirm & Fund');
  await expect(modal.getByRole('note')).toContainText('Send only USDC on the Solana network.');
  await expect(modal.getByTestId('send-amount')).toHaveText('100 USDC');
  await expect(modal.getByText('Please carefully check the deposit wallet address!')).toBeVisible();
  const depositLabel = await modal.getByTestId('deposit-address').getAttribute('aria-label');
  const deposit = depositLabel?.replace('Deposit address ', '') ?? '';
  expect(deposit).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  await expect(modal.getByTestId('deposit-address')).toHaveText(`${deposit.slice(0, Math.floor(deposit.length * 0.75))}…`);
  const qr = modal.getByRole('img', { name: /QR code/ });
  await expect(qr).toHaveAttribute('data-qr-value', new RegExp(`^solana:${deposit}\\?amount=100&spl-token=${usdc.mint}`));
  await expect(modal.getByTestId('time-left')).toHaveText(/^1[45]:\d\d$/);

  // Every stage the open modal shows, in order, as the page sees it change.
  await page.evaluate(() => {
    const seen: string[] = [];
    const at: number[] = [];
    Object.assign(window, { jellyStages: seen, jellyStageTimes: at });
    const record = () => {
      const stage = document.querySelector('[role="dialog"] [role="status"]')?.getAttribute('data-stage');
      if (stage && seen.at(-1) !== stage) {
        seen.push(stage);
        at.push(Date.now());
      }
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, attributes: true, childList: true, attributeFilter: ['data-stage'] });
  });

  const bobUsdcBefore = await chain.tokenBalance(bob.address, usdc.mint);
  const sentAt = Date.now();
  const depositSignature = await sendTokens(chain.connection, bob.key, usdc.mint, deposit, toBaseUnits('100', usdc.decimals), usdc.decimals);

  // Nobody presses anything: the modal follows the chain.
  await expect(modal.getByRole('status')).toHaveAttribute('data-stage', 'completed', { timeout: 30_000 });
  const { stages, times } = await page.evaluate(() => {
    const recorded = window as unknown as { jellyStages: string[]; jellyStageTimes: number[] };
    return { stages: recorded.jellyStages, times: recorded.jellyStageTimes };
  });
  // Figures for the record (speed is measured in benchmarks, not asserted here).
  const shownAfter = (index: number) => `${(times[index] ?? sentAt) - sentAt} ms`;
  test.info().annotations.push({ type: 'deposit sent → modal stages', description: stages.map((stage, i) => (i === 0 ? stage : `${stage} +${shownAfter(i)}`)).join(', ') });
  expect(stages[0]).toBe('awaiting_deposit');
  expect(stages.at(-1)).toBe('completed');
  // Whether the modal paints a stage between the two depends on how fast the payout follows the deposit (the server can
  // finish before the page's refetch lands), so it is not asserted; the ticked progress below and the order's timeline
  // (deposit signature, then payout) prove the deposit was detected first.
  await expect(modal.getByRole('list', { name: 'Progress' })).toHaveText(/✓ Deposit detected.*✓ Payout sent.*✓ Completed/);
  const payout = modal.getByRole('status').getByRole('link');
  const payoutTx = (await payout.textContent()) ?? '';
  expect(payoutTx).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);

  // The chain: bob paid exactly 100 USDC, the recipient got exactly the quoted SOL.
  expect(bobUsdcBefore - (await chain.tokenBalance(bob.address, usdc.mint))).toBe(toBaseUnits('100', usdc.decimals));
  expect((await chain.solBalance(recipient)) - recipientBefore).toBe(toBaseUnits(quoted, 9));

  // The order page: Completed, with the deposit and the payout on its timeline.
  await modal.getByRole('link', { name: /status page/ }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Completed');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText(depositSignature);
  await expect(timeline).toContainText(payoutTx);
});

test('Coin Jelly at 390 px: nothing wider than the screen, the form works from the keyboard, Confirm&Fund fits', async ({ openParty }) => {
  const alice = await openParty('alice');
  const recipient = keypairFromLabel(`jelly-recipient-${randomUUID()}`).address;
  const page = alice.page;
  await alice.signInInBrowser();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/coin-jelly');
  const send = page.getByLabel('You send');
  await expect(send).toBeVisible();
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  // Keyboard only, in reading order: amount, coin, amount wanted, coin, recipient, refund, Exchange.
  for (let presses = 0; presses < 40 && !(await send.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(send).toBeFocused();
  await page.keyboard.type('25');
  await expect(page.getByLabel('You receive')).toHaveValue(/^\d+(\.\d+)?$/);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Coin to send: USDC (Solana)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Coin to receive: SOL (Solana)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Recipient address (SOL (Solana))')).toBeFocused();
  await page.keyboard.type(recipient);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Refund address (USDC (Solana))')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Exchange' })).toBeFocused();
  await page.keyboard.press('Enter');

  const modal = page.getByRole('dialog', { name: 'Confirm & Fund' });
  await expect(modal.getByTestId('deposit-address')).toBeVisible();
  const box = await modal.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390, `dialog box ${JSON.stringify(box)}`).toBe(true);
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  // Every control of the modal is reachable from the keyboard.
  const copy = modal.getByRole('button', { name: 'Copy deposit address' });
  const sent = modal.getByRole('button', { name: 'I have sent the funds' });
  for (const target of [copy, sent]) {
    for (let presses = 0; presses < 20 && !(await target.evaluate((element) => element === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // On a phone the list's filters fold into a Filters button (modal filterCoinJelly).
  const list = page.getByRole('region', { name: 'My Coin Jelly orders' });
  await expect(list.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await list.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filter Coin Jelly' });
  const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('Status') === '0' && response.ok());
  await filters.getByRole('combobox', { name: 'Status' }).selectOption('Processing');
  await answered;
  await filters.getByRole('button', { name: 'Show results' }).click();
  await expect(list.getByTestId('jelly-row')).toHaveCount(1);
  expect(await pageWidth()).toBeLessThanOrEqual(390);
});
