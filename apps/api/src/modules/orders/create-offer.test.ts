import type { OrderDetails } from '@jelly/contracts';
import { PLACE_ORDER_MESSAGES, insufficientBalanceMessage } from '@jelly/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bans } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createChainTestApp, createChainWallet, type ChainTestApp } from '../../../test/helpers/test-chain.ts';
import { createWallet } from '../../../test/helpers/wallet.ts';
import {
  SOL_MINT,
  USDC_MINT,
  buyOfferBody,
  createOrder,
  errorOf,
  postOrder,
  session,
  type Session,
} from './testing.ts';

describe('POST /orders/create-order — offers', () => {
  let t: ChainTestApp;
  let seller: Session;
  let buyer: Session;

  beforeAll(async () => {
    t = await createChainTestApp();
    const sellerWallet = createChainWallet();
    await t.chain.faucet?.(sellerWallet.keypair.publicKey, { sol: 1_000_000_000n, usdc: 150_000_000n });
    seller = await session(t.app, sellerWallet);
    buyer = await session(t.app, createChainWallet());
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const get = async (s: Session, id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: s.headers });
    expect(response.statusCode).toBe(200);
    return response.json<OrderDetails>();
  };

  it('creates a Sell offer covered by the on-chain balance, creator = the signed-in wallet', async () => {
    const id = await createOrder(
      t.app,
      seller,
      buyOfferBody({
        orderSide: 0,
        amount: '100000000',
        visibleInCountries: ['de', 'FR'],
        tags: ['fast', 'fast'],
        autoReply: 'Hi!',
        orderDescription: 'SEPA only',
        minUserAccountAgeDays: 3,
        creatorWallet: seller.wallet.address,
        tokenDecimal: 6,
        tokenName: 'USDC',
        status: 0,
      }),
    );
    const offer = await get(buyer, id);
    expect(offer).toMatchObject({
      orderId: id,
      parentOrderId: null,
      creatorWallet: seller.wallet.address,
      acceptorWallet: null,
      tokenMint: USDC_MINT,
      tokenName: 'USDC',
      tokenDecimal: 6,
      amount: '100000000',
      totalAmount: '100000000',
      filledQuantity: '0',
      price: '0.92',
      priceType: 'fixed',
      minFiatAmount: '10',
      maxFiatAmount: '92',
      fiatCode: 'EUR',
      offerSide: 0,
      status: 0,
      paymentMethods: [
        { id: 'sepa', name: 'SEPA' },
        { id: 'revolut', name: 'Revolut' },
      ],
      paymentWindowMinutes: 30,
      visibleInCountries: ['DE', 'FR'],
      tags: ['fast'],
      autoReply: 'Hi!',
      orderDescription: 'SEPA only',
      minAccountAgeDays: 3,
      ticketId: 1,
      dealStartTime: null,
      parentOffer: null,
    });
  });

  it('refuses a Sell offer above the on-chain balance with the insufficient-balance message', async () => {
    const response = await postOrder(t.app, seller, buyOfferBody({ orderSide: 0, amount: '150000001' }));
    expect(errorOf(response)).toMatchObject({ status: 400, message: insufficientBalanceMessage('USDC', '150.000001') });
    const none = await postOrder(t.app, buyer, buyOfferBody({ orderSide: 0, amount: '1000000', minFiatAmount: '0', maxFiatAmount: '0' }));
    expect(errorOf(none).message).toBe(insufficientBalanceMessage('USDC', '1'));
  });

  it('counts native SOL (less 0.001 SOL for fees) for a wrapped-SOL Sell offer', async () => {
    // The seller holds 1 SOL: 0.999 SOL can be offered, 0.9991 cannot.
    const body = buyOfferBody({ tokenMint: SOL_MINT, orderSide: 0, price: '130', minFiatAmount: '0', maxFiatAmount: '0' });
    expect((await postOrder(t.app, seller, { ...body, amount: '999000000' })).statusCode).toBe(200);
    expect(errorOf(await postOrder(t.app, seller, { ...body, amount: '999100000' })).message).toBe(
      insufficientBalanceMessage('SOL', '0.9991'),
    );
  });

  it('creates a Buy offer without any balance', async () => {
    const id = await createOrder(t.app, buyer, buyOfferBody());
    expect((await get(seller, id)).offerSide).toBe(1);
  });

  it.each([
    ['min above max', { minFiatAmount: '50', maxFiatAmount: '20' }, PLACE_ORDER_MESSAGES.minAboveMax],
    ['a price of 0', { price: '0' }, PLACE_ORDER_MESSAGES.price],
    ['an amount of 0', { amount: '0' }, PLACE_ORDER_MESSAGES.totalAmount],
    ['a payment window of 0', { paymentWindowMinutes: 0 }, PLACE_ORDER_MESSAGES.paymentWindow],
    ['a payment window of 1441', { paymentWindowMinutes: 1441 }, PLACE_ORDER_MESSAGES.paymentWindow],
    ['no payment method', { paymentMethodIds: [] }, PLACE_ORDER_MESSAGES.paymentMethods],
    ['a maximum above the total', { maxFiatAmount: '93' }, 'The maximum limit cannot exceed the order total: 92.00 EUR'],
    ['an unknown payment method', { paymentMethodIds: ['sepa', 'pigeon-post'] }, 'Unknown payment method.'],
    ['a payment method twice', { paymentMethodIds: ['sepa', 'sepa'] }, 'Each payment method can be chosen once.'],
    ['an unknown token', { tokenMint: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' }, 'Unknown token: choose one of the listed coins.'],
    ['an unknown currency', { fiatCode: 'XYZ' }, 'Unknown currency code.'],
  ])('refuses %s with a clear message', async (_label, change, message) => {
    const response = await postOrder(t.app, buyer, buyOfferBody(change));
    expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message });
  });

  it.each([
    ['six payment methods', { paymentMethodIds: ['sepa', 'revolut', 'wise', 'pix', 'upi', 'zelle'] }, 'Select at most 5 payment methods'],
    ['a missing currency', { fiatCode: undefined }, 'Select a currency'],
    ['a negative amount', { amount: '-5' }, 'Must be a whole number of base units'],
    ['a fractional amount', { amount: '1.5' }, 'Must be a whole number of base units'],
    ['an unknown side', { orderSide: 2 }, 'Side must be 1 (Buy) or 0 (Sell)'],
  ])('refuses %s at the contract', async (_label, change, message) => {
    const response = await postOrder(t.app, buyer, buyOfferBody(change as object));
    expect(errorOf(response).status).toBe(400);
    expect(errorOf(response).message).toContain(message);
  });

  it.each([
    ['an unknown country', { visibleInCountries: ['ZZ'] }, 'Unknown country code.'],
    ['fiat limits with 3 decimals', { minFiatAmount: '10.005' }, 'Fiat limits have at most 2 decimals.'],
    ['another token decimals', { tokenDecimal: 9 }, 'tokenDecimal and tokenName must match the chosen token.'],
    ['status other than Active', { status: 3 }, 'A new offer starts Active (status 0).'],
    ['an acceptor', { acceptorWallet: createWallet().address }, 'A new offer has no acceptor.'],
    ['a premium of -100%', { priceType: 'floating', premiumPercent: '-100' }, 'Premium must be above -100% and at most 1000%.'],
  ] as const)('refuses %s', async (_label, change, message) => {
    const response = await postOrder(t.app, buyer, buyOfferBody(change as object));
    expect(errorOf(response)).toMatchObject({ status: 400, message });
  });

  it('refuses an offer for another wallet, anonymous callers and banned wallets', async () => {
    const other = await postOrder(t.app, buyer, buyOfferBody({ creatorWallet: seller.wallet.address }));
    expect(errorOf(other)).toMatchObject({ status: 403, message: 'creatorWallet must be your own wallet.' });
    expect((await postOrder(t.app, null, buyOfferBody())).statusCode).toBe(401);

    const banned = await session(t.app, createChainWallet());
    await t.app.db.insert(bans).values({
      id: randomUUID(),
      wallet: banned.wallet.address,
      reason: 'fraud',
      until: new Date(t.clock.now().getTime() + 60_000),
      createdBy: 'test',
      createdAt: t.clock.now(),
    });
    expect(errorOf(await postOrder(t.app, banned, buyOfferBody()))).toMatchObject({ status: 403, code: 'WALLET_BANNED' });
  });

  it('prices a floating offer at the market price plus the premium', async () => {
    // Bundled snapshot: USDC 0.99996124 USD × 0.907539 EUR/USD = 0.90750382 EUR (8 decimals), +2% = 0.92565390.
    const id = await createOrder(
      t.app,
      buyer,
      buyOfferBody({ priceType: 'floating', premiumPercent: '2', price: undefined, maxFiatAmount: '90' }),
    );
    const offer = await get(seller, id);
    expect(offer).toMatchObject({ priceType: 'floating', premiumPercent: '2', price: '0.9256539' });
  });
});

describe('POST /platform/dev/faucet on the embedded localnet', () => {
  let t: ChainTestApp;
  beforeAll(async () => {
    t = await createChainTestApp();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('sends 10 SOL, 1,000 USDC and 1,000 USDT, and lets the wallet offer them', async () => {
    const wallet = createChainWallet();
    const s = await session(t.app, wallet);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/platform/dev/faucet',
      headers: s.headers,
      payload: { wallet: wallet.address },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sol: '10000000000', tokens: { USDC: '1000000000', USDT: '1000000000' } });
    expect(await t.chain.connection.getBalance(wallet.keypair.publicKey)).toBe(10_000_000_000);
    const offer = buyOfferBody({ orderSide: 0, amount: '1000000000', price: '0.9', maxFiatAmount: '900' });
    expect((await postOrder(t.app, s, offer)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/platform/dev/faucet', payload: { wallet: wallet.address } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /orders/create-order without a chain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 CHAIN_UNAVAILABLE for a Sell offer (the balance cannot be read) and accepts a Buy offer', async () => {
    const s = await session(t.app, createWallet());
    expect(errorOf(await postOrder(t.app, s, buyOfferBody({ orderSide: 0 })))).toMatchObject({
      status: 503,
      code: 'CHAIN_UNAVAILABLE',
    });
    expect((await postOrder(t.app, s, buyOfferBody())).statusCode).toBe(200);
  });
});
