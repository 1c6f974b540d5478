import { OFFER_NOT_ON_MARKET, shortenWallet } from '@jelly/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { makeOffer, renderMarket, WALLET_A, WALLET_B } from '../testing/marketHarness.tsx';
import OnlineAdPage from './OnlineAdPage.tsx';

const details = (overrides = {}) => ({ ...makeOffer({ filledQuantity: '20000000', amount: '60000000', visibleInCountries: ['CY'], tags: ['fast'] }), parentOffer: null, ...overrides });

function setup(signedInAs: string | null, handlers = {}) {
  const api = fakeApi({
    'GET /api/orders/7': () => json(200, details()),
    'GET /api/platform/countries': () => json(200, [{ code: 'CY', name: 'Cyprus' }]),
    'GET /api/platform/price-validation': () => apiError(404, 'NOT_FOUND', 'none'),
    ...handlers,
  });
  return renderMarket(<OnlineAdPage />, { api, signedInAs, at: '/online-ads/7' });
}

// The modal stack loads these lazily; load them once up front so the tests time the screens, not the first import.
beforeAll(async () => {
  await import('../components/ClaimOfferModal.tsx');
}, 30_000);

describe('online ad (/online-ads/{id})', () => {
  it('shows a visitor the offer as the public market does, with Connect Wallet to claim it', async () => {
    let connects = 0;
    const api = fakeApi({
      'GET /api/platform/offer-unath/7': () => json(200, makeOffer({ visibleInCountries: ['CY'] })),
      'GET /api/platform/countries': () => json(200, [{ code: 'CY', name: 'Cyprus' }]),
    });
    renderMarket(<OnlineAdPage onConnectWallet={() => connects++} />, { api, signedInAs: null, at: '/online-ads/7' });
    expect(await screen.findByText('Offer #7')).toBeInTheDocument();
    expect(screen.getByTestId('offer-status')).toHaveTextContent('Active');
    expect(screen.getByText('SEPA, Revolut')).toBeInTheDocument();
    expect(await screen.findByText('Cyprus')).toBeInTheDocument();
    expect(screen.getByText('Connect your wallet to claim this offer.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(connects).toBe(1);
    expect(api.callsTo('GET /api/orders/7')).toHaveLength(0);
  });

  it("tells a visitor when the offer is not on the market (the server's 404)", async () => {
    const api = fakeApi({ 'GET /api/platform/offer-unath/7': () => apiError(404, 'NOT_FOUND', OFFER_NOT_ON_MARKET) });
    renderMarket(<OnlineAdPage onConnectWallet={() => undefined} />, { api, signedInAs: null, at: '/online-ads/7' });
    expect(await screen.findByText(OFFER_NOT_ON_MARKET)).toBeInTheDocument();
  });

  it("summarises someone's offer and lets the visitor claim it", async () => {
    setup(WALLET_B);
    expect(await screen.findByText('Offer #7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: shortenWallet(WALLET_A) })).toHaveAttribute('href', `/trader/${WALLET_A}`);
    expect(screen.getByTestId('offer-status')).toHaveTextContent('Active');
    expect(screen.getByText('60.00 USDC')).toBeInTheDocument(); // available
    expect(screen.getByText('100.00 USDC')).toBeInTheDocument(); // total
    expect(screen.getByText('20.00 USDC')).toBeInTheDocument(); // completed
    expect(await screen.findByText('Cyprus')).toBeInTheDocument();
    expect(screen.getByText('SEPA, Revolut')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel offer' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('dialog', { name: 'Claim Offer #7' })).toBeInTheDocument();
  });

  it('lets the creator cancel an active offer after confirming', async () => {
    let status = 0;
    const { api } = setup(WALLET_A, {
      'GET /api/orders/7': () => json(200, details({ status })),
      'PUT /api/orders/update-offers': () => {
        status = 4;
        return json(200, { orderId: 7, status: 4 });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this offer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel offer' }));
    await waitFor(() => expect(api.callsTo('PUT /api/orders/update-offers')).toHaveLength(1));
    expect(Object.fromEntries(new URL(api.callsTo('PUT /api/orders/update-offers')[0]!.url).searchParams)).toEqual({ orderId: '7', orderStatus: '4' });
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('offer-status')).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel offer' })).not.toBeInTheDocument();
  });

  it('says when the offer does not exist', async () => {
    setup(WALLET_B, { 'GET /api/orders/7': () => apiError(404, 'NOT_FOUND', 'Order not found.') });
    expect(await screen.findByText('This offer does not exist.')).toBeInTheDocument();
  });
});
