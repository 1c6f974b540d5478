import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import { OrderStatus, SUPPORT_WINDOW_CLOSED } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { CASE_SENT } from '../actions/prepareSupportRequest.ts';
import { RESOLUTION_RETRY_MS } from './DealChatPage.tsx';
import { BUYER, DEAL_ID, renderDeal, SELLER, sellDeal } from '../testing/dealTestKit.tsx';

const HOUR = 60 * 60_000;
const endedAgo = (ms: number) => new Date(Date.now() - ms).toISOString();
const actions = () => within(screen.getByRole('group', { name: 'Deal actions' }));

describe('deal page: Support Request after the deal ended', () => {
  it.each([OrderStatus.Completed, OrderStatus.Expired, OrderStatus.Cancelled])('status %i: a party opens a case; the deal stays as it ended', async (status) => {
    const api = fakeApi({
      'POST /api/platform/call-tg-bot': () => json(200, { id: 'c1', orderId: DEAL_ID, status, statusChanged: false }),
    });
    const view = renderDeal({ deal: sellDeal({ status, updatedAt: endedAgo(2 * HOUR) }), viewer: BUYER, api });
    await userEvent.click(await screen.findByRole('button', { name: 'Support Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a case with the admins?' });
    expect(dialog).toHaveTextContent('cannot be moved');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Case' }));
    expect(await screen.findByText(CASE_SENT)).toBeInTheDocument();
    expect(view.api.callsTo('POST /api/platform/call-tg-bot')).toHaveLength(1);
    expect(screen.getByTestId('deal-status')).toHaveAttribute('data-status', String(status));
  });

  it("shows the server's refusal when the window closed meanwhile", async () => {
    const api = fakeApi({ 'POST /api/platform/call-tg-bot': () => apiError(409, 'CONFLICT', SUPPORT_WINDOW_CLOSED) });
    renderDeal({ deal: sellDeal({ status: OrderStatus.Expired, updatedAt: endedAgo(23 * HOUR) }), viewer: SELLER, api });
    await userEvent.click(await screen.findByRole('button', { name: 'Support Request' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open Case' }));
    expect(await screen.findByText(new RegExp(SUPPORT_WINDOW_CLOSED.replace('.', '\\.')))).toBeInTheDocument();
  });

  it('offers nothing 24 hours after the deal ended (completed too), nor on a deal an admin resolved', async () => {
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.Expired, updatedAt: endedAgo(24 * HOUR + 60_000) }), viewer: BUYER });
    await screen.findByTestId('deal-status');
    expect(actions().queryAllByRole('button')).toEqual([]);
    view.unmount();
    const completed = renderDeal({ deal: sellDeal({ status: OrderStatus.Completed, updatedAt: endedAgo(24 * HOUR + 60_000) }), viewer: BUYER });
    await screen.findByTestId('deal-status');
    expect(actions().queryAllByRole('button')).toEqual([]);
    completed.unmount();
    renderDeal({ deal: sellDeal({ status: OrderStatus.AdminResolved, updatedAt: endedAgo(HOUR) }), viewer: BUYER });
    await screen.findByTestId('deal-status');
    expect(actions().queryAllByRole('button')).toEqual([]);
  });
});

describe("deal page: the admin's decision", () => {
  const resolved = sellDeal({
    status: OrderStatus.AdminResolved,
    adminResolution: { releasedTo: 'buyer', reason: 'The bank statement shows the payment.', resolvedAt: endedAgo(HOUR) },
  });

  it('tells the buyer the tokens went to them, with the reason', async () => {
    renderDeal({ deal: resolved, viewer: BUYER });
    const note = await screen.findByRole('region', { name: 'Admin decision' });
    expect(note).toHaveTextContent('An admin resolved this deal: the tokens went to you.');
    expect(note).toHaveTextContent('Reason: The bank statement shows the payment.');
  });

  it('tells the seller who received them, and says so when no reason was given', async () => {
    const buyer = BUYER.publicKey.toBase58();
    renderDeal({ deal: { ...resolved, adminResolution: { ...resolved.adminResolution!, reason: null } }, viewer: SELLER });
    const note = await screen.findByRole('region', { name: 'Admin decision' });
    expect(note).toHaveTextContent(`the tokens went to the buyer (${buyer.slice(0, 8)}…${buyer.slice(-6)})`);
    expect(note).toHaveTextContent('Reason: No reason was given.');
  });

  it('asks again when Admin Resolved arrives before the decision is recorded', async () => {
    // Timers move only when the test moves them; `settle` steps them 1 ms per check, so a loaded machine cannot push
    // the fake clock to the 5-second poll behind the test's back.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const settle = (check: () => void) => vi.waitFor(check, { interval: 1, timeout: 10_000 });
    try {
      const view = renderDeal({ deal: { ...resolved, adminResolution: null }, viewer: BUYER });
      const fetches = () => view.api.callsTo(`GET /api/orders/${DEAL_ID}`).length;
      await settle(() => expect(fetches()).toBe(1));
      await settle(() => expect(screen.getByTestId('deal-status')).toHaveTextContent('Admin Resolved'));
      view.setDeal(resolved);
      await act(() => vi.advanceTimersByTimeAsync(RESOLUTION_RETRY_MS + 50));
      await settle(() => expect(screen.getByRole('region', { name: 'Admin decision' })).toHaveTextContent('the tokens went to you'));
      expect(fetches()).toBe(2);
      // once it is there, no more asking (the 5-second poll without a socket is not due yet)
      await act(() => vi.advanceTimersByTimeAsync(RESOLUTION_RETRY_MS * 2));
      expect(fetches()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing before a resolution', async () => {
    renderDeal({ deal: sellDeal({ status: OrderStatus.CryptoGuyLockedCrypto }), viewer: BUYER });
    await screen.findByTestId('deal-status');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Admin decision' })).not.toBeInTheDocument());
  });
});
