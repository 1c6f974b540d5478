import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import OnlineAdPage from '../pages/OnlineAdPage.tsx';
import { makeOffer, renderMarket, WALLET_A, WALLET_B } from '../testing/marketHarness.tsx';
import { PAYMENT_DETAILS_SAVED } from './PaymentDetailsEditor.tsx';

const DETAILS = '/api/orders/7/payment-details';
const IBAN = 'IBAN DE89 3704 0044 0532 0130 00';

function setup(signedInAs: string, offerSide: 0 | 1, handlers = {}) {
  const api = fakeApi({
    'GET /api/orders/7': () => json(200, { ...makeOffer({ offerSide }), parentOffer: null }),
    'GET /api/platform/price-validation': () => apiError(404, 'NOT_FOUND', 'none'),
    [`GET ${DETAILS}`]: () => json(200, { orderId: 7, entries: [{ paymentMethodId: 'sepa', paymentMethodName: 'SEPA', details: IBAN }] }),
    ...handlers,
  });
  return renderMarket(<OnlineAdPage />, { api, signedInAs, at: '/online-ads/7' });
}

describe('online ad: the creator edits the payment details of a Sell offer', () => {
  it('shows the saved details per method and saves the edited ones', async () => {
    const { api } = setup(WALLET_A, 0, {
      [`PUT ${DETAILS}`]: () => json(200, { orderId: 7, entries: [{ paymentMethodId: 'revolut', paymentMethodName: 'Revolut', details: '@alice' }] }),
    });
    const form = await screen.findByRole('form', { name: 'Edit payment details' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'SEPA' })).toHaveValue(IBAN));
    expect(within(form).getByRole('textbox', { name: 'Revolut' })).toHaveValue('');

    fireEvent.change(within(form).getByRole('textbox', { name: 'SEPA' }), { target: { value: '   ' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Revolut' }), { target: { value: ' @alice ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payment details' }));
    expect(await screen.findByText(PAYMENT_DETAILS_SAVED)).toBeInTheDocument();
    expect(JSON.parse(api.callsTo(`PUT ${DETAILS}`)[0]!.body)).toEqual({ entries: [{ paymentMethodId: 'revolut', details: '@alice' }] });
    // the saved state is read again
    await waitFor(() => expect(api.callsTo(`GET ${DETAILS}`)).toHaveLength(2));
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    setup(WALLET_A, 0, { [`PUT ${DETAILS}`]: () => apiError(429, 'RATE_LIMITED', 'Too many requests: try again in a minute.') });
    const form = await screen.findByRole('form', { name: 'Edit payment details' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'SEPA' })).toHaveValue(IBAN));
    fireEvent.change(within(form).getByRole('textbox', { name: 'SEPA' }), { target: { value: 'new account' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payment details' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many requests: try again in a minute.');
    expect(within(form).getByRole('textbox', { name: 'SEPA' })).toHaveValue('new account');
    expect(within(form).getByRole('button', { name: 'Save payment details' })).toBeEnabled();
  });

  it('is not there for a visitor or on a Buy offer, and nothing is asked', async () => {
    const visitor = setup(WALLET_B, 0);
    expect(await screen.findByText('Offer #7')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment details' })).not.toBeInTheDocument();
    expect(visitor.api.callsTo(`GET ${DETAILS}`)).toHaveLength(0);
    visitor.unmount();

    const buyOffer = setup(WALLET_A, 1);
    expect(await screen.findByText('Offer #7')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment details' })).not.toBeInTheDocument();
    expect(buyOffer.api.callsTo(`GET ${DETAILS}`)).toHaveLength(0);
  });
});
