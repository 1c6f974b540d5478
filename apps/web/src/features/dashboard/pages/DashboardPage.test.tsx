import { shortenWallet } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyOrderStatus } from '../../../lib/realtime/cacheUpdates.ts';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { coinsHandler, LIST, listHandler, listPage, makeDeal, makeStats, ME, OTHER, params, renderDashboard, STATS } from '../testing/dashboardHarness.tsx';
import { pretendPhone } from '../../../test/renderApp.tsx';
import { SIGNED_OUT_TEXT } from './DashboardPage.tsx';

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

const isActive = (q: Record<string, string>) => q.StatusGroup === 'processing' && q.Size === '50';

describe('dashboard (/my-account)', () => {
  it('signed out: a clear message and Connect Wallet; nothing is loaded', async () => {
    const api = fakeApi();
    const connect = vi.fn();
    renderDashboard({ api, signedOut: true, onConnectWallet: connect });
    expect(screen.getByText(SIGNED_OUT_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(connect).toHaveBeenCalledTimes(1);
    expect(api.callsTo(LIST)).toHaveLength(0);
    expect(api.callsTo(STATS)).toHaveLength(0);
    expect(document.title).toBe('Dashboard · Jelly');
  });

  it('shows skeletons while loading, then the running deals first with role, amounts, counterparty, status and time left', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const deadline = new Date(Date.now() + 20 * 60_000).toISOString();
    const api = fakeApi({
      'GET /api/platform/coins': coinsHandler,
      [STATS]: () => json(200, makeStats()),
      [LIST]: listHandler(async (q) => {
        await gate;
        return listPage(isActive(q) ? [makeDeal({ status: 8, paymentDeadline: deadline, role: 'buyer' }), makeDeal({ orderId: 13, role: 'seller', amount: '1500000', fiatAmountCents: '138' })] : []);
      }),
    });
    const view = renderDashboard({ api });
    expect(await screen.findByRole('status', { name: 'Loading active deals' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    release();

    const active = await screen.findByRole('list', { name: 'Active deals' });
    const first = within(active).getByTestId('deal-12');
    expect(within(first).getByText('Buying')).toBeInTheDocument();
    expect(within(first).getByText('40.00 USDC')).toBeInTheDocument();
    expect(within(first).getByText('36.80 EUR')).toBeInTheDocument();
    expect(within(first).getByText('Locked')).toBeInTheDocument();
    expect(within(first).getByRole('timer').textContent).toMatch(/^(20:00|19:5\d)$/);
    const counterparty = within(first).getByRole('link', { name: shortenWallet(OTHER) });
    expect(counterparty).toHaveAttribute('href', `/trader/${OTHER}`);
    expect(within(first).getByRole('link', { name: 'Deal #12' })).toHaveAttribute('href', '/swap-chat/12');
    const second = within(active).getByTestId('deal-13');
    expect(within(second).getByText('Selling')).toBeInTheDocument();
    expect(within(second).getByText('1.50 USDC')).toBeInTheDocument();
    expect(within(second).getByText('In Progress')).toBeInTheDocument();
    expect(within(second).queryByRole('timer')).toBeNull();

    const activeCall = view.api.callsTo(LIST).map(params).find(isActive);
    expect(activeCall).toEqual({ Kind: 'deals', StatusGroup: 'processing', Dir: '1', Page: '1', Size: '50' });
    expect(view.api.callsTo(LIST)[0]!.headers.get('authorization')).toMatch(/^Bearer /);
    // Active deals come before the order history on the page.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 2)).toEqual(['Active deals', 'Order history']);
  });

  it('an order.status event refreshes the active deals (no polling)', async () => {
    let status = 1;
    const api = fakeApi({
      [STATS]: () => json(200, makeStats()),
      [LIST]: listHandler((q) => listPage(isActive(q) ? [makeDeal({ status: status as 1 })] : [])),
    });
    const view = renderDashboard({ api });
    const row = await screen.findByTestId('deal-12');
    expect(within(row).getByText('In Progress')).toBeInTheDocument();
    const before = view.api.callsTo(LIST).length;

    status = 8;
    applyOrderStatus(view.store.dispatch, { type: 'order.status', orderId: 12, parentOrderId: 3, status: 8, changedAt: new Date().toISOString() });
    await waitFor(() => expect(within(screen.getByTestId('deal-12')).getByText('Locked')).toBeInTheDocument());
    expect(view.api.callsTo(LIST).length).toBeGreaterThan(before);
  });

  it('empty lists say so', async () => {
    const api = fakeApi({ [STATS]: () => json(200, makeStats()), [LIST]: () => listPage([]) });
    renderDashboard({ api });
    expect(await screen.findByText('No deals are running right now.')).toBeInTheDocument();
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(await screen.findByText('No ads match these filters.')).toBeInTheDocument();
  });

  it('a failed load shows an empty list, total 0, the error and Retry, which loads again', async () => {
    let fail = true;
    const api = fakeApi({
      [STATS]: () => json(200, makeStats()),
      [LIST]: listHandler((q) => {
        if (q.Kind === 'deals' && !isActive(q) && fail) return apiError(500, 'INTERNAL_ERROR', 'Internal server error');
        return listPage(q.Kind === 'deals' && !isActive(q) ? [makeDeal({ status: 3 })] : [], { total: 9 });
      }),
    });
    renderDashboard({ api });
    const history = (await screen.findByRole('heading', { name: 'Order history' })).closest('section')!;
    const alert = await within(history).findByRole('alert');
    expect(alert).toHaveTextContent('Orders could not be loaded.');
    expect(within(history).queryByRole('list', { name: 'Orders' })).toBeNull();
    expect(within(history).getByText(/0 in total/)).toBeInTheDocument();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(history).findByTestId('deal-12')).toBeInTheDocument();
    expect(within(history).getByText(/9 in total/)).toBeInTheDocument();
    expect(within(history).queryByRole('alert')).toBeNull();
  });

  it('the stats card shows the own figures with exact token volumes', async () => {
    const api = fakeApi({ [STATS]: () => json(200, makeStats()), [LIST]: () => listPage([]) });
    renderDashboard({ api });
    const stats = await screen.findByTestId('trader-stats');
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value('Completed trades')).toBe('14');
    // Worded as the public profile words them: whole minutes, no trailing '.0'.
    expect(value('Trades in 30 days')).toBe('4');
    expect(value('Completion rate (30 d)')).toBe('80%');
    expect(value('Avg. release time')).toBe('7 min');
    expect(value('Avg. payment time')).toBe('2 min');
    expect(value('Buys / Sells')).toBe('9 / 5');
    expect(value('Positive feedback')).toBe('92.3%');
    expect(value('Reviews')).toBe('13');
    expect(value('Account age')).toMatch(/^\d+ (months|years)$/);
    expect(value('First trade')).toBe('2025-04-02');
    // 1,234,567.890123 USDC and 1.000000001 SOL: every base unit shown, no float rounding.
    expect(value('Volume')).toBe('1,234,567.890123 USDC, 1.000000001 SOL');
    expect(api.callsTo(STATS)[0]!.path).toBe(`/api/platform/trading-stats/${ME}`);
  });

  it('phones: the filters open in modals and the lists stay on the page', async () => {
    pretendPhone();
    const api = fakeApi({ [STATS]: () => json(200, makeStats()), [LIST]: () => listPage([]) });
    renderDashboard({ api });
    const history = (await screen.findByRole('heading', { name: 'Order history' })).closest('section')!;
    expect(within(history).queryByRole('group', { name: 'Order filters' })).toBeNull();
    expect(within(history).getByRole('tablist', { name: 'Order status' })).toBeInTheDocument();
    await userEvent.click(within(history).getByRole('button', { name: 'Filters' }));
    const orderModal = await screen.findByRole('dialog', { name: 'Filter orders' });
    expect(within(orderModal).getByLabelText('Coins')).toBeInTheDocument();
    await userEvent.click(within(orderModal).getByRole('button', { name: 'Show results' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const ads = screen.getByRole('heading', { name: 'Ad history' }).closest('section')!;
    expect(within(ads).queryByRole('form', { name: 'Ad filters' })).toBeNull();
    await userEvent.click(within(ads).getByRole('button', { name: 'Filters' }));
    const adModal = await screen.findByRole('dialog', { name: 'Filter ads' });
    await userEvent.selectOptions(within(adModal).getByLabelText('Status'), 'filled');
    await userEvent.click(within(adModal).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(params(api.callsTo(LIST).at(-1)!)).toMatchObject({ Kind: 'offers', OfferStatus: 'filled', Page: '1' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
