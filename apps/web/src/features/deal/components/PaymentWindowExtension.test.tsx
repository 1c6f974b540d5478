import '../../../lib/solana/testing/useNodeTypedArrays.ts';
import type { DealWindow, WindowExtension } from '@jelly/contracts';
import { OrderStatus, WINDOW_EXTENSION_PENDING } from '@jelly/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyDealWindow } from '../../../lib/realtime/cacheUpdates.ts';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { dealWindowApi } from '../api/dealWindowApi.ts';
import { BUYER, DEAL_ID, renderDeal, SELLER, sellDeal } from '../testing/dealTestKit.tsx';

const WINDOW = `GET /api/deals/${DEAL_ID}/window`;
const ASK = `POST /api/deals/${DEAL_ID}/window/extensions`;
const buyer = BUYER.publicKey.toBase58();
const seller = SELLER.publicKey.toBase58();

const request = (over: Partial<WindowExtension> = {}): WindowExtension => ({
  id: 11,
  requestedBy: buyer,
  minutes: 30,
  state: 'pending',
  answeredBy: null,
  createdAt: new Date().toISOString(),
  answeredAt: null,
  ...over,
});

/** The deal page with GET /deals/{id}/window answering `current.window` (tests change it as the server would). */
function renderWindow(viewer: typeof BUYER, extensions: WindowExtension[], status: OrderStatus = OrderStatus.InProgress) {
  const deal = sellDeal({ status });
  const current: { window: DealWindow } = { window: { orderId: DEAL_ID, paymentDeadline: deal.paymentDeadline, extensions } };
  const api = fakeApi({ [WINDOW]: () => json(200, current.window) });
  const view = renderDeal({ deal, viewer, api });
  return { ...view, deal, current };
}

describe('deal header: more time on the payment window', () => {
  it('a party asks for 30 more minutes, then waits for the answer', async () => {
    const view = renderWindow(BUYER, []);
    view.api.on(ASK, () => {
      view.current.window = { ...view.current.window, extensions: [request()] };
      return json(200, view.current.window);
    });
    const group = await screen.findByRole('group', { name: 'Ask for more time' });
    expect(group).toHaveTextContent('2 requests left');
    await userEvent.click(within(group).getByRole('button', { name: /ask for 30 more minutes/i }));
    expect(JSON.parse(view.api.callsTo(ASK)[0]!.body)).toEqual({ minutes: 30 });
    expect(await screen.findByText('Asked for 30 more minutes')).toBeInTheDocument();
    expect(await screen.findByText('Waiting for the other party to answer your request for 30 more minutes.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Ask for more time' })).not.toBeInTheDocument();
  });

  it('the other party accepts: the answer is posted and the deal (its countdown) is read again', async () => {
    const view = renderWindow(SELLER, [request()]);
    const answer = `POST /api/deals/${DEAL_ID}/window/extensions/11/answer`;
    const later = new Date(Date.parse(view.deal.paymentDeadline!) + 30 * 60_000).toISOString();
    view.api.on(answer, () => {
      view.current.window = { ...view.current.window, paymentDeadline: later, extensions: [request({ state: 'accepted', answeredBy: seller })] };
      view.setDeal({ ...view.deal, paymentDeadline: later });
      return json(200, view.current.window);
    });
    const group = await screen.findByRole('group', { name: 'Request for more time' });
    expect(group).toHaveTextContent('The other party asks for 30 more minutes.');
    const ordersBefore = view.api.callsTo(`GET /api/orders/${DEAL_ID}`).length;
    await userEvent.click(within(group).getByRole('button', { name: 'Accept' }));
    expect(JSON.parse(view.api.callsTo(answer)[0]!.body)).toEqual({ answer: 'accept' });
    expect(await screen.findByText('Payment window extended')).toBeInTheDocument();
    await waitFor(() => expect(view.api.callsTo(`GET /api/orders/${DEAL_ID}`).length).toBeGreaterThan(ordersBefore));
    // one request left, nobody waiting
    expect(await screen.findByRole('group', { name: 'Ask for more time' })).toHaveTextContent('1 request left');
  });

  it("toasts the server's refusal and keeps the controls usable", async () => {
    const view = renderWindow(SELLER, []);
    view.api.on(ASK, () => apiError(409, 'CONFLICT', WINDOW_EXTENSION_PENDING));
    await userEvent.click(await screen.findByRole('button', { name: /ask for 15 more minutes/i }));
    expect(await screen.findByText(WINDOW_EXTENSION_PENDING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /ask for 15 more minutes/i })).toBeEnabled();
  });

  it('offers nothing once the cap is reached', async () => {
    const view = renderWindow(BUYER, [request({ state: 'declined' }), request({ id: 12, requestedBy: seller, state: 'accepted' })]);
    const loaded = () => dealWindowApi.endpoints.dealWindow.select(DEAL_ID)(view.store.getState() as never).data;
    await waitFor(() => expect(loaded()).toBeDefined());
    expect(screen.getByTestId('deal-countdown')).toBeInTheDocument();
    expect(screen.queryByTestId('window-extension')).not.toBeInTheDocument();
  });

  it('asks nothing of the server once the window stopped (locked and paid)', async () => {
    const view = renderWindow(BUYER, [], OrderStatus.SignedByOneParty);
    await screen.findByTestId('deal-status');
    expect(view.api.callsTo(WINDOW)).toHaveLength(0);
    expect(screen.queryByTestId('window-extension')).not.toBeInTheDocument();
  });

  it('a pushed deal.window event brings the counterparty request in', async () => {
    const view = renderWindow(SELLER, []);
    await screen.findByRole('group', { name: 'Ask for more time' });
    view.current.window = { ...view.current.window, extensions: [request()] };
    act(() => {
      applyDealWindow(view.store.dispatch, { type: 'deal.window', dealId: DEAL_ID, paymentDeadline: view.deal.paymentDeadline });
    });
    expect(await screen.findByRole('group', { name: 'Request for more time' })).toBeInTheDocument();
  });
});
