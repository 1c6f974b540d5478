import { LOG_OUT_DESCRIPTION, LOG_OUT_TITLE, shortenWallet } from '@jelly/domain';
import type { WalletContextState } from '@solana/wallet-adapter-react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, WALLET_A, WALLET_B } from '../../test/fakeApi.ts';
import { connectedWallet } from '../../test/fakeWallet.ts';
import { renderScreens } from '../../test/renderApp.tsx';
import SettingsRoute from './SettingsRoute.tsx';

const WALLET_C = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';

const screens = [
  { path: 'settings', element: <SettingsRoute /> },
  { path: 'notifications', element: <h1>All notifications</h1> },
];

function blocks(wallets: string[]) {
  return { blocks: wallets.map((bannedWallet, i) => ({ bannedWallet, reason: `reason ${i + 1}`, createdAt: '2026-11-20T10:00:00.000Z' })) };
}

function settings(options: { signedIn?: boolean; api?: ReturnType<typeof fakeApi>; wallet?: WalletContextState } = {}) {
  const api = options.api ?? fakeApi({ 'GET /api/user-bans': () => json(200, blocks([])) });
  const wallet = options.wallet ?? connectedWallet(WALLET_A, { wallet: { adapter: { name: 'Phantom' } } as WalletContextState['wallet'] });
  return { ...renderScreens(screens, '/settings', { api, signedInAs: (options.signedIn ?? true) ? WALLET_A : null, wallet }), wallet };
}

describe('Settings', () => {
  it('shows the account: shortened address, the wallet in use, and the page title', async () => {
    settings();
    expect(await screen.findByTestId('settings-wallet')).toHaveTextContent(shortenWallet(WALLET_A));
    expect(screen.getByTestId('settings-wallet')).toHaveAttribute('title', WALLET_A);
    expect(screen.getByTestId('settings-wallet-name')).toHaveTextContent('Phantom');
    expect(screen.getByRole('button', { name: 'Copy wallet address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View my public profile' })).toHaveAttribute('href', `/trader/${WALLET_A}`);
    expect(document.title).toBe('Settings · Jelly');
  });

  it("Disconnect asks 'Log Out?'; Cancel keeps the session, Log Out ends it and disconnects the wallet", async () => {
    const api = fakeApi({ 'GET /api/user-bans': () => json(200, blocks([])), 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    const { store, wallet } = settings({ api });
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    let dialog = await screen.findByRole('dialog', { name: LOG_OUT_TITLE });
    expect(dialog).toHaveTextContent(LOG_OUT_DESCRIPTION);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().user.token).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    dialog = await screen.findByRole('dialog', { name: LOG_OUT_TITLE });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(store.getState().user.token).toBeNull());
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(wallet.disconnect).toHaveBeenCalled();
    // Signed out, the page offers to connect and no longer shows the account or the block list.
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Blocked users' })).not.toBeInTheDocument();
  });

  it('links to the notifications with the unread count, and offers Connect Telegram', async () => {
    const { store } = settings();
    expect(await screen.findByTestId('settings-unread')).toHaveTextContent('All read');
    act(() => {
      store.dispatch({ type: 'notifications/refreshUnreadCount/fulfilled', payload: 3 });
    });
    expect(screen.getByTestId('settings-unread')).toHaveTextContent('3 unread');
    expect(screen.getByRole('button', { name: 'Connect Telegram' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Notifications' }));
    expect(await screen.findByRole('heading', { name: 'All notifications' })).toBeInTheDocument();
  });

  it('disables Connect Telegram with the reason when the server names no bot', async () => {
    const config = { solanaRpcUrl: null, solanaWsUrl: null, cluster: 'localnet', ipLookupUrl: null, supportEmail: '', supportChatUrl: '', telegramBotUsername: null, escrowProgramId: null, feePayer: null, testFunds: true };
    const api = fakeApi({ 'GET /api/user-bans': () => json(200, blocks([])), 'GET /api/platform/config': () => json(200, config) });
    settings({ api });
    const button = await screen.findByRole('button', { name: 'Connect Telegram' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription('No Telegram bot is set up on this server.');
  });

  it('lists the blocked traders and unblocks one, refetching the list', async () => {
    let list = [WALLET_B, WALLET_C];
    const api = fakeApi({
      'GET /api/user-bans': () => json(200, blocks(list)),
      [`DELETE /api/user-bans/${WALLET_B}`]: () => {
        list = [WALLET_C];
        return json(200, { bannedWallet: WALLET_B, removed: true });
      },
    });
    settings({ api });
    const blocked = await screen.findByRole('list', { name: 'Blocked users' });
    expect(within(blocked).getAllByTestId('blocked-user').map((li) => li.textContent)).toEqual([
      expect.stringContaining(shortenWallet(WALLET_B)),
      expect.stringContaining(shortenWallet(WALLET_C)),
    ]);
    expect(within(blocked).getAllByTestId('blocked-user')[0]).toHaveTextContent('reason 1');

    await userEvent.click(within(blocked).getByRole('button', { name: `Unblock ${shortenWallet(WALLET_B)}` }));
    expect(await screen.findByText('User unblocked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('blocked-user')).toHaveLength(1));
    expect(screen.getByTestId('blocked-user')).toHaveTextContent(shortenWallet(WALLET_C));
    expect(api.callsTo('GET /api/user-bans')).toHaveLength(2);
  });

  it('says so when nobody is blocked, and offers Retry when the list fails', async () => {
    let fail = true;
    const api = fakeApi({ 'GET /api/user-bans': () => (fail ? apiError(503, 'UNAVAILABLE', 'down') : json(200, blocks([]))) });
    settings({ api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The block list could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });

  it('signed out: asks to connect and shows only the sound setting', async () => {
    const api = fakeApi();
    settings({ signedIn: false, api, wallet: connectedWallet(null) });
    expect(await screen.findByText(/Connect your wallet to see your account/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Blocked users' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Background music' })).toHaveAttribute('aria-checked', 'false');
    expect(api.callsTo('GET /api/user-bans')).toEqual([]);
  });
});
