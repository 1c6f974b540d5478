import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, signInHandlers, WALLET_A } from '../test/fakeApi.ts';
import { connectedWallet } from '../test/fakeWallet.ts';
import { renderRoutes, signedInStorage } from '../test/renderApp.tsx';
import { routes } from './routes.tsx';

const config = {
  solanaRpcUrl: null,
  solanaWsUrl: null,
  cluster: 'localnet',
  ipLookupUrl: null,
  supportEmail: 'support@jelly.test',
  supportChatUrl: 'https://chat.jelly.test/',
  telegramBotUsername: null,
  escrowProgramId: null,
  feePayer: null,
  testFunds: true,
};

describe('app routes', () => {
  it('renders Home inside the header, footer and tab bar', async () => {
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: /Trade crypto for cash/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jelly home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Buy Crypto' })).toHaveAttribute('href', '/buy-crypto');
    expect(within(nav).getByRole('link', { name: 'Swap' })).toHaveAttribute('href', '/swap');
    expect(within(nav).getByRole('link', { name: 'Coin Jelly' })).toHaveAttribute('href', '/coin-jelly');
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play music' })).toBeInTheDocument();
    expect(screen.getByTestId('footer-clock')).toHaveTextContent(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const ctas = screen.getAllByRole('link', { name: 'Buy Crypto' }).map((a) => a.getAttribute('href'));
    expect(ctas.every((href) => href === '/buy-crypto')).toBe(true);
    expect(screen.getAllByRole('link', { name: 'Create an offer' })[0]).toHaveAttribute('href', '/p2p');
  });

  it('signed out, the tab bar has no Dashboard', async () => {
    renderRoutes(routes, '/');
    const tabBar = await screen.findByRole('navigation', { name: 'Tab bar' });
    expect(within(tabBar).getAllByRole('link').map((a) => a.textContent)).toEqual(['Swap', 'Market', 'CoinJelly', 'Settings']);
  });

  it('underlines the active top link (aria-current)', async () => {
    renderRoutes(routes, '/swap');
    expect(await screen.findByRole('heading', { level: 1, name: 'Swap' })).toBeInTheDocument();
    expect(screen.queryByText('This screen arrives in a later release.')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Swap' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Buy Crypto' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['/buy-crypto', 'Buy Crypto'],
    ['/swap-chat/42', 'Deal #42'],
    ['/online-ads/7', 'Online ad'],
    ['/my-account', 'Dashboard'],
    ['/coin-jelly', 'Coin Jelly'],
    ['/p2p', 'Create order'],
    ['/notifications', 'Notifications'],
    ['/settings', 'Settings'],
  ])('declares %s', async (path, title) => {
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('offers Connect Wallet on /p2p to a signed-out visitor, beside the header one', async () => {
    renderRoutes(routes, '/p2p');
    const page = (await screen.findByRole('heading', { level: 1, name: 'Create order' })).closest('section');
    expect(within(page as HTMLElement).getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it('redirects an unknown path to /', async () => {
    const { router } = renderRoutes(routes, '/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: /Trade crypto for cash/ })).toBeInTheDocument();
  });

  it('/admin/* has no header and no footer', async () => {
    renderRoutes(routes, '/admin/tokens');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('footer-clock')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tab bar' })).not.toBeInTheDocument();
  });
});

describe('signed-in header', () => {
  it('shows the account menu with avatar and shortened address, Create order, and Dashboard in the tab bar', async () => {
    renderRoutes(routes, '/', { storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    const account = await screen.findByRole('button', { name: /^Account menu/ });
    expect(account).toHaveTextContent(`${WALLET_A.slice(0, 8)}…${WALLET_A.slice(-6)}`);
    // The accessible name contains the visible text (axe label-content-name-mismatch).
    // (jsdom has no layout: the browser separates the blockified hidden text with a space, jsdom may not.)
    expect(account).toHaveAccessibleName(new RegExp(`^Account menu ?${WALLET_A.slice(0, 8)}…${WALLET_A.slice(-6)}$`));
    // The two-letter avatar comes first on screen ('Account menu' is text for assistive technology only).
    expect(account.querySelector('[aria-hidden="true"]')).toHaveTextContent(new RegExp(`^${WALLET_A.slice(0, 2)}$`));
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create order' })).toHaveAttribute('href', '/p2p');
    const tabBar = screen.getByRole('navigation', { name: 'Tab bar' });
    expect(within(tabBar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/my-account');
  });

  it('the account menu: Dashboard, Connect Telegram, Disconnect; arrows move, Escape closes', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/', { storage: signedInStorage(WALLET_A), wallet: connectedWallet(WALLET_A) });
    const account = await screen.findByRole('button', { name: /^Account menu/ });
    await user.click(account);

    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Dashboard', 'Connect Telegram', 'Disconnect']);
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/my-account');
    const telegram = within(menu).getByRole('menuitem', { name: 'Connect Telegram' });
    // Not linked yet (the notifications feature's tests cover linking and 'Connected').
    expect(telegram).toBeEnabled();

    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(telegram).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Disconnect' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(account).toHaveFocus();
  });

  it("Disconnect asks 'Log Out?'; Cancel keeps the session; Log Out ends it and disconnects the wallet", async () => {
    const user = userEvent.setup();
    const api = fakeApi(signInHandlers().handlers);
    const wallet = connectedWallet(WALLET_A);
    const { store } = renderRoutes(routes, '/', { api, storage: signedInStorage(WALLET_A), wallet });

    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Disconnect' }));
    let dialog = screen.getByRole('dialog', { name: 'Log Out?' });
    expect(dialog).toHaveTextContent('Are you sure you want to log out? You will need to connect your wallet again to continue.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().user.token).not.toBeNull();

    await user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Disconnect' }));
    dialog = screen.getByRole('dialog', { name: 'Log Out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(wallet.disconnect).toHaveBeenCalledOnce();
    expect(store.getState().user.token).toBeNull();
  });
});

describe('initial data and config', () => {
  it('loads payments (type 0), currencies (type 1) and coins once, dropping unusable entries', async () => {
    const api = fakeApi({
      'GET /api/payments': (call) =>
        new URL(call.url).searchParams.get('type') === '0'
          ? json(200, [{ id: 'sepa', name: 'SEPA' }])
          : json(200, [
              { id: 978, code: 'EUR', name: 'Euro', icon: '/flags/EU.svg', countryCode: 'EU', countryName: 'Europe', digits: 2 },
              { id: 0, code: 'XXX', name: '', icon: '/x.svg', countryCode: null, countryName: null, digits: 2 },
            ]),
      'GET /api/platform/coins': () =>
        json(200, [
          { symbol: 'SOL', name: 'Solana', mint: 'So11111111111111111111111111111111111111112', decimals: 9, isVerified: true, mintDevnet: null, icon: '/sol.svg' },
          { symbol: 'BAD', name: 'No icon', mint: 'Bad1111111111111111111111111111111111111111', decimals: 6, isVerified: false, mintDevnet: null, icon: '' },
        ]),
    });
    const { store, router } = renderRoutes(routes, '/', { api });
    await waitFor(() => expect(store.getState().api.queries['coins(undefined)']?.status).toBe('fulfilled'));
    await waitFor(() => expect(store.getState().api.queries['currencies(undefined)']?.status).toBe('fulfilled'));

    await act(() => router.navigate('/swap'));
    await act(() => router.navigate('/'));

    const paymentCalls = api.callsTo('GET /api/payments').map((c) => new URL(c.url).searchParams.get('type')).sort();
    expect(paymentCalls).toEqual(['0', '1']);
    expect(api.callsTo('GET /api/platform/coins')).toHaveLength(1);
    expect(store.getState().api.queries['currencies(undefined)']?.data).toEqual([
      { id: 978, code: 'EUR', name: 'Euro', icon: '/flags/EU.svg', countryCode: 'EU', countryName: 'Europe', digits: 2 },
    ]);
    expect((store.getState().api.queries['coins(undefined)']?.data as { symbol: string }[]).map((c) => c.symbol)).toEqual(['SOL']);
  });

  it('records catalogue failures without a message to the user', async () => {
    const api = fakeApi({ 'GET /api/platform/coins': () => json(500, { error: { code: 'INTERNAL_ERROR', message: 'boom' } }) });
    const { store } = renderRoutes(routes, '/', { api });
    await waitFor(() => expect(store.getState().api.queries['coins(undefined)']?.status).toBe('rejected'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the support widget uses the configured chat URL and e-mail, and closes on outside click and Escape', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/', { api: fakeApi({ 'GET /api/platform/config': () => json(200, config) }) });
    const trigger = await screen.findByRole('button', { name: 'Contact Support' });
    await user.click(trigger);

    const panel = screen.getByRole('region', { name: 'Contact Support' });
    const chat = within(panel).getByRole('link', { name: /Chat with support/ });
    expect(chat).toHaveAttribute('href', 'https://chat.jelly.test/');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat.getAttribute('rel')).toContain('noopener');
    expect(within(panel).getByRole('link', { name: /E-mail us/ })).toHaveAttribute('href', 'mailto:support@jelly.test');
    expect(panel).toHaveTextContent('24/7');

    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('region', { name: 'Contact Support' })).not.toBeInTheDocument();

    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Contact Support' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
