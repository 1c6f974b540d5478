import { SwapStatus } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi.ts';
import { HISTORY, makeSwap, params, renderSwap, swapApi, TX_ID } from '../testing/swapHarness.tsx';
import { pretendPhone } from '../../../test/renderApp.tsx';
import { pickDateRange } from '../../../test/pickDateRange.ts';

function historyApi() {
  return swapApi({
    [HISTORY]: () =>
      json(200, {
        data: [makeSwap({ id: 9, status: SwapStatus.Completed }), makeSwap({ id: 8, status: SwapStatus.Failed, txID: null, failureReason: 'Blockhash expired' })],
        total: 25,
      }),
  });
}

async function renderHistory(api = historyApi()) {
  const view = renderSwap({ api });
  const section = (await screen.findByRole('heading', { name: 'Swap history' })).closest('section')!;
  await within(section).findByRole('listitem', { name: 'Swap #9' });
  const last = () => params(api.callsTo(HISTORY).at(-1)!);
  return { ...view, section, last };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('swap history', () => {
  it('lists the swaps with status, txID link and chat; the data list and its total', async () => {
    const { section, last } = await renderHistory();
    expect(last()).toEqual({ Page: '1', Size: '10' });
    const completed = within(section).getByRole('listitem', { name: 'Swap #9' });
    expect(completed).toHaveTextContent('25.00 USDT → 0.1523 SOL');
    expect(completed).toHaveTextContent('Completed');
    expect(within(completed).getByRole('link', { name: `Transaction ${TX_ID}` })).toHaveAttribute('href', expect.stringContaining(TX_ID));
    expect(within(completed).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/swap-chat/9?kind=swap');
    expect(within(section).getByRole('listitem', { name: 'Swap #8' })).toHaveTextContent('Failed');
    expect(within(section).getByRole('navigation', { name: 'Swap pages' })).toHaveTextContent('Page 1 of 3 · 25 in total');
  });

  it('every filter sends its value, and any filter change goes back to page 1', async () => {
    const { section, last } = await renderHistory();
    const pages = within(section).getByRole('navigation', { name: 'Swap pages' });
    const nextPage = async (expected: string) => {
      await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(last().Page).toBe(expected));
    };

    await nextPage('2');
    await userEvent.selectOptions(within(section).getByLabelText('Asset Type'), 'USDC');
    await waitFor(() => expect(last()).toEqual({ Page: '1', Size: '10', Asset: 'USDC' }));

    await nextPage('2');
    await userEvent.selectOptions(within(section).getByLabelText('Status'), 'Processing');
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', Status: '0' }));

    await nextPage('2');
    // The app's range picker (not a native date input): the later day first, the range still comes out ordered.
    const { from, to } = await pickDateRange(section, 20, 1);
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', From: from, To: to }));
    expect(within(section).getByRole('button', { name: `Date range ${from} – ${to}` })).toBeInTheDocument();

    await nextPage('2');
    await userEvent.type(within(section).getByLabelText('Search wallet'), 'HN7c');
    await waitFor(() => expect(last()).toEqual({ Page: '1', Size: '10', Asset: 'USDC', Status: '0', From: from, To: to, SearchWallet: 'HN7c' }));

    // All again leaves the filter out of the query.
    await userEvent.selectOptions(within(section).getByLabelText('Asset Type'), 'All');
    await waitFor(() => expect(last().Asset).toBeUndefined());
  });

  it('an empty history says there are no swaps yet, and that the filters found none only when a filter is set', async () => {
    const api = swapApi({ [HISTORY]: () => json(200, { data: [], total: 0 }) });
    renderSwap({ api });
    const section = (await screen.findByRole('heading', { name: 'Swap history' })).closest('section')!;
    expect(await within(section).findByText('No swaps yet.')).toBeInTheDocument();
    expect(within(section).queryByText('No swaps match these filters.')).toBeNull();
    await userEvent.selectOptions(within(section).getByLabelText('Asset Type'), 'USDC');
    expect(await within(section).findByText('No swaps match these filters.')).toBeInTheDocument();
    await userEvent.selectOptions(within(section).getByLabelText('Asset Type'), 'All');
    expect(await within(section).findByText('No swaps yet.')).toBeInTheDocument();
  });

  it('a failed load shows an empty list with a retry', async () => {
    const api = swapApi({ [HISTORY]: () => json(500, { error: { code: 'INTERNAL_ERROR', message: 'boom' } }) });
    renderSwap({ api });
    const section = (await screen.findByRole('heading', { name: 'Swap history' })).closest('section')!;
    expect(await within(section).findByRole('alert')).toHaveTextContent('Swaps could not be loaded.');
    expect(within(section).queryByRole('list', { name: 'Swaps' })).toBeNull();
    expect(within(section).getByRole('navigation', { name: 'Swap pages' })).toHaveTextContent('0 in total');
  });

  it('on a phone the filters open in the filterSwap modal; a change there goes back to page 1', async () => {
    pretendPhone();
    const { section, last } = await renderHistory();
    expect(within(section).queryByLabelText('Asset Type')).toBeNull();
    await userEvent.click(within(section).getByRole('navigation', { name: 'Swap pages' }).querySelector('button:last-child')!);
    await waitFor(() => expect(last().Page).toBe('2'));
    await userEvent.click(within(section).getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter swaps' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'Completed');
    await waitFor(() => expect(last()).toMatchObject({ Page: '1', Status: '1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filter swaps' })).toBeNull());
  });
});
