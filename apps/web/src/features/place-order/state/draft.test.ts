import type { Coin, Currency } from '@jelly/contracts';
import { OfferSide, PLACE_ORDER_MESSAGES } from '@jelly/domain';
import { describe, expect, it } from 'vitest';
import {
  createOfferBody,
  draftErrors,
  draftReducer,
  floatingPrice,
  initialDraft,
  MARKET_PRICE_UNAVAILABLE,
  PREMIUM_RANGE_MESSAGE,
  visibleIn,
  type PlaceOrderDraft,
} from './draft.ts';

const USDC: Coin = { symbol: 'USDC', name: 'USD Coin', mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6, isVerified: true, mintDevnet: null, icon: '/usdc.svg' };
const EUR: Currency = { id: 978, code: 'EUR', name: 'Euro', icon: '/EU.svg', countryCode: 'EU', countryName: 'European Union', digits: 2 };
const SEPA = { id: 'sepa', name: 'SEPA' };

const filled: PlaceOrderDraft = {
  ...initialDraft,
  side: OfferSide.Sell,
  asset: USDC,
  fiat: EUR,
  price: '0.95',
  totalAmount: '100',
  fiatMin: '10',
  fiatMax: '80',
  paymentMethods: [SEPA],
};

describe('place-order draft', () => {
  it('starts on the defaults: Buy, fixed price 10, 30 minutes', () => {
    expect(initialDraft).toMatchObject({ side: OfferSide.Buy, priceType: 'fixed', price: '10', paymentTimeLimit: 30, holdings: null });
  });

  it('ignores keystrokes that break a field format', () => {
    let draft = draftReducer(initialDraft, { type: 'text', field: 'price', value: '0.95' });
    expect(draft.price).toBe('0.95');
    expect(draftReducer(draft, { type: 'text', field: 'price', value: '0.9a' })).toBe(draft);
    draft = draftReducer(draft, { type: 'limit', field: 'fiatMin', value: '10.25' });
    expect(draftReducer(draft, { type: 'limit', field: 'fiatMin', value: '10.255' })).toBe(draft);
    expect(draftReducer(draft, { type: 'premium', value: '-2.5' }).premiumPercent).toBe('-2.5');
    expect(draftReducer(draft, { type: 'premium', value: '2-' })).toBe(draft);
    expect(draftReducer(draft, { type: 'minAccountAgeDays', value: '1.5' })).toBe(draft);
    expect(draftReducer(draft, { type: 'minAccountAgeDays', value: '30' }).counterParty.minAccountAgeDays).toBe('30');
  });

  it('keeps at most 5 payment methods, and unique trimmed tags', () => {
    let draft = initialDraft;
    for (let i = 1; i <= 6; i += 1) draft = draftReducer(draft, { type: 'togglePaymentMethod', method: { id: `m${i}`, name: `M${i}` } });
    expect(draft.paymentMethods.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    draft = draftReducer(draft, { type: 'addTag', tag: '  fast  ' });
    draft = draftReducer(draft, { type: 'addTag', tag: 'fast' });
    draft = draftReducer(draft, { type: 'addTag', tag: '   ' });
    expect(draft.tags).toEqual(['fast']);
    expect(draftReducer(draft, { type: 'removeTag', tag: 'fast' }).tags).toEqual([]);
  });

  it('forgets the holdings check when side, asset or amount change', () => {
    const checked = draftReducer(filled, { type: 'holdings', holds: true });
    expect(draftReducer(checked, { type: 'text', field: 'totalAmount', value: '50' }).holdings).toBeNull();
    expect(draftReducer(checked, { type: 'side', side: OfferSide.Buy }).holdings).toBeNull();
    expect(draftReducer(checked, { type: 'asset', asset: USDC }).holdings).toBeNull();
    expect(draftReducer(checked, { type: 'text', field: 'price', value: '1' }).holdings).toBe(true);
  });
});

describe('floating price', () => {
  it('is market × (100 + premium) / 100, 8 decimals half-up', () => {
    expect(floatingPrice('0.92', '0')).toBe('0.92');
    expect(floatingPrice('0.92', '2.5')).toBe('0.943');
    expect(floatingPrice('0.92', '-2.5')).toBe('0.897');
    expect(floatingPrice('0.333333333', '1')).toBe('0.33666667');
    expect(floatingPrice('0.92', '-100')).toBeNull();
    expect(floatingPrice('0.92', 'x')).toBeNull();
  });
});

describe('draft rules', () => {
  it('passes a complete draft', () => {
    expect(draftErrors(filled, null)).toEqual({});
  });

  it('names every missing field', () => {
    const errors = draftErrors({ ...initialDraft, price: '' }, null);
    expect(errors).toMatchObject({
      asset: PLACE_ORDER_MESSAGES.asset,
      fiat: PLACE_ORDER_MESSAGES.fiat,
      price: PLACE_ORDER_MESSAGES.price,
      totalAmount: PLACE_ORDER_MESSAGES.totalAmount,
      paymentMethods: PLACE_ORDER_MESSAGES.paymentMethods,
    });
  });

  it('checks limits against each other and the order total', () => {
    expect(draftErrors({ ...filled, fiatMin: '90', fiatMax: '80' }, null).fiatMin).toBe(PLACE_ORDER_MESSAGES.minAboveMax);
    expect(draftErrors({ ...filled, fiatMax: '96' }, null).fiatMax).toBe('The maximum limit cannot exceed the order total: 95.00 EUR');
  });

  it('prices a floating offer from the market, and says when it cannot', () => {
    const floating = { ...filled, priceType: 'floating' as const, price: '', premiumPercent: '1' };
    expect(draftErrors(floating, '0.92')).toEqual({});
    expect(draftErrors(floating, null).premiumPercent).toBe(MARKET_PRICE_UNAVAILABLE);
    expect(draftErrors({ ...floating, premiumPercent: '-100' }, '0.92').premiumPercent).toBe(PREMIUM_RANGE_MESSAGE);
    expect(draftErrors({ ...floating, premiumPercent: '1000.5' }, '0.92').premiumPercent).toBe(PREMIUM_RANGE_MESSAGE);
    // limits follow the floating price: 100 × 0.9292 = 92.92
    expect(draftErrors({ ...floating, fiatMax: '93' }, '0.92').fiatMax).toBe('The maximum limit cannot exceed the order total: 92.92 EUR');
  });
});

describe('create-order body', () => {
  it('sends base units, the wire field names and the creator', () => {
    const body = createOfferBody({ ...filled, fiatMin: '10.', tags: ['fast'], regions: ['CY'], counterParty: { minAccountAgeDays: '7' } }, 'wallet1', ['CY']);
    expect(body).toEqual({
      parentOrderId: null,
      amount: '100000000',
      minFiatAmount: '10',
      maxFiatAmount: '80',
      status: 0,
      fiatCode: 'EUR',
      tokenMint: USDC.mint,
      paymentMethodIds: ['sepa'],
      priceType: 'fixed',
      price: '0.95',
      orderSide: 0,
      paymentWindowMinutes: 30,
      visibleInCountries: ['CY'],
      autoReply: '',
      orderDescription: '',
      tags: ['fast'],
      creatorWallet: 'wallet1',
      acceptorWallet: null,
      tokenDecimal: 6,
      tokenName: 'USDC',
      minUserAccountAgeDays: 7,
      dealStartTime: null,
    });
  });

  it('sends a floating offer as its premium, and empty limits as 0', () => {
    const body = createOfferBody({ ...filled, priceType: 'floating', premiumPercent: '-2.50', fiatMin: '', fiatMax: '' }, 'wallet1', []);
    expect(body).toMatchObject({ priceType: 'floating', premiumPercent: '-2.5', minFiatAmount: '0', maxFiatAmount: '0' });
    expect(body).not.toHaveProperty('price');
  });

  it("sends a Sell offer's filled-in payment details, for the methods still selected, and never a Buy offer's", () => {
    const methods = [
      { id: 'sepa', name: 'SEPA' },
      { id: 'wise', name: 'Wise' },
    ];
    let draft = draftReducer({ ...filled, paymentMethods: methods }, { type: 'paymentDetails', methodId: 'sepa', value: ' IBAN 1 ' });
    draft = draftReducer(draft, { type: 'paymentDetails', methodId: 'revolut', value: 'not selected any more' });
    draft = draftReducer(draft, { type: 'paymentDetails', methodId: 'wise', value: 'x'.repeat(600) });
    expect(draft.paymentDetails['wise']).toHaveLength(500);
    expect(createOfferBody(draft, 'wallet1', []).paymentDetails).toEqual([
      { paymentMethodId: 'sepa', details: 'IBAN 1' },
      { paymentMethodId: 'wise', details: 'x'.repeat(500) },
    ]);
    expect(createOfferBody({ ...draft, side: 1 }, 'wallet1', [])).not.toHaveProperty('paymentDetails');
    expect(createOfferBody(filled, 'wallet1', [])).not.toHaveProperty('paymentDetails');
  });

  it('sends every country selected as no restriction', () => {
    expect(visibleIn(['CY', 'GR'], ['CY', 'GR'])).toEqual([]);
    expect(visibleIn(['CY'], ['CY', 'GR'])).toEqual(['CY']);
    expect(visibleIn([], ['CY', 'GR'])).toEqual([]);
  });
});
