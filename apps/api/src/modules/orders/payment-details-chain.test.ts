// The whole path of a Sell offer's payment details on a real localnet: stored with the offer, kept from the buyer until
// the chain shows the crypto locked, then shown to them — and never written to the logs on the way.
import { Writable } from 'node:stream';
import type { PaymentDetailsResponse } from '@jelly/contracts';
import { OrderStatus, PAYMENT_DETAILS_MESSAGES } from '@jelly/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claim, getOrder, lockInstruction, offer, submit, trader, userTransaction, type Trader } from '../../../test/helpers/deal-fixtures.ts';
import { createChainTestApp, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { buyOfferBody, errorOf, postOrder } from './testing.ts';

const IBAN = 'IBAN GB33 BUKB 2020 1555 5555 55 · Alice Example';
const logLines: string[] = [];
let t: ChainTestApp;
let alice: Trader; // seller: creator of the Sell offer
let bob: Trader; // buyer

beforeAll(async () => {
  t = await createChainTestApp({
    config: { logLevel: 'trace' },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
  alice = await trader(t, { usdc: 100_000_000n });
  bob = await trader(t);
});
afterAll(async () => {
  await t.close();
});

const read = (s: Trader, orderId: number) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/payment-details`, headers: s.headers });

describe('payment details of a Sell offer, claim to lock', () => {
  it('shows the buyer the details once the lock is on chain, and writes them to no log', async () => {
    const offerId = await offer(t, alice, 0, 100_000_000n, {
      paymentMethodIds: ['sepa', 'revolut'],
      paymentDetails: [{ paymentMethodId: 'sepa', details: `  ${IBAN}  ` }],
    });
    const dealId = await claim(t, bob, offerId, 40_000_000n);
    expect(errorOf(await read(bob, dealId))).toMatchObject({ status: 409, message: PAYMENT_DETAILS_MESSAGES.notYet });

    const deal = await getOrder(t.app, alice, dealId);
    const locked = await submit(t, alice, await userTransaction(t, alice.keypair, [lockInstruction(t, deal, alice.key)]));
    expect(locked.status).toBe(OrderStatus.CryptoGuyLockedCrypto);

    const shown = await read(bob, dealId);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<PaymentDetailsResponse>()).toEqual({
      orderId: dealId,
      entries: [{ paymentMethodId: 'sepa', paymentMethodName: 'SEPA', details: IBAN }],
    });
    // a refused create with details too long is not logged either
    const tooLong = [{ paymentMethodId: 'sepa', details: `${IBAN} ${'x'.repeat(500)}` }];
    const refused = await postOrder(t.app, alice, buyOfferBody({ orderSide: 0, paymentDetails: tooLong }));
    expect(errorOf(refused)).toMatchObject({ status: 400, message: expect.stringContaining('at most 500 characters') });

    const everything = logLines.join('');
    expect(everything).toContain(`/api/orders/${dealId}/payment-details`);
    expect(everything).not.toContain('BUKB');
  });
});
