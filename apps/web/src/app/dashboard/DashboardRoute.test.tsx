import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderRoutes } from '../../test/renderApp.tsx';
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
});
