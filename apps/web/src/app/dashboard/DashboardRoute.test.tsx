import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, WALLET_A } from '../../test/fakeApi.ts';
import { renderRoutes, signedInStorage } from '../../test/renderApp.tsx';
import { routes } from '../routes.tsx';

describe('app composition of the dashboard', () => {
  it('/my-account signed out: the page’s Connect Wallet does what the header’s does (opens the wallet chooser)', async () => {
    const api = fakeApi();
    const view = renderRoutes(routes, '/my-account', { api });
    const main = await screen.findByRole('main');
    const connect = await within(main).findByRole('button', { name: 'Connect Wallet' });
    expect(view.store.getState().walletUi.chooserOpen).toBe(false);
    await userEvent.click(connect);
    expect(view.store.getState().walletUi.chooserOpen).toBe(true);
    expect(api.calls.filter((call) => call.path.startsWith('/api/platform/all-user-offers'))).toHaveLength(0);
  });

  it('/my-account signed in: the Coin Jelly orders list under the deals', async () => {
    const api = fakeApi({ 'GET /api/coin-jelly/user-orders': () => json(200, { data: [], total: 0 }) });
    renderRoutes(routes, '/my-account', { api, storage: signedInStorage(WALLET_A) });
    const section = await screen.findByRole('region', { name: 'Coin Jelly orders' }, { timeout: 15_000 });
    expect(await within(section).findByText('No orders yet')).toBeInTheDocument();
    const call = api.callsTo('GET /api/coin-jelly/user-orders')[0]!;
    expect(new URL(call.url).searchParams.get('userWallet')).toBe(WALLET_A);
  });
});
