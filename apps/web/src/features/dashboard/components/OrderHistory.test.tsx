import { format } from 'date-fns';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../../test/fakeApi.ts';
import { coinsHandler, LIST, listHandler, listPage, makeDeal, makeStats, params, renderDashboard, STATS } from '../testing/dashboardHarness.tsx';

const isHistory = (q: Record<string, string>) => q.Kind === 'deals' && q.Size === '8';

function historyApi(answer: (q: Record<string, string>) => Response = () => listPage([makeDeal({ status: 3 })], { total: 20 })) {
  return fakeApi({
    'GET /api/platform/coins': coinsHandler,
    [STATS]: () => json(200, makeStats()),
    [LIST]: listHandler((q) => (isHistory(q) ? answer(q) : listPage([]))),
  });
}

async function renderHistory(api = historyApi()) {
  const view = renderDashboard({ api });
  const section = (await screen.findByRole('heading', { name: 'Order history' })).closest('section')!;
  await within(section).findByTestId('deal-12');
  const last = () => params(api.callsTo(LIST).filter((c) => isHistory(params(c))).at(-1)!);
  return { ...view, section, last };
}

beforeAll(async () => {
  await import('./DateRangeModal.tsx');
}, 30_000);

describe('order history', () => {
  it('asks for the deals, newest first, 8 a page, with no filter set', async () => {
    const { last } = await renderHistory();
    expect(last()).toEqual({ Kind: 'deals', Dir: '1', Page: '1', Size: '8' });
  });

  it('status tabs map to StatusGroup (All to none) and work from the keyboard', async () => {
    const { section, last } = await renderHistory();
    const tabs = within(section).getByRole('tablist', { name: 'Order status' });
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Processing' }));
    await waitFor(() => expect(last().StatusGroup).toBe('processing'));
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(last().StatusGroup).toBe('completed'));
    // Arrow right from Completed reaches Cancelled and focuses it.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(last().StatusGroup).toBe('cancelled'));
    expect(within(tabs).getByRole('tab', { name: 'Cancelled' })).toHaveFocus();
    expect(within(tabs).getByRole('tab', { name: 'Cancelled' })).toHaveAttribute('aria-selected', 'true');
    // Home goes back to All, whose page (no StatusGroup) is still cached from the first load.
    await userEvent.keyboard('{Home}');
    expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveFocus();
    expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(section).findByTestId('deal-12')).toBeInTheDocument();
  });

  it('Coins and Currency list the history the response names; Order Types send the side', async () => {
    const { section, last } = await renderHistory();
    const coins = within(section).getByLabelText('Coins');
    expect([...coins.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All', 'SOL', 'USDC']);
    const currency = within(section).getByLabelText('Currency');
    expect([...currency.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All', 'EUR', 'USD']);

    await userEvent.selectOptions(coins, 'SOL');
    await waitFor(() => expect(last().TokenName).toBe('SOL'));
    await userEvent.selectOptions(currency, 'USD');
    await waitFor(() => expect(last().FiatCode).toBe('USD'));
    await userEvent.selectOptions(within(section).getByLabelText('Order Types'), 'Buy');
    await waitFor(() => expect(last().Role).toBe('buyer'));
    await userEvent.selectOptions(within(section).getByLabelText('Order Types'), 'Sell');
    await waitFor(() => expect(last().Role).toBe('seller'));
    // The offer's side says nothing about the trader's role in a deal, so it is never sent here.
    expect(last().Side).toBeUndefined();
  });

  it('pages by 8, and any filter change goes back to page 1', async () => {
    const { section, last } = await renderHistory();
    const pages = within(section).getByRole('navigation', { name: 'Order pages' });
    expect(pages).toHaveTextContent('Page 1 of 3');
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last().Page).toBe('2'));
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last().Page).toBe('3'));
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.selectOptions(within(section).getByLabelText('Currency'), 'EUR');
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', FiatCode: 'EUR' }));
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last().Page).toBe('2'));
    await userEvent.click(within(section).getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', StatusGroup: 'completed' }));
  });

  it('the date range: weeks start on Monday, the days come out ordered as yyyy-MM-dd, and Clear removes them', async () => {
    const { section, last } = await renderHistory();
    await userEvent.click(within(section).getByRole('button', { name: /Date range/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Date range' });
    expect(dialog.querySelector('.rdp-weekday')).toHaveAttribute('aria-label', 'Monday');

    const now = new Date();
    const day = (d: number) => new Date(now.getFullYear(), now.getMonth(), d);
    const button = (d: number) => within(dialog).getByRole('button', { name: new RegExp(format(day(d), 'PPPP')) });
    // The later day first: the picker still makes the earlier one the start.
    await userEvent.click(button(20));
    await userEvent.click(button(10));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(last()).toMatchObject({ From: format(day(10), 'yyyy-MM-dd'), To: format(day(20), 'yyyy-MM-dd'), Page: '1' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const range = `${format(day(10), 'yyyy-MM-dd')} – ${format(day(20), 'yyyy-MM-dd')}`;
    expect(within(section).getByRole('button', { name: `Date range ${range}` })).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Clear dates' }));
    expect(within(section).getByRole('button', { name: 'Date range Any date' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Clear dates' })).toBeNull();
  });

  it('a refused date range (400) is shown as the error', async () => {
    const api = historyApi((q) => (q.From ? apiError(400, 'BAD_REQUEST', 'The start date cannot be after the end date.') : listPage([makeDeal({ status: 3 })])));
    const { section } = await renderHistory(api);
    await userEvent.click(within(section).getByRole('button', { name: /Date range/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Date range' });
    const now = new Date();
    await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(format(new Date(now.getFullYear(), now.getMonth(), 5), 'PPPP')) }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The start date cannot be after the end date.');
    expect(within(section).queryByTestId('deal-12')).toBeNull();
  });
});
