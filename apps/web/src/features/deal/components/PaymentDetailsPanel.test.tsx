import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import { OfferSide, OrderStatus } from '@jelly/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyOrderStatus } from '../../../lib/realtime/cacheUpdates.ts';
import { fakeApi, json } from '../../../test/fakeApi.ts';
import { BUYER, DEAL_ID, OFFER_ID, renderDeal, SELLER, sellDeal } from '../testing/dealTestKit.tsx';

const DETAILS = `GET /api/orders/${DEAL_ID}/payment-details`;
const IBAN = 'IBAN DE89 3704 0044 0532 0130 00\nAlice Example';

function detailsApi() {
  const api = fakeApi();
  api.on(DETAILS, () =>
    json(200, { orderId: DEAL_ID, entries: [{ paymentMethodId: 'sepa', paymentMethodName: 'SEPA', details: IBAN }] }),
  );
  return api;
}

const locked = () => sellDeal({ status: OrderStatus.CryptoGuyLockedCrypto, lockedAt: new Date().toISOString() });

describe('deal page: payment details', () => {
  it('tells the buyer they show after the lock, without asking the server, then shows them once the deal is locked', async () => {
    const view = renderDeal({ deal: sellDeal(), viewer: BUYER, api: detailsApi() });
    expect(await screen.findByTestId('payment-details-pending')).toHaveTextContent('once the crypto is locked');
    expect(view.api.callsTo(DETAILS)).toHaveLength(0);

    view.setDeal(locked());
    act(() => {
      applyOrderStatus(view.store.dispatch, { type: 'order.status', orderId: DEAL_ID, parentOrderId: OFFER_ID, status: 8, changedAt: new Date().toISOString() });
    });
    const panel = await screen.findByRole('region', { name: 'Payment details' });
    expect(within(panel).getByRole('heading', { name: 'Pay the seller' })).toBeInTheDocument();
    expect(within(panel).getByText('Send exactly 36.80 EUR with one of these methods, then press Mark as Paid.')).toBeInTheDocument();
    expect(await within(panel).findByText('SEPA')).toBeInTheDocument();
    expect(within(panel).getByText(/IBAN DE89 3704 0044 0532 0130 00/)).toHaveTextContent('Alice Example');
    expect(screen.queryByTestId('payment-details-pending')).not.toBeInTheDocument();
    expect(view.api.callsTo(DETAILS)).toHaveLength(1);
  });

  it('shows the seller what the buyer will see', async () => {
    renderDeal({ deal: sellDeal(), viewer: SELLER, api: detailsApi() });
    const panel = await screen.findByRole('region', { name: 'Payment details' });
    expect(within(panel).getByRole('heading', { name: 'Your payment details' })).toBeInTheDocument();
    expect(await within(panel).findByText(/IBAN DE89/)).toBeInTheDocument();
  });

  it('says so when the seller gave none', async () => {
    const api = fakeApi();
    api.on(DETAILS, () => json(200, { orderId: DEAL_ID, entries: [] }));
    renderDeal({ deal: locked(), viewer: BUYER, api });
    expect(await screen.findByText('The seller gave no payment details: ask in the chat.')).toBeInTheDocument();
  });

  it("on a Buy offer shows the buyer (its creator) the claimer's details once locked, and the claimer their own", async () => {
    // The claimer sells here: they gave their details with the claim, and the offer's creator is the one who pays.
    const buyDeal = (status: OrderStatus, lockedAt: string | null) =>
      sellDeal({ offerSide: OfferSide.Buy, creatorWallet: BUYER.publicKey.toBase58(), acceptorWallet: SELLER.publicKey.toBase58(), status, lockedAt });
    const before = renderDeal({ deal: buyDeal(OrderStatus.InProgress, null), viewer: BUYER, api: detailsApi() });
    expect(await screen.findByTestId('payment-details-pending')).toHaveTextContent('once the crypto is locked');
    expect(before.api.callsTo(DETAILS)).toHaveLength(0);
    before.unmount();

    const buyer = renderDeal({ deal: buyDeal(OrderStatus.CryptoGuyLockedCrypto, new Date().toISOString()), viewer: BUYER, api: detailsApi() });
    const panel = await screen.findByRole('region', { name: 'Payment details' });
    expect(within(panel).getByRole('heading', { name: 'Pay the seller' })).toBeInTheDocument();
    expect(within(panel).getByText('Send exactly 36.80 EUR with one of these methods, then press Mark as Paid.')).toBeInTheDocument();
    expect(await within(panel).findByText(/IBAN DE89 3704 0044 0532 0130 00/)).toHaveTextContent('Alice Example');
    expect(buyer.api.callsTo(DETAILS)).toHaveLength(1);
    buyer.unmount();

    renderDeal({ deal: buyDeal(OrderStatus.InProgress, null), viewer: SELLER, api: detailsApi() });
    const own = await screen.findByRole('region', { name: 'Payment details' });
    expect(within(own).getByRole('heading', { name: 'Your payment details' })).toBeInTheDocument();
    expect(within(own).queryByText(/Send exactly/)).not.toBeInTheDocument();
    expect(await within(own).findByText(/IBAN DE89/)).toBeInTheDocument();
  });

  it('shows nothing once the deal has ended, and never asks', async () => {
    const ended = renderDeal({ deal: sellDeal({ status: OrderStatus.Completed, lockedAt: new Date().toISOString() }), viewer: BUYER, api: detailsApi() });
    await screen.findByTestId('deal-status');
    await waitFor(() => expect(ended.api.callsTo(`GET /api/orders/${DEAL_ID}`).length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Payment details' })).not.toBeInTheDocument();
    expect(ended.api.callsTo(DETAILS)).toHaveLength(0);
  });
});
