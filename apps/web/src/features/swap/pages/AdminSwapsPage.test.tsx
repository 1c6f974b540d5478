import { KNOWN_MINTS } from '@jelly/contracts';
import { SWAP_COMPLETED_NEEDS_TX, SWAP_REASON_LENGTH } from '@jelly/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeApi.ts';
import { renderRoutes, signedInStorage } from '../../../test/renderApp.tsx';
import { makeSwap, ME, params, swapApi, TX_ID } from '../testing/swapHarness.tsx';
import AdminSwapsPage from './AdminSwapsPage.tsx';

const desk = {
  wallet: 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH',
  balances: [
    { mint: KNOWN_MINTS.SOL, symbol: 'SOL', decimals: 9, amount: '99847700000', usdValue: '16400.00' },
    { mint: KNOWN_MINTS.USDT, symbol: 'USDT', decimals: 6, amount: '100025000000', usdValue: '100025.00' },
  ],
  pnl: {
    completedSwaps: 1,
    perToken: [
      { mint: KNOWN_MINTS.SOL, symbol: 'SOL', decimals: 9, net: '-152300000' },
      { mint: KNOWN_MINTS.USDT, symbol: 'USDT', decimals: 6, net: '25000000' },
    ],
    usdValue: '0.08',
    adminFeesLamports: '10000',
  },
  settings: { spreadBps: 30, quoteTtlSeconds: 30, minUsd: '1', maxUsd: '10000', maxInventoryShareBps: 2500 },
  asOf: '2026-11-25T12:00:00.000Z',
};

function renderAdmin(swaps = [makeSwap({ id: 7, status: 0 })]) {
  const api = swapApi({
    'GET /api/admin/desk': () => json(200, desk),
    'GET /api/admin/swaps': () => json(200, { data: swaps, total: swaps.length }),
  });
  const view = renderRoutes([{ path: '/admin/swaps', element: <AdminSwapsPage /> }], '/admin/swaps', { api, storage: signedInStorage(ME, true) });
  return { ...view, api };
}

describe('/admin/swaps', () => {
  it("shows the desk's inventory and P&L and every swap with the history's filters", async () => {
    const { api } = renderAdmin();
    const inventory = await screen.findByRole('region', { name: 'Desk inventory' });
    expect(inventory).toHaveTextContent('99.8477 SOL ≈ $16400.00');
    expect(inventory).toHaveTextContent('100,025.00 USDT');
    expect(within(inventory).getByText('Net SOL').nextSibling).toHaveTextContent('−0.1523 SOL');
    expect(within(inventory).getByText('Net USDT').nextSibling).toHaveTextContent('+25.00 USDT');
    expect(within(inventory).getByText('Network fees paid by the admin').nextSibling).toHaveTextContent('0.00001 SOL');
    expect(await screen.findByRole('listitem', { name: 'Swap #7' })).toHaveTextContent('Processing');
    await userEvent.selectOptions(screen.getByLabelText('Asset Type'), 'SOL');
    await waitFor(() => expect(params(api.callsTo('GET /api/admin/swaps').at(-1)!)).toMatchObject({ Asset: 'SOL', Page: '1' }));
  });

  it('Edit record sends txID, status and reason; the server’s refusal is shown, a success closes the modal', async () => {
    const { api } = renderAdmin();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit swap #7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit swap #7' });
    expect(within(dialog).getByLabelText('txID')).toHaveValue(TX_ID);
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'Completed');

    // Too short a reason never leaves the browser.
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'ok');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(SWAP_REASON_LENGTH);
    expect(api.callsTo('PATCH /api/admin/swaps/7')).toHaveLength(0);

    api.on('PATCH /api/admin/swaps/7', () => json(400, { error: { code: 'BAD_REQUEST', message: SWAP_COMPLETED_NEEDS_TX } }));
    await userEvent.type(within(dialog).getByLabelText('Reason'), ' — checked on chain');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SWAP_COMPLETED_NEEDS_TX);
    expect(JSON.parse(api.callsTo('PATCH /api/admin/swaps/7')[0]!.body)).toEqual({ txID: TX_ID, status: 1, reason: 'ok — checked on chain' });

    api.on('PATCH /api/admin/swaps/7', () => json(200, makeSwap({ id: 7, status: 1 })));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit swap #7' })).toBeNull());
  });

  it('offers only the moves the swap state table gives an admin: none for a Completed swap, Completed for a Failed one', async () => {
    renderAdmin([makeSwap({ id: 8, status: 1 }), makeSwap({ id: 9, status: 2 })]);
    expect(await screen.findByRole('listitem', { name: 'Swap #8' })).toHaveTextContent('Completed');
    expect(screen.queryByRole('button', { name: 'Edit swap #8' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit swap #9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit swap #9' });
    expect(within(within(dialog).getByLabelText('Status')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Completed']);
  });
});
