import { act, screen } from '@testing-library/react';
import bs58 from 'bs58';
import { describe, expect, it, vi } from 'vitest';
import { SessionBridge } from './SessionBridge.tsx';
import { Toasts } from './layout/Toasts.tsx';
import { fakeApi, signInHandlers, WALLET_A, WALLET_B } from '../test/fakeApi.ts';
import { connectedWallet } from '../test/fakeWallet.ts';
import { renderWithStore, signedInStorage } from '../test/renderApp.tsx';
import { chooserClosed, chooserOpened, connectPressed } from '../features/wallet/state/walletUiSlice.ts';
import { logout } from '../features/auth/state/logout.ts';

const ui = (
  <>
    <SessionBridge />
    <Toasts />
  </>
);

/** A stored session that also holds a refresh token. */
function storedSession(wallet: string) {
  const storage = signedInStorage(wallet);
  storage.setItem('refreshToken', 'stored-refresh');
  return storage;
}

describe('session: sign-in', () => {
  it('signs in when a wallet connects without a token: nonce → signMessage(UTF-8 message) → POST /auth', async () => {
    const { handlers, challenges } = signInHandlers();
    const api = fakeApi(handlers);
    const wallet = connectedWallet(WALLET_A);
    const { store, storage } = renderWithStore(ui, { api, wallet });

    await vi.waitFor(() => expect(store.getState().user.token).not.toBeNull());

    const [nonceCall] = api.callsTo('GET /api/auth/nonce');
    expect(new URL(nonceCall!.url).searchParams.get('wallet')).toBe(WALLET_A);
    const [challenge] = challenges;
    const signed = vi.mocked(wallet.signMessage!).mock.calls[0]![0];
    expect(new TextDecoder().decode(signed)).toBe(challenge!.message);

    const [authCall] = api.callsTo('POST /api/auth');
    expect(JSON.parse(authCall!.body)).toEqual({
      network: 'sol',
      wallet: WALLET_A,
      nonce: challenge!.nonce,
      signature: bs58.encode(new Uint8Array(64).fill(7)),
    });
    expect(store.getState().user.nonce).toBe(challenge!.nonce);

    expect(storage.getItem('accessToken')).toBe(store.getState().user.token);
    expect(storage.getItem('accessExp')).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The refresh token is the server's httpOnly cookie; nothing of it is stored by the page.
    expect(storage.getItem('refreshToken')).toBeNull();
    expect(store.getState().user).toMatchObject({ wallet: WALLET_A, isAdmin: false, error: null });
  });

  it('does nothing when the restored token belongs to the connected wallet', async () => {
    const api = fakeApi(signInHandlers().handlers);
    const { store } = renderWithStore(ui, { api, wallet: connectedWallet(WALLET_A), storage: storedSession(WALLET_A) });
    await act(async () => undefined);
    expect(api.callsTo('GET /api/auth/nonce')).toHaveLength(0);
    expect(store.getState().user.wallet).toBe(WALLET_A);
  });

  it('runs one attempt at a time', async () => {
    const { handlers } = signInHandlers();
    const api = fakeApi(handlers);
    let releaseNonce: () => void = () => {};
    api.on('GET /api/auth/nonce', (call) => new Promise((resolve) => (releaseNonce = () => resolve(handlers['GET /api/auth/nonce'](call)))));
    const { setWallet, store } = renderWithStore(ui, { api, wallet: connectedWallet(WALLET_A) });

    await vi.waitFor(() => expect(api.callsTo('GET /api/auth/nonce')).toHaveLength(1));
    for (let i = 0; i < 3; i += 1) setWallet(connectedWallet(WALLET_A));
    await act(async () => undefined);
    expect(api.callsTo('GET /api/auth/nonce')).toHaveLength(1);

    releaseNonce();
    await vi.waitFor(() => expect(store.getState().user.token).not.toBeNull());
    expect(api.callsTo('POST /api/auth')).toHaveLength(1);
  });

  it('shows the failure, does not retry the same wallet, and retries after Connect Wallet', async () => {
    const api = fakeApi(signInHandlers().handlers);
    const rejecting = connectedWallet(WALLET_A, { signMessage: vi.fn(async () => Promise.reject(new Error('User rejected the request.'))) });
    const { store, setWallet } = renderWithStore(ui, { api, wallet: rejecting });

    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed: User rejected the request.');
    expect(store.getState().user).toMatchObject({ token: null, error: 'User rejected the request.' });

    setWallet(connectedWallet(WALLET_A, { signMessage: rejecting.signMessage }));
    await act(async () => undefined);
    expect(api.callsTo('GET /api/auth/nonce')).toHaveLength(1);

    // Connect Wallet → the chooser closes → one new attempt.
    const accepting = connectedWallet(WALLET_A);
    setWallet(accepting);
    act(() => {
      store.dispatch(connectPressed());
      store.dispatch(chooserOpened());
      store.dispatch(chooserClosed());
    });
    await vi.waitFor(() => expect(store.getState().user.token).not.toBeNull());
    expect(api.callsTo('GET /api/auth/nonce')).toHaveLength(2);
  });

  it('shows the API message when the server refuses the signature', async () => {
    const { handlers } = signInHandlers();
    const api = fakeApi({
      ...handlers,
      'POST /api/auth': () =>
        new Response(JSON.stringify({ error: { code: 'SIGNATURE_INVALID', message: 'The signature does not match the wallet' } }), { status: 401 }),
    });
    renderWithStore(ui, { api, wallet: connectedWallet(WALLET_A) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed: The signature does not match the wallet');
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(0);
  });

  it('a wallet address change logs out, then signs in with the new wallet', async () => {
    const { handlers, issued } = signInHandlers();
    const api = fakeApi(handlers);
    const { store, setWallet } = renderWithStore(ui, { api, wallet: connectedWallet(WALLET_A), storage: storedSession(WALLET_A) });

    setWallet(connectedWallet(WALLET_B));
    await vi.waitFor(() => expect(store.getState().user.wallet).toBe(WALLET_B));

    const order = api.calls.map((c) => `${c.method} ${c.path}`).filter((c) => c.includes('/auth'));
    expect(order).toEqual(['POST /api/auth/logout', 'GET /api/auth/nonce', 'POST /api/auth']);
    expect(api.callsTo('POST /api/auth/logout')[0]!.body).toBe('');
    expect(api.callsTo('POST /api/auth/logout')[0]!.credentials).toBe('include');
    expect(issued).toEqual([WALLET_B]);
    expect(store.getState().user.token).not.toBeNull();
  });
});

describe('session: logout', () => {
  it('calls the logout endpoint, clears the tokens, disconnects the wallet and does not sign in again', async () => {
    const api = fakeApi(signInHandlers().handlers);
    const wallet = connectedWallet(WALLET_A);
    const { store, storage } = renderWithStore(ui, { api, wallet, storage: storedSession(WALLET_A) });

    await act(async () => {
      await store.dispatch(logout({ disconnectWallet: wallet.disconnect }));
    });

    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/logout')[0]!.credentials).toBe('include');
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('accessExp')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
    expect(wallet.disconnect).toHaveBeenCalledOnce();
    expect(store.getState().user).toMatchObject({ wallet: null, token: null });
    // The fake wallet is still "connected": no automatic sign-in may follow a logout.
    await act(async () => undefined);
    expect(api.callsTo('GET /api/auth/nonce')).toHaveLength(0);
  });

  it('logs out locally even when the server cannot be reached', async () => {
    const api = fakeApi(signInHandlers().handlers);
    api.on('POST /api/auth/logout', () => Promise.reject(new TypeError('Failed to fetch')));
    const { store, storage } = renderWithStore(ui, { api, storage: storedSession(WALLET_A) });
    await act(async () => {
      await store.dispatch(logout());
    });
    expect(storage.getItem('accessToken')).toBeNull();
    expect(store.getState().user.token).toBeNull();
  });
});


describe('session: the message to sign', () => {
  it('refuses to sign a message that is not a sign-in for this wallet', async () => {
    const { handlers } = signInHandlers();
    const api = fakeApi({
      ...handlers,
      // A challenge issued for another wallet must never reach the wallet.
      'GET /api/auth/nonce': (call) => handlers['GET /api/auth/nonce']({ ...call, url: call.url.replace(WALLET_A, WALLET_B) }),
    });
    const wallet = connectedWallet(WALLET_A);
    renderWithStore(ui, { api, wallet });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed: The server sent an unexpected sign-in message');
    expect(wallet.signMessage).not.toHaveBeenCalled();
    expect(api.callsTo('POST /api/auth')).toHaveLength(0);
  });

  it('explains when the wallet cannot sign messages', async () => {
    const api = fakeApi(signInHandlers().handlers);
    renderWithStore(ui, { api, wallet: connectedWallet(WALLET_A, { signMessage: undefined }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed: This wallet cannot sign messages');
  });
});
