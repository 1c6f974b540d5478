import { ORDER_ALREADY_RESOLVED_BY_ADMIN, OrderStatus, RESOLVE_AWAITING_SECOND_ADMIN } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, WALLET_A, WALLET_B } from '../../../test/fakeApi.ts';
import { adminHeader } from '../test/fixtures.ts';
import { renderAdmin as renderArea } from '../test/renderAdmin.tsx';

const renderAdmin = (path: string, api = fakeApi(), viewer = {}) => renderArea(path, api, viewer, { overlays: true });

const ORDER = 'GET /api/admin/orders/42';
const RESOLVE = 'POST /api/admin/orders/42/resolve';

const resolved = adminHeader({
  status: OrderStatus.AdminResolved,
  statusLabel: 'Admin Resolved',
  resolve: {
    toBuyer: { enabled: false, reason: ORDER_ALREADY_RESOLVED_BY_ADMIN },
    toSeller: { enabled: false, reason: ORDER_ALREADY_RESOLVED_BY_ADMIN },
  },
});

describe('admin area access', () => {
  it('asks a signed-out visitor to connect an admin wallet', async () => {
    const { api } = renderAdmin('/admin/orders/42', fakeApi(), { wallet: null, signedIn: false, isAdmin: false });
    expect(screen.getByText('Connect an admin wallet and sign in to continue.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows a 403 message to a signed-in wallet that is not an admin, and calls nothing', async () => {
    const { api } = renderAdmin('/admin/orders/42', fakeApi(), { wallet: WALLET_A, isAdmin: false });
    expect(screen.getByRole('heading', { name: '403 — Admins only' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the 403 message when the API refuses the token', async () => {
    renderAdmin('/admin/orders/42', fakeApi({ [ORDER]: () => apiError(403, 'FORBIDDEN', 'Admins only') }));
    expect(await screen.findByRole('heading', { name: '403 — Admins only' })).toBeInTheDocument();
  });

  it('Deals opens an order by its id', async () => {
    const { router } = renderAdmin('/admin/deals', fakeApi({ [ORDER]: () => json(200, adminHeader()) }));
    const open = screen.getByRole('button', { name: 'Open' });
    expect(open).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Order ID' }), '42');
    await userEvent.click(open);
    expect(router.state.location.pathname).toBe('/admin/orders/42');
    expect(await screen.findByRole('heading', { name: 'Order #42' })).toBeInTheDocument();
  });
});

describe('admin order chat', () => {
  it('shows order id, Fiat/Asset, Side, Buyer, Seller, Amount, Price, status, and the deal chat', async () => {
    renderAdmin('/admin/orders/42', fakeApi({ [ORDER]: () => json(200, adminHeader()) }));
    await screen.findByRole('heading', { name: 'Order #42' });
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Order ID')).toBe('42');
    expect(value('Fiat/Asset')).toBe('EUR/USDC');
    expect(value('Side')).toBe('SELL');
    expect(value('Buyer')).toBe(WALLET_B);
    expect(value('Seller')).toBe(WALLET_A);
    expect(value('Amount')).toBe('40.00 USDC');
    expect(value('Price')).toBe('0.92 EUR');
    expect(value('Status')).toBe('Admin Resolving');
    expect(screen.getByText('Chat of deal 42 as admin')).toBeInTheDocument();
  });

  it('lists the requests for more time: who asked, how long, and the answer', async () => {
    const extensions = [
      { id: 1, requestedBy: WALLET_B, minutes: 15 as const, state: 'accepted' as const, answeredBy: WALLET_A, createdAt: '2026-11-21T09:00:00.000Z', answeredAt: '2026-11-21T09:02:00.000Z' },
      { id: 2, requestedBy: WALLET_A, minutes: 30 as const, state: 'pending' as const, answeredBy: null, createdAt: '2026-11-21T09:20:00.000Z', answeredAt: null },
    ];
    renderAdmin('/admin/orders/42', fakeApi({ [ORDER]: () => json(200, adminHeader({ extensions })) }));
    const list = await screen.findByRole('region', { name: 'Requests for more time' });
    const rows = within(list).getAllByTestId('admin-extension');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/^Buyer .+ asked for 15 more minutes · .+ · accepted by Seller .+ · .+$/);
    expect(rows[1]).toHaveTextContent(/^Seller .+ asked for 30 more minutes · .+ · waiting for an answer$/);
  });

  it('says when no party asked for more time', async () => {
    renderAdmin('/admin/orders/42', fakeApi({ [ORDER]: () => json(200, adminHeader()) }));
    expect(await screen.findByRole('region', { name: 'Requests for more time' })).toHaveTextContent('None.');
  });

  it('Side reads BUY for a Buy offer', async () => {
    renderAdmin('/admin/orders/42', fakeApi({ [ORDER]: () => json(200, adminHeader({ offerSide: 1, side: 'BUY' })) }));
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(screen.getByText('Side', { selector: 'dt' }).nextElementSibling).toHaveTextContent('BUY');
  });

  it("Send to Buyer: confirm → POST resolve { releaseTo: 'buyer' } → 'Resolve transaction submitted', then both buttons disabled", async () => {
    let current = adminHeader();
    const api = fakeApi({
      [ORDER]: () => json(200, current),
      [RESOLVE]: () => {
        current = resolved;
        return json(200, { state: 'executed', orderId: 42, status: OrderStatus.AdminResolved, signature: 'sig', releaseTo: 'buyer', reason: 'Paid in full.' });
      },
    });
    renderAdmin('/admin/orders/42', api);
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Paid in full.');
    await userEvent.click(screen.getByRole('button', { name: 'Send to Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to Buyer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release to Buyer' }));

    expect(await screen.findByText('Resolve transaction submitted')).toBeInTheDocument();
    expect(JSON.parse(api.callsTo(RESOLVE)[0]!.body)).toEqual({ releaseTo: 'buyer', reason: 'Paid in full.' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to Buyer' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Send to Seller' })).toBeDisabled();
    expect(screen.getByTestId('resolve-disabled-reason')).toHaveTextContent(ORDER_ALREADY_RESOLVED_BY_ADMIN);
    expect(screen.getByTestId('admin-status')).toHaveTextContent('Admin Resolved');
  });

  it('sends the reason the admin wrote for the parties, trimmed', async () => {
    const api = fakeApi({
      [ORDER]: () => json(200, adminHeader()),
      [RESOLVE]: () => json(200, { state: 'executed', orderId: 42, status: OrderStatus.AdminResolved, signature: 'sig', releaseTo: 'seller', reason: 'No payment arrived.' }),
    });
    renderAdmin('/admin/orders/42', api);
    const note = await screen.findByRole('textbox', { name: /Reason \(both parties read it/ });
    expect(note).toHaveAttribute('maxLength', '500');
    await userEvent.type(note, '  No payment arrived.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send to Seller' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund to Seller' }));
    await waitFor(() => expect(api.callsTo(RESOLVE)).toHaveLength(1));
    expect(JSON.parse(api.callsTo(RESOLVE)[0]!.body)).toEqual({ releaseTo: 'seller', reason: 'No payment arrived.' });
  });

  it('keeps both buttons disabled until a reason of at least 3 characters is written', async () => {
    const { api } = renderAdmin('/admin/orders/42', fakeApi({ [ORDER]: () => json(200, adminHeader()) }));
    const note = await screen.findByRole('textbox', { name: /Reason/ });
    expect(screen.getByRole('button', { name: 'Send to Buyer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send to Seller' })).toBeDisabled();
    await userEvent.type(note, ' ab ');
    expect(screen.getByRole('button', { name: 'Send to Seller' })).toBeDisabled();
    await userEvent.type(note, 'c');
    expect(screen.getByRole('button', { name: 'Send to Seller' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send to Buyer' })).toBeEnabled();
    expect(api.callsTo(RESOLVE)).toHaveLength(0);
  });

  it('above the four-eyes amount the request waits for a second admin', async () => {
    const api = fakeApi({
      [ORDER]: () => json(200, adminHeader()),
      [RESOLVE]: () =>
        json(202, {
          state: 'pending_approval',
          orderId: 42,
          approval: {
            id: '7f0c4b8e-1f7e-4a53-9d55-2f1f5d0e8a11',
            orderId: 42,
            releaseTo: 'seller',
            reason: 'No payment arrived.',
            requestedBy: WALLET_B,
            requestedAt: '2026-11-21T10:00:00.000Z',
            state: 'pending',
            decidedBy: null,
            decidedAt: null,
            decisionReason: null,
          },
        }),
    });
    renderAdmin('/admin/orders/42', api);
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason/ }), 'No payment arrived.');
    await userEvent.click(screen.getByRole('button', { name: 'Send to Seller' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund to Seller' }));
    expect(await screen.findByText(RESOLVE_AWAITING_SECOND_ADMIN)).toBeInTheDocument();
  });

  it.each([
    ['a refusal the server explains', () => apiError(409, 'CONFLICT', ORDER_ALREADY_RESOLVED_BY_ADMIN), `Error: ${ORDER_ALREADY_RESOLVED_BY_ADMIN}`],
    ['a server failure', () => apiError(500, 'INTERNAL_ERROR', 'Internal server error'), 'Resolve failed'],
  ])('reports %s', async (_name, answer, message) => {
    renderAdmin('/admin/orders/42', fakeApi({ [ORDER]: () => json(200, adminHeader()), [RESOLVE]: answer }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Paid in full.');
    await userEvent.click(screen.getByRole('button', { name: 'Send to Buyer' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release to Buyer' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('keeps the buttons disabled with the reason for an already resolved order', async () => {
    renderAdmin('/admin/orders/42', fakeApi({ [ORDER]: () => json(200, resolved) }));
    expect(await screen.findByRole('button', { name: 'Send to Buyer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send to Seller' })).toBeDisabled();
    expect(screen.getAllByTestId('resolve-disabled-reason')).toHaveLength(1);
    expect(screen.getByText(ORDER_ALREADY_RESOLVED_BY_ADMIN)).toBeInTheDocument();
  });
});

describe("admin order chat: the seller's payment details", () => {
  const DETAILS = 'GET /api/admin/disputes/42/payment-details';

  it('shows them during a dispute', async () => {
    renderAdmin(
      '/admin/orders/42',
      fakeApi({
        [ORDER]: () => json(200, adminHeader()),
        [DETAILS]: () => json(200, { orderId: 42, entries: [{ paymentMethodId: 'sepa', paymentMethodName: 'SEPA', details: 'IBAN DE89 3704' }] }),
      }),
    );
    const section = await screen.findByRole('region', { name: "Seller's payment details" });
    expect(await within(section).findByText('IBAN DE89 3704', { exact: false })).toHaveTextContent('SEPA: IBAN DE89 3704');
  });

  it("shows a Buy offer's claimer's details too (the claimer is the seller there)", async () => {
    renderAdmin(
      '/admin/orders/42',
      fakeApi({
        [ORDER]: () => json(200, adminHeader({ offerSide: 1, side: 'BUY' })),
        [DETAILS]: () => json(200, { orderId: 42, entries: [{ paymentMethodId: 'wise', paymentMethodName: 'Wise', details: 'sam@example.com' }] }),
      }),
    );
    const section = await screen.findByRole('region', { name: "Seller's payment details" });
    expect(await within(section).findByText('sam@example.com', { exact: false })).toHaveTextContent('Wise: sam@example.com');
  });

  it('asks nothing outside a dispute', async () => {
    const { api } = renderAdmin('/admin/orders/42', fakeApi({ [ORDER]: () => json(200, resolved) }));
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(screen.queryByRole('region', { name: "Seller's payment details" })).not.toBeInTheDocument();
    expect(api.callsTo(DETAILS)).toHaveLength(0);
  });
});
