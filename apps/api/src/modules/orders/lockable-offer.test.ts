import { FIAT_AMOUNT_TOO_LARGE, OFFER_VALUE_TOO_LARGE, TOKEN_AMOUNT_TOO_LARGE, U64_MAX } from '@jelly/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import { buyOfferBody, errorOf, postOrder, session, type Session } from './testing.ts';

let t: TestApp;
let buyer: Session;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await session(t.app, createWallet());
});
afterAll(() => t.close());

describe('every listed offer can be locked', () => {
  it('refuses a Buy offer of 2^64 base units (does not fit the escrow’s u64)', async () => {
    const response = await postOrder(t.app, buyer, buyOfferBody({ amount: (2n ** 64n).toString() }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain(TOKEN_AMOUNT_TOO_LARGE);
  });

  it('refuses an offer whose total fiat value does not fit u64 cents', async () => {
    const response = await postOrder(t.app, buyer, buyOfferBody({ amount: U64_MAX.toString(), price: '100000', maxFiatAmount: '1000' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(OFFER_VALUE_TOO_LARGE);
  });

  it('refuses fiat limits beyond u64 cents', async () => {
    const response = await postOrder(t.app, buyer, buyOfferBody({ maxFiatAmount: '999999999999999999' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain(FIAT_AMOUNT_TOO_LARGE);
  });

  it('still accepts an ordinary offer', async () => {
    expect((await postOrder(t.app, buyer, buyOfferBody())).statusCode).toBe(200);
  });
});
