import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { chatMessages, claimFromMarket, createOfferOnP2p, expectDealStatus, filterMarket, lockDeal, offerRow } from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

const IBAN = 'DE89 3704 0044 0532 0130 00';
const REVOLUT = '@alice-example';
const AUTO_REPLY = 'Hi! Pay by SEPA with the deal number as reference, I release within 10 minutes.';

/** Every /api answer a page receives, with its body (to prove where the payment details travel). */
function recordApiAnswers(page: Page): { url: string; body: Promise<string> }[] {
  const answers: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    answers.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  return answers;
}

/** The distinct paths of the answers whose body holds `text`. */
async function pathsCarrying(answers: { url: string; body: Promise<string> }[], text: string): Promise<string[]> {
  const bodies = await Promise.all(answers.map(async (a) => ({ path: new URL(a.url).pathname, body: await a.body })));
  return [...new Set(bodies.filter((a) => a.body.includes(text)).map((a) => a.path))];
}

test("Sell offer with payment details, auto reply and tags: the buyer sees the auto reply at the start and the seller's details only after the lock", async ({
  openParty,
}) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const bobAnswers = recordApiAnswers(bob.page);

  // Alice's Sell offer: payment details for SEPA (none for Revolut), a tag and an auto reply.
  await alice.signInInBrowser();
  const offerId = await createOfferOnP2p(alice.page, {
    side: 'Sell',
    asset: 'USDC',
    fiat: 'EUR',
    price: '0.93',
    total: '50',
    paymentMethods: ['SEPA', 'Revolut'],
    more: async (form) => {
      await form.getByLabel('Payment details for SEPA').fill(`IBAN ${IBAN}\nAlice Example`);
      await form.getByLabel('Tags').fill('fast release');
      await form.getByRole('button', { name: 'Add tag' }).click();
      await form.getByLabel('Auto reply').fill(AUTO_REPLY);
    },
  });

  // On her offer page she finds them again and adds her Revolut handle.
  const editor = alice.page.getByRole('form', { name: 'Edit payment details' });
  await expect(editor.getByLabel('SEPA')).toHaveValue(`IBAN ${IBAN}\nAlice Example`);
  await editor.getByLabel('Revolut').fill(REVOLUT);
  await editor.getByRole('button', { name: 'Save payment details' }).click();
  await expect(alice.page.getByText('Payment details saved')).toBeVisible();

  // Bob sees the tag on the market row and claims 20 USDC.
  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Newest first', iWantTo: 'buy' });
  await expect(offerRow(bob.page, offerId).getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['fast release']);
  const dealId = await claimFromMarket(bob.page, offerId, '20', 'Buy');
  await expectDealStatus(bob.page, 'In Progress');

  // The chat opens with Alice's auto reply; the payment details wait for the lock.
  await expect(chatMessages(bob.page).first()).toContainText(AUTO_REPLY);
  await expect(chatMessages(bob.page).first()).toHaveAttribute('data-sender', alice.address);
  await expect(chatMessages(bob.page)).toHaveCount(1);
  await expect(bob.page.getByTestId('payment-details-pending')).toBeVisible();
  await expect(bob.page.getByText(IBAN)).toHaveCount(0);

  // Alice sees what Bob will see, and locks.
  await alice.page.goto(pagePaths.deal(dealId));
  const alicePanel = alice.page.getByRole('region', { name: 'Payment details' });
  await expect(alicePanel.getByRole('heading', { name: 'Your payment details' })).toBeVisible();
  await expect(alicePanel).toContainText(IBAN);
  await lockDeal(alice.page);

  // Bob's page turns Locked and shows where to pay.
  await expectDealStatus(bob.page, 'Locked');
  const bobPanel = bob.page.getByRole('region', { name: 'Payment details' });
  await expect(bobPanel.getByRole('heading', { name: 'Pay the seller' })).toBeVisible();
  await expect(bobPanel).toContainText('Send exactly 18.60 EUR with one of these methods');
  await expect(bobPanel.locator('dt')).toHaveText(['SEPA', 'Revolut']);
  await expect(bobPanel.locator('dd')).toHaveText([`IBAN ${IBAN}\nAlice Example`, REVOLUT]);
  await expect(bob.page.getByTestId('payment-details-pending')).toHaveCount(0);

  // On a phone the details stay readable, within the screen's width.
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await expect(bobPanel.locator('dd').first()).toBeInViewport({ ratio: 0.5 });
  const overflow = await bob.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The details reached Bob's browser only from the payment-details endpoint (never the offer, deal, market or chat).
  expect(await pathsCarrying(bobAnswers, IBAN)).toEqual([`/api/orders/${dealId}/payment-details`]);
});
