import { PublicKey } from '@solana/web3.js';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { associatedTokenAddress } from '../../fixtures/deals/chain.ts';
import { coinBySymbol } from '../../fixtures/deals/api.ts';
import { toBaseUnits } from '../../fixtures/deals/offers.ts';
import { dialog } from '../../fixtures/deals/screens.ts';
import { sendSol } from '../../fixtures/coin-jelly/deposit.ts';

test.setTimeout(120_000);

const SOL = 1_000_000_000n;
const AMOUNT = '0.05';

for (const width of [1280, 390]) {
  test(`Coin Jelly at ${width} px: a USDC payout to a fresh address of the connected wallet is finished with one click on Open the account and receive`, async ({
    openParty,
    chain,
    request,
  }) => {
    const usdc = await coinBySymbol(request, 'USDC');
    const usdcAccountOf = (owner: string) => chain.connection.getAccountInfo(associatedTokenAddress(new PublicKey(usdc.mint), new PublicKey(owner)), 'confirmed');
    // The recipient's wallet is fresh and holds SOL only (no USDC account); the sender pays the deposit from its own.
    const sender = await openParty('sender');
    const recipient = await openParty('recipient', { fund: false });
    await sendSol(chain.connection, sender.key, recipient.address, SOL / 10n);
    expect(await usdcAccountOf(recipient.address)).toBeNull();

    const page = recipient.page;
    await recipient.signInInBrowser(); // at the desktop width, where the account menu shows the address
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/coin-jelly');
    await page.getByRole('button', { name: 'Coin to send: USDC (Solana)' }).click();
    await dialog(page, 'I send').getByRole('option', { name: /^SOL / }).click();
    await page.getByRole('button', { name: 'Coin to receive: SOL (Solana)' }).click();
    await dialog(page, 'I receive').getByRole('option', { name: /^USDC / }).click();
    await expect(page.getByRole('button', { name: 'Coin to receive: USDC (Solana)' })).toBeVisible();
    await page.getByLabel('You send').fill(AMOUNT);
    await page.getByLabel('Recipient address (USDC (Solana))').fill(recipient.address);
    // Before reservation: the quote says the address cannot receive USDC yet, and what that costs its owner.
    await expect(page.getByTestId('recipient-warning')).toContainText('This address has no USDC account: it needs one, about 0.002 SOL, paid by the recipient');
    const quoted = await page.getByLabel('You receive').inputValue();
    await page.getByRole('button', { name: 'Exchange' }).click();

    const modal = dialog(page, 'Confirm & Fund');
    const deposit = ((await modal.getByTestId('deposit-address').getAttribute('aria-label')) ?? '').replace('Deposit address ', '');
    await sendSol(chain.connection, sender.key, deposit, toBaseUnits(AMOUNT, 9));
    await modal.getByRole('link', { name: /status page/ }).click();

    // The order says at the top what it waits for; one click opens the account from this wallet and the USDC follows.
    const wait = page.getByTestId('account-wait');
    await expect(wait).toContainText('Your payout is waiting', { timeout: 30_000 });
    await expect(wait).toContainText(`${recipient.address} has no USDC account yet`);
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => `${element.tagName}.${element.className}: ${element.textContent?.slice(0, 40) ?? ''}`),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `wider than the screen: ${wider.join(' | ')}`).toBeLessThanOrEqual(width);
    await wait.getByRole('button', { name: 'Open the account and receive' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Completed', { timeout: 30_000 });
    await expect(wait).toHaveCount(0);
    expect(await chain.tokenBalance(recipient.address, usdc.mint)).toBe(toBaseUnits(quoted, usdc.decimals));
    // The wallet signed one transaction of its own, and nothing of the platform's took part in it.
    expect(recipient.wallet.signTransactionRequests).toHaveLength(1);
  });
}
