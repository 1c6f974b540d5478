import { shortenWallet } from '@jelly/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, type RecordedCall } from '../../../test/fakeApi.ts';
import { makeOffer, marketPage, renderMarket, WALLET_A, WALLET_B } from '../testing/marketHarness.tsx';
import MarketPage, { CONNECT_TO_CLAIM } from './MarketPage.tsx';

const PUBLIC = 'GET /api/platform/all-new-offers-unath';
const SIGNED_IN = 'GET /api/platform/all-new-offers';

const params = (call: RecordedCall) => Object.fromEntries(new URL(call.url).searchParams);

function catalogues() {
  return {
    'GET /api/payments': (call: RecordedCall) =>
      new URL(call.url).searchParams.get('type') === '0'
        ? json(200, [
            { id: 'sepa', name: 'SEPA' },
            { id: 'revolut', name: 'Revolut' },
          ])
        : json(200, [
            { id: 978, code: 'EUR', name: 'Euro', icon: '/f/EU.svg', countryCode: 'EU', countryName: 'European Union', digits: 2 },
            { id: 840, code: 'USD', name: 'US Dollar', icon: '/f/US.svg', countryCode: 'US', countryName: 'United States', digits: 2 },
          ]),
    'GET /api/platform/coins': () => json(200, []),
  };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

// The modal stack loads these lazily; load them once up front so the tests time the screens, not the first import.
beforeAll(async () => {
  await import('../components/ClaimOfferModal.tsx');
}, 30_000);

describe('market (/buy-crypto)', () => {
  it('signed out: reads the public endpoint with the defaults and shows each row', async () => {
    const api = fakeApi({ ...catalogues(), [PUBLIC]: () => marketPage([makeOffer()]) });
    renderMarket(<MarketPage />, { api });
    const row = await screen.findByTestId('offer-7');
    expect(params(api.callsTo(PUBLIC)[0]!)).toEqual({ Page: '1', Size: '10', SortBy: '0', Dir: '1', Side: '0' });
    expect(api.callsTo(SIGNED_IN)).toHaveLength(0);

    expect(within(row).getByText(shortenWallet(WALLET_A))).toHaveAttribute('title', WALLET_A);
    expect(within(row).getByRole('link', { name: shortenWallet(WALLET_A) })).toHaveAttribute('href', `/trader/${WALLET_A}`);
    expect(within(row).getByText('12 trades · 91.7%')).toBeInTheDocument();
    expect(within(row).getByText('0.95 EUR')).toBeInTheDocument();
    expect(within(row).getByText('100.00 USDC')).toBeInTheDocument();
    expect(within(row).getByText('10.00 - 80.00 EUR')).toBeInTheDocument();
    expect(within(row).getByText('SEPA')).toBeInTheDocument();
    expect(within(row).getByText('Revolut')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I want to buy' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('names the mint beside a token another listed token could be taken for, in the rows and the asset filter', async () => {
    const real = { symbol: 'USDC', name: 'USD Coin', mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6, isVerified: true, mintDevnet: null, icon: '/api/assets/coins/token.svg' };
    const copy = { symbol: 'UЅDC', name: 'Jelly Dollar', mint: 'JeLLyCopy1111111111111111111111111111111111', decimals: 6, isVerified: false, mintDevnet: null, icon: '/api/assets/coins/token.svg' };
    const sol = { symbol: 'SOL', name: 'Solana', mint: 'So11111111111111111111111111111111111111112', decimals: 9, isVerified: true, mintDevnet: null, icon: '/api/assets/coins/token.svg' };
    const offers = [makeOffer({ tokenMint: real.mint }), makeOffer({ orderId: 8, tokenMint: copy.mint, tokenName: copy.symbol }), makeOffer({ orderId: 9, tokenMint: sol.mint, tokenName: 'SOL' })];
    const api = fakeApi({ ...catalogues(), 'GET /api/platform/coins': () => json(200, [real, copy, sol]), [PUBLIC]: () => marketPage(offers) });
    renderMarket(<MarketPage />, { api });
    await waitFor(() => expect(within(screen.getByTestId('offer-7')).getByText('100.00 USDC (EPjFWdd5…yTDt1v)')).toBeInTheDocument());
    expect(within(screen.getByTestId('offer-8')).getByText('100.00 UЅDC (JeLLyCop…111111)')).toBeInTheDocument();
    expect(within(screen.getByTestId('offer-9')).getByText(/SOL$/)).toHaveTextContent(/ SOL$/);
    expect(screen.getByRole('option', { name: 'UЅDC (JeLLyCop…111111)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'SOL' })).toBeInTheDocument();
  });

  it('signed in: reads the bearer endpoint', async () => {
    const api = fakeApi({ ...catalogues(), [SIGNED_IN]: () => marketPage([makeOffer()]) });
    renderMarket(<MarketPage />, { api, signedInAs: WALLET_B });
    await screen.findByTestId('offer-7');
    const call = api.callsTo(SIGNED_IN)[0]!;
    expect(call.headers.get('authorization')).toMatch(/^Bearer /);
    expect(api.callsTo(PUBLIC)).toHaveLength(0);
  });

  it('shows available amounts with 2 to 4 decimals, rounded down, and a maximum capped by what is left', async () => {
    const offer = makeOffer({ amount: '12345678', maxFiatAmount: '80', minFiatAmount: '0' });
    const api = fakeApi({ ...catalogues(), [PUBLIC]: () => marketPage([offer]) });
    renderMarket(<MarketPage />, { api });
    const row = await screen.findByTestId('offer-7');
    expect(within(row).getByText('12.3456 USDC')).toBeInTheDocument();
    // no minimum, so none is named; the maximum of 80 is above what is left: 12.345678 × 0.95 = 11.7283941 → 11.72
    expect(within(row).getByText('Up to 11.72 EUR')).toBeInTheDocument();
  });

  it('filters, sorts and pages with the wire query names and page resets', async () => {
    const api = fakeApi({ ...catalogues(), [PUBLIC]: () => marketPage([makeOffer()], { total: 35 }) });
    renderMarket(<MarketPage />, { api });
    await screen.findByTestId('offer-7');
    const last = () => params(api.callsTo(PUBLIC).at(-1)!);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last().Page).toBe('2'));
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();

    // sorting keeps the page
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: '1-0' } });
    await waitFor(() => expect(last()).toMatchObject({ Page: '2', SortBy: '1', Dir: '0' }));

    // a currency resets to page 1
    await screen.findByRole('option', { name: 'EUR — Euro' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Currency' }), { target: { value: 'EUR' } });
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', Fiat: 'EUR' }));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last().Page).toBe('2'));
    await screen.findByRole('option', { name: 'SEPA' });
    fireEvent.change(screen.getByRole('combobox', { name: 'All ways of payment' }), { target: { value: 'sepa' } });
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', PaymentMethod: 'sepa' }));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last().Page).toBe('2'));
    const price = screen.getByRole('textbox', { name: 'Transaction Price' });
    expect(price).toHaveAttribute('placeholder', '2000');
    fireEvent.change(price, { target: { value: '0.9x' } });
    expect(price).toHaveValue('');
    fireEvent.change(price, { target: { value: '0.9' } });
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', PriceFrom: '0.9' }));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last().Page).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'I want to sell' }));
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', Side: '1' }));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last().Page).toBe('2'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Per page' }), { target: { value: '20' } });
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', Size: '20' }));
  });

  it('shows a skeleton while loading, then the empty state', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = fakeApi({ ...catalogues(), [PUBLIC]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderMarket(<MarketPage />, { api });
    expect(await screen.findByRole('status', { name: 'Loading offers' })).toBeInTheDocument();
    answer(marketPage([]));
    expect(await screen.findByText('No offers match these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading offers' })).not.toBeInTheDocument();
  });

  it('shows an error state with an empty list, and retries', async () => {
    let fail = true;
    const api = fakeApi({ ...catalogues(), [PUBLIC]: () => (fail ? apiError(500, 'INTERNAL_ERROR', 'boom') : marketPage([makeOffer()])) });
    renderMarket(<MarketPage />, { api });
    expect(await screen.findByText('Offers could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('offer-7')).toBeInTheDocument();
  });

  it('shows cards on phones', async () => {
    window.matchMedia = vi.fn((media: string) => ({ matches: media.includes('max-width: 767px'), media, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    const api = fakeApi({ ...catalogues(), [PUBLIC]: () => marketPage([makeOffer()]) });
    renderMarket(<MarketPage />, { api });
    const card = await screen.findByTestId('offer-7');
    expect(card.tagName).toBe('LI');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Buy' })).toBeInTheDocument();
  });

  it('folds the filters into a Filters button on phones; the dialog filters the list', async () => {
    window.matchMedia = vi.fn((media: string) => ({ matches: media.includes('max-width: 767px'), media, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    const api = fakeApi({ ...catalogues(), [PUBLIC]: () => marketPage([makeOffer()]) });
    renderMarket(<MarketPage />, { api });
    await screen.findByTestId('offer-7');
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Offer type' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Currency' }), { target: { value: 'EUR' } });
    await waitFor(() => expect(params(api.callsTo(PUBLIC).at(-1)!)).toMatchObject({ Page: '1', Fiat: 'EUR' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show offers' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the choice is kept when the dialog opens again
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
  });

  it('labels the row button from the visitor side and asks a signed-out visitor to connect', async () => {
    const api = fakeApi({ ...catalogues(), [PUBLIC]: () => marketPage([makeOffer(), makeOffer({ orderId: 8, offerSide: 1 })]) });
    renderMarket(<MarketPage />, { api });
    const sellOffer = await screen.findByTestId('offer-7');
    expect(within(screen.getByTestId('offer-8')).getByRole('button', { name: 'Sell' })).toBeInTheDocument();
    fireEvent.click(within(sellOffer).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByText(CONNECT_TO_CLAIM)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens Claim Offer for a signed-in visitor, and disables the button on their own offers', async () => {
    const api = fakeApi({
      ...catalogues(),
      [SIGNED_IN]: () => marketPage([makeOffer(), makeOffer({ orderId: 9, creatorWallet: WALLET_B })]),
      'GET /api/platform/price-validation': () => apiError(404, 'NOT_FOUND', 'no price'),
    });
    renderMarket(<MarketPage />, { api, signedInAs: WALLET_B });
    const own = await screen.findByTestId('offer-9');
    expect(within(own).getByRole('button', { name: 'Buy' })).toBeDisabled();
    fireEvent.click(within(screen.getByTestId('offer-7')).getByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('dialog', { name: 'Claim Offer #7' })).toBeInTheDocument();
  });
});
