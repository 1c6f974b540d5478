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
    // the user's own words are required, counted against the limit
    const open = within(dialog).getByRole('button', { name: 'Open Case' });
    expect(open).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What went wrong?' }), '  My transfer was reversed.');
    expect(dialog).toHaveTextContent('25 / 1000');
    await userEvent.click(open);
    expect(await screen.findByText(CASE_SENT)).toBeInTheDocument();
    const calls = view.api.callsTo('POST /api/platform/call-tg-bot');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ dealId: String(DEAL_ID), receiver: 'Admin', messageType: 'AdminNotification', message: 'My transfer was reversed.' });
    expect(screen.getByTestId('deal-status')).toHaveAttribute('data-status', String(status));
  });

  it("shows the server's refusal when the window closed meanwhile", async () => {
    const api = fakeApi({ 'POST /api/platform/call-tg-bot': () => apiError(409, 'CONFLICT', SUPPORT_WINDOW_CLOSED) });
    renderDeal({ deal: sellDeal({ status: OrderStatus.Expired, updatedAt: endedAgo(23 * HOUR) }), viewer: SELLER, api });
    await userEvent.click(await screen.findByRole('button', { name: 'Support Request' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'Paid twice.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open Case' }));
    expect(await screen.findByText(new RegExp(SUPPORT_WINDOW_CLOSED.replace('.', '\\.')))).toBeInTheDocument();
  });

  it('keeps Open Case disabled past 1000 characters, the count shown in warning', async () => {
    renderDeal({ deal: sellDeal({ status: OrderStatus.Completed, updatedAt: endedAgo(HOUR) }), viewer: BUYER });
    await userEvent.click(await screen.findByRole('button', { name: 'Support Request' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox');
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(1001));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).toHaveTextContent('1001 / 1000');
    expect(within(dialog).getByRole('button', { name: 'Open Case' })).toBeDisabled();
  });

  it('shows both parties the open case, then the closed case with the admin reason', async () => {
    const openCase = { id: 'c1', state: 'open' as const, message: 'My transfer was reversed.', openedBy: BUYER.publicKey.toBase58(), openedAt: endedAgo(HOUR), closedAt: null, closeReason: null };
    const view = renderDeal({ deal: sellDeal({ status: OrderStatus.Completed, updatedAt: endedAgo(2 * HOUR), supportCase: openCase }), viewer: SELLER });
    const note = await screen.findByRole('region', { name: 'Support case' });
    expect(note).toHaveTextContent('Support case open.');
    expect(note).toHaveTextContent('My transfer was reversed.');
    view.unmount();
    renderDeal({
      deal: sellDeal({ status: OrderStatus.Completed, updatedAt: endedAgo(2 * HOUR), supportCase: { ...openCase, state: 'closed', closedAt: endedAgo(60_000), closeReason: 'The transfer arrived.' } }),
      viewer: BUYER,
    });
    expect(await screen.findByTestId('support-case-reason')).toHaveTextContent('Reason: The transfer arrived.');
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
