import { PAYMENT_DETAILS_MESSAGES } from '@jelly/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { modalPopped, modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { apiError, fakeApi, json, type RecordedCall } from '../../../test/fakeApi.ts';
import { EUR_PRICE, makeOffer, renderMarket, WALLET_B } from '../testing/marketHarness.tsx';

const PRICE = 'GET /api/platform/price-validation';
const FLOATING = makeOffer({ priceType: 'floating', premiumPercent: '-2.5', price: '0.9' });

function openClaim(offer = makeOffer(), price: (call: RecordedCall) => Response = () => json(200, EUR_PRICE)) {
  const api = fakeApi({ [PRICE]: price });
  const view = renderMarket(<p>market</p>, { api, signedInAs: WALLET_B });
  act(() => {
    view.store.dispatch(modalPushed('confirmOrder', { offer }));
  });
  return view;
}

const amountInput = () => screen.getByRole('textbox', { name: /Amount to/ });
const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });
const estimate = () => screen.getByTestId('claim-estimate').textContent;

// The stack loads Confirm Operation lazily (with the wallet libraries); load it once up front so the
// tests time the modal, not the first import.
beforeAll(async () => {
  await import('./ConfirmOperationModal.tsx');
}, 30_000);

describe('Claim Offer modal', () => {
  it("is titled 'Claim Offer #{orderId}' and shows the available amount; a fixed offer needs no live price", async () => {
    const { api } = openClaim();
    expect(await screen.findByRole('dialog', { name: 'Claim Offer #7' })).toBeInTheDocument();
    expect(screen.getByTestId('claim-available')).toHaveTextContent('100.00 USDC');
    expect(screen.getByTestId('claim-price')).toHaveTextContent('0.95 EUR');
    expect(api.callsTo(PRICE)).toHaveLength(0);
  });

  it('looks the live price up for a floating offer', async () => {
    const { api } = openClaim(FLOATING);
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    await waitFor(() => expect(api.callsTo(PRICE)).toHaveLength(1));
    expect(Object.fromEntries(new URL(api.callsTo(PRICE)[0]!.url).searchParams)).toEqual({ fiatCode: 'EUR', cryptoSymbol: 'USDC' });
  });

  it('accepts digits with one optional decimal point, ignores anything else, and refuses more than available', async () => {
    openClaim();
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    fireEvent.change(amountInput(), { target: { value: '40' } });
    expect(amountInput()).toHaveValue('40');
    for (const ignored of ['40a', '4.0.1', '-4', '1e2', '40.1234567']) {
      fireEvent.change(amountInput(), { target: { value: ignored } });
      expect(amountInput()).toHaveValue('40');
    }
    fireEvent.change(amountInput(), { target: { value: '40.5' } });
    expect(amountInput()).toHaveValue('40.5');
    fireEvent.change(amountInput(), { target: { value: '100.000001' } });
    expect(amountInput()).toHaveValue('40.5');
    expect(await screen.findByText('Amount exceeds available balance')).toBeInTheDocument();
  });

  it('estimates a fixed offer at its listed price, whatever the market, and Max fills the whole available amount', async () => {
    openClaim(makeOffer({ amount: '65432100' }));
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    fireEvent.change(amountInput(), { target: { value: '50' } });
    // 50 × 0.95 = 47.50 (the market's 0.920092 plays no part: the deal asks the listed price)
    expect(estimate()).toBe('47.50 EUR');
    expect(screen.queryByText('Live price unavailable — using listed price')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput()).toHaveValue('65.4321');
    // 65.4321 × 0.95 = 62.160495 → 62.16
    expect(estimate()).toBe('62.16 EUR');
  });

  it("falls back to a floating offer's listed price with 'Live price unavailable — using listed price'", async () => {
    openClaim(FLOATING, () => apiError(503, 'SERVICE_UNAVAILABLE', 'feed down'));
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    expect(await screen.findByText('Live price unavailable — using listed price')).toBeInTheDocument();
    fireEvent.change(amountInput(), { target: { value: '50' } });
    expect(estimate()).toBe('45.00 EUR');
    expect(screen.getByTestId('claim-price')).toHaveTextContent('0.90 EUR');
  });

  it('applies the limits: messages, hints and the Confirm rules', async () => {
    openClaim(makeOffer());
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    expect(screen.getByText('Minimum: 10.00 EUR')).toBeInTheDocument();
    expect(screen.getByText('Maximum: 80.00 EUR')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled(); // empty

    fireEvent.change(amountInput(), { target: { value: '0' } });
    expect(confirmButton()).toBeDisabled(); // zero, no limit message for a zero estimate
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(amountInput(), { target: { value: '10' } }); // 9.50 EUR
    expect(screen.getByRole('alert')).toHaveTextContent('Amount is below the minimum: 10.00 EUR');
    expect(confirmButton()).toBeDisabled();

    fireEvent.change(amountInput(), { target: { value: '90' } }); // 85.50 EUR
    expect(screen.getByRole('alert')).toHaveTextContent('Amount is above the maximum: 80.00 EUR');
    expect(confirmButton()).toBeDisabled();

    fireEvent.change(amountInput(), { target: { value: '40' } }); // 38.00 EUR
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
  });

  it('a floating offer follows the live price with its premium, 8 decimals as the server prices it', async () => {
    openClaim(FLOATING);
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    fireEvent.change(amountInput(), { target: { value: '40' } });
    // 0.920092 × 0.975 = 0.8970897 → 40 × = 35.883588 → 35.88
    await waitFor(() => expect(estimate()).toBe('35.88 EUR'));
    expect(screen.getByTestId('claim-price')).toHaveTextContent('0.8970897 EUR');
    expect(screen.getByText(/at 0\.8970897 EUR per USDC \(market -2\.5%\)/)).toBeInTheDocument();
  });

  it('Confirm opens Confirm Operation; leaving Claim Offer resets the amount', async () => {
    const { store } = openClaim();
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    fireEvent.change(amountInput(), { target: { value: '40' } });
    fireEvent.click(confirmButton());
    expect(await screen.findByRole('dialog', { name: 'Confirm Operation' })).toBeInTheDocument();
    const top = store.getState().modals.stack.at(-1)!;
    expect(top.kind).toBe('confirmOperation');
    expect(top.props).toMatchObject({ amount: '40', claimModalId: store.getState().modals.stack[0]!.id });

    // Cancel returns to Claim Offer with the amount kept
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm Operation' })).not.toBeInTheDocument();
    expect(amountInput()).toHaveValue('40');

    // closing Claim Offer and opening it again starts empty
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(modalPushed('confirmOrder', { offer: makeOffer() }));
    });
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    expect(amountInput()).toHaveValue('');
    act(() => {
      store.dispatch(modalPopped());
    });
  });

  it("on a Buy offer asks the claimer (the seller) for payment details per method, and Confirm waits for one", async () => {
    const { store } = openClaim(makeOffer({ offerSide: 1 }));
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    const group = screen.getByRole('group', { name: 'Your payment details' });
    expect(within(group).getAllByRole('textbox').map((box) => box.getAttribute('maxlength'))).toEqual(['500', '500']);
    fireEvent.change(amountInput(), { target: { value: '40' } });
    expect(screen.getByTestId('claim-details-required')).toHaveTextContent(PAYMENT_DETAILS_MESSAGES.claimNeedsDetails);
    expect(confirmButton()).toBeDisabled();

    // Blank details count as none; one method is enough, sent trimmed in the offer's method order.
    fireEvent.change(within(group).getByRole('textbox', { name: 'SEPA' }), { target: { value: '   ' } });
    expect(confirmButton()).toBeDisabled();
    fireEvent.change(within(group).getByRole('textbox', { name: 'Revolut' }), { target: { value: '  @sam-seller ' } });
    expect(screen.queryByTestId('claim-details-required')).not.toBeInTheDocument();
    fireEvent.click(confirmButton());
    expect(await screen.findByRole('dialog', { name: 'Confirm Operation' })).toBeInTheDocument();
    expect(store.getState().modals.stack.at(-1)!.props).toMatchObject({
      amount: '40',
      paymentDetails: [{ paymentMethodId: 'revolut', details: '@sam-seller' }],
    });
  });

  it('asks no payment details on a Sell offer (the claimer pays)', async () => {
    openClaim();
    await screen.findByRole('dialog', { name: 'Claim Offer #7' });
    expect(screen.queryByRole('group', { name: 'Your payment details' })).not.toBeInTheDocument();
    fireEvent.change(amountInput(), { target: { value: '40' } });
    expect(confirmButton()).toBeEnabled();
  });
});
