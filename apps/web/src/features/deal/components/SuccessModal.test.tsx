import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import { OrderStatus, TRANSACTION_SUCCESSFUL } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { dealApi } from '../api/dealApi.ts';
import { BUYER, DEAL_ID, renderDeal, SELLER, sellDeal } from '../testing/dealTestKit.tsx';

const seller = SELLER.publicKey.toBase58();
const buyer = BUYER.publicKey.toBase58();
const REVIEW_STATUS = `GET /api/rating/order/${DEAL_ID}/status`;

const aReview = (fromWallet: string) => ({
  id: 'r1',
  fromWallet,
  score: 5,
  comment: 'fast',
  dealId: DEAL_ID,
  createdAt: '2026-11-21T10:00:00.000Z',
});

function reviewStatus(party1Review: unknown, party2Review: unknown) {
  return () => json(200, { party1Wallet: seller, party2Wallet: buyer, party1Review, party2Review });
}

describe('success modal', () => {
  it('opens for a party of a Completed deal who has not reviewed; Confirm posts the rating and goes to /my-account', async () => {
    const api = fakeApi({
      [REVIEW_STATUS]: reviewStatus(aReview(seller), null),
      'POST /api/rating': () => json(201, { id: 'r2', kind: 'review' }),
    });
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.Completed }), viewer: BUYER, api });

    const dialog = await screen.findByRole('dialog', { name: TRANSACTION_SUCCESSFUL });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled(); // the rating starts at 0
    await userEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    expect(within(dialog).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Comment' }), '  Smooth deal  ');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);

    await waitFor(() => expect(view.router.state.location.pathname).toBe('/my-account'));
    const [post] = view.api.callsTo('POST /api/rating');
    expect(JSON.parse(post!.body)).toEqual({ toWallet: seller, score: 4, comment: 'Smooth deal', dealId: DEAL_ID });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open for a party who already reviewed', async () => {
    const api = fakeApi({ [REVIEW_STATUS]: reviewStatus(aReview(seller), null) });
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.Completed }), viewer: SELLER, api });
    await waitFor(() => expect(view.api.callsTo(REVIEW_STATUS)).toHaveLength(1));
    await screen.findByTestId('deal-status');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not asked about before the deal is Completed', async () => {
    const api = fakeApi({ [REVIEW_STATUS]: reviewStatus(null, null) });
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.SignedByOneParty }), viewer: SELLER, api });
    await screen.findByTestId('deal-status');
    expect(view.api.callsTo(REVIEW_STATUS)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens when a polled deal turns Completed, once, and a failed submit still goes to /my-account', async () => {
    const api = fakeApi({
      [REVIEW_STATUS]: reviewStatus(null, null),
      'POST /api/rating': () => apiError(500, 'INTERNAL_ERROR', 'Internal server error'),
    });
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.Completed }), viewer: SELLER, api });
    const dialog = await screen.findByRole('dialog', { name: TRANSACTION_SUCCESSFUL });
    expect(within(dialog).getByText((_, el) => el?.tagName === 'P' && el.textContent?.includes(buyer.slice(0, 8)) === true)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: '1 star' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/my-account'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(view.store.getState().modals.stack).toEqual([]);
  });

  it('can be closed without rating and does not come back on the next poll', async () => {
    const api = fakeApi({ [REVIEW_STATUS]: reviewStatus(null, null) });
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.Completed }), viewer: SELLER, api });
    const dialog = await screen.findByRole('dialog', { name: TRANSACTION_SUCCESSFUL });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The next poll brings a fresh record of the same Completed deal.
    view.setDeal(sellDeal({ status: OrderStatus.Completed, updatedAt: '2026-11-21T11:00:00.000Z' }));
    view.store.dispatch(dealApi.util.invalidateTags([{ type: 'Deal', id: DEAL_ID }]));
    await waitFor(() => expect(view.api.callsTo(`GET /api/orders/${DEAL_ID}`)).toHaveLength(2));
    await waitFor(() => expect(view.store.getState().api.queries[`dealOrder(${DEAL_ID})`]?.status).toBe('fulfilled'));
    expect(view.store.getState().modals.stack).toEqual([]);
    expect(view.api.callsTo('POST /api/rating')).toHaveLength(0);
  });
});
