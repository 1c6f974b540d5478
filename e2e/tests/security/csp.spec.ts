import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { fetchPublicMarket } from '../../fixtures/deals/api.ts';
import { claimFromMarket, createOfferOnP2p, expectDealStatus, filterMarket, lockDeal } from '../../fixtures/deals/screens.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(120_000);

/** Every CSP violation the page reports: console errors and securitypolicyviolation events. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return violations;
}

test('under the strict Content-Security-Policy the wallet flow works: sign in, claim, lock on chain, no violation', async ({
  openParty,
  request,
}) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const violations = [await collectViolations(alice.page), await collectViolations(bob.page)];

  const response = await alice.page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");

  const cheapest = (await fetchPublicMarket(request, { Side: 0, Fiat: 'EUR', SortBy: 1, Dir: 0, Size: 1 })).data[0];
  const cents = Math.min(92, cheapest ? Math.round(Number(cheapest.price) * 100) - 1 : 92);
  await alice.signInInBrowser();
  const offerId = await createOfferOnP2p(alice.page, {
    side: 'Sell',
    asset: 'USDC',
    fiat: 'EUR',
    price: (cents / 100).toFixed(2),
    total: '10',
    paymentMethods: ['SEPA'],
  });

  await bob.signInInBrowser();
  await bob.page.goto('/buy-crypto');
  await filterMarket(bob.page, { fiat: 'EUR', sort: 'Price: low to high', iWantTo: 'buy' });
  const dealId = await claimFromMarket(bob.page, offerId, '5', 'Buy');
  await expectDealStatus(bob.page, 'In Progress');

  // The lock is signed by the wallet and sent through the co-signer to the RPC: connect-src must allow it.
  await alice.page.goto(pagePaths.deal(dealId));
  await lockDeal(alice.page);
  await expectDealStatus(bob.page, 'Locked');

  expect(violations.flat()).toEqual([]);
});
