import type { APIRequestContext } from '@playwright/test';
import { openAdmin } from '../../fixtures/admin.ts';
import type { ApiSession } from '../../fixtures/deals/api.ts';
import { expect, test } from '../../fixtures/deals/parties.ts';
import { createOfferThroughApi, toBaseUnits } from '../../fixtures/deals/offers.ts';
import { pagePaths } from '@jelly/contracts';

test.setTimeout(150_000);

const IBAN = 'IBAN DE89 3704 0044 0532 0130 00 · Alice Example';
const bearer = (session: ApiSession) => ({ Authorization: `Bearer ${session.accessToken}` });

async function call(request: APIRequestContext, method: 'put' | 'post', path: string, session: ApiSession, data: unknown): Promise<void> {
  const response = await request[method](`/api${path}`, { headers: bearer(session), data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(true);
}

test.use({ viewport: { width: 1280, height: 800 } });

test("the admin's dossier shows the seller's payment details during a dispute, each read in the audit log", async ({ openParty, request }) => {
  const alice = await openParty('alice');
  const bob = await openParty('bob');
  const { offerId, coin } = await createOfferThroughApi(request, alice.api, { side: 0, amount: '100', price: '0.94', fiatCode: 'EUR', paymentMethodCount: 1 });
  const offer = await alice.api.order(offerId);
  const methodId = offer.paymentMethods[0]!.id;
  await call(request, 'put', `/orders/${offerId}/payment-details`, alice.api, { entries: [{ paymentMethodId: methodId, details: IBAN }] });
  const dealId = await bob.api.createOrder({ parentOrderId: offerId, amount: toBaseUnits('20', coin.decimals).toString() });
  await call(request, 'post', '/platform/call-tg-bot', bob.api, {
    dealId: String(dealId), buyerWallet: bob.address, sellerWallet: alice.address, orderUrl: pagePaths.deal(dealId), receiver: 'Admin', messageType: 'AdminNotification',
  });

  const admin = await openAdmin(openParty, `/admin/disputes/${dealId}`);
  const refusals: string[] = [];
  admin.page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) refusals.push(`${response.status()} ${response.url()}`);
  });
  await admin.page.reload();
  await expect(admin.page.getByRole('heading', { name: `Dispute #${dealId}` })).toBeVisible();
  const details = admin.page.getByRole('region', { name: "Seller's payment details" });
  await expect(details).toContainText(IBAN);
  await expect(details).not.toContainText('could not be loaded');
  expect(refusals).toEqual([]);

  // The read is in the audit log, under the deal.
  await admin.page.goto('/admin/audit');
  await expect(admin.page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'payment_details_viewed' }).filter({ hasText: String(dealId) }).first()).toBeVisible();
});
