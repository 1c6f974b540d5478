import type { DisputeQueueRow } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, WALLET_A, WALLET_B } from '../../../test/fakeApi.ts';
import { approval } from '../test/fixtures.ts';
import { renderAdmin } from '../test/renderAdmin.tsx';

const QUEUE = 'GET /api/admin/disputes';

function row(orderId: number, overrides: Partial<DisputeQueueRow> = {}): DisputeQueueRow {
  return {
    orderId,
    status: OrderStatus.AdminResolving,
    statusLabel: 'Admin Resolving',
    tokenMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    tokenName: 'USDC',
    tokenDecimal: 6,
    amount: '40000000',
    price: '0.92',
    fiatCode: 'EUR',
    fiatAmountCents: '3680',
    buyerWallet: WALLET_B,
    sellerWallet: WALLET_A,
    openedAt: '2026-11-21T10:00:00.000Z',
    openedBy: WALLET_B,
    slaDueAt: '2026-11-22T10:00:00.000Z',
    reviewFlag: null,
    pendingApproval: null,
    supportCase: null,
    ...overrides,
  };
}

const queue = () =>
  json(200, {
    data: [row(41), row(42, { pendingApproval: approval(WALLET_A) }), row(43, { reviewFlag: { reason: 'Seller banned', flaggedAt: '2026-11-21T11:00:00.000Z', flaggedBy: 'admin' } })],
    total: 3,
    page: 1,
    size: 20,
  });

describe('dispute queue', () => {
  it('lists disputes as the server orders them (oldest first) with amounts, parties, clocks and flags', async () => {
    renderAdmin('/admin/disputes', fakeApi({ [QUEUE]: queue }));
    const table = await screen.findByRole('table', { name: 'Disputes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['#41', '#42', '#43']);
    expect(rows[0]).toHaveTextContent('40.00 USDC · EUR');
    expect(within(rows[0]!).getByTestId('sla-clock')).toHaveTextContent(/^\d+d \d\d:\d\d:\d\d$/);
    expect(rows[1]).toHaveTextContent('awaiting a second admin');
    expect(rows[2]).toHaveTextContent('flagged for review');
    expect(within(rows[0]!).getByRole('link', { name: '#41' })).toHaveAttribute('href', '/admin/disputes/41');
  });

  it('filters by status and fiat, and searches by deal id, wallet or signature (back to page 1)', async () => {
    const api = fakeApi({ [QUEUE]: queue, 'GET /api/payments': () => json(200, [{ id: 978, code: 'EUR', name: 'Euro', icon: '/eu.svg', countryCode: 'EU', countryName: 'Europe', digits: 2 }]) });
    renderAdmin('/admin/disputes', api);
    await screen.findByRole('table', { name: 'Disputes' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'flagged');
    await screen.findByRole('option', { name: 'EUR' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Fiat' }), 'EUR');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Deal id, wallet or transaction signature' }), `${WALLET_A}{Enter}`);
    await waitFor(() => {
      const params = new URL(api.callsTo(QUEUE).at(-1)!.url).searchParams;
      expect(Object.fromEntries(params)).toEqual({ status: 'flagged', fiat: 'EUR', q: WALLET_A, Page: '1', Size: '20' });
    });
  });
});
