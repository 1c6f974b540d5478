import type { Adapter, WalletName } from '@solana/wallet-adapter-base';
import { WalletReadyState } from '@solana/wallet-adapter-base';
import type { Wallet } from '@solana/wallet-adapter-react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalStack } from '../../app/layout/ModalStack.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { connectedWallet } from '../../test/fakeWallet.ts';
import { renderWithStore } from '../../test/renderApp.tsx';
import { WalletChooser } from './components/WalletChooser.tsx';
import { useConnectWallet } from './hooks/useConnectWallet.ts';
import { ADAPTER_WALLET_KEY } from './lastWallet.ts';

function fakeWallet(name: string, readyState = WalletReadyState.Installed): Wallet {
  const adapter = { name: name as WalletName, icon: 'data:image/svg+xml,<svg/>', url: `https://${name.replace(/ /g, '')}.example` } as Adapter;
  return { adapter, readyState };
}

function ConnectButton() {
  return <Button onClick={useConnectWallet()}>Connect Wallet</Button>;
}

const ui = (
  <>
    <ConnectButton />
    <WalletChooser />
    <ModalStack />
  </>
);

function phone(matches: boolean) {
  Object.defineProperty(window.navigator, 'maxTouchPoints', { configurable: true, value: matches ? 5 : 0 });
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({ matches, media: query, addEventListener() {}, removeEventListener() {} }));
}

describe('wallet chooser', () => {
  afterEach(() => phone(false));

  it('lists each wallet as a button named after it and connects the one picked', async () => {
    const user = userEvent.setup();
    const select = vi.fn();
    const wallets = [fakeWallet('Not Installed', WalletReadyState.NotDetected), fakeWallet('Jelly Test Wallet')];
    const { store } = renderWithStore(ui, { wallet: connectedWallet(null, { wallets, select }) });

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect a wallet' });
    // Detected wallets first; the accessible name is exactly the wallet name.
    const items = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Jelly Test WalletDetected', 'Not InstalledInstall']);
    expect(within(items[0]!).getByRole('button').getAttribute('aria-label') ?? within(items[0]!).getByRole('button').textContent).toBe(
      'Jelly Test Wallet',
    );
    expect(within(dialog).getByRole('link', { name: 'Not Installed' })).toHaveAttribute('target', '_blank');

    await user.click(within(dialog).getByRole('button', { name: 'Jelly Test Wallet' }));
    expect(select).toHaveBeenCalledWith('Jelly Test Wallet');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().walletUi).toMatchObject({ chooserOpen: false, connectPressed: false, userConnecting: true });
  });

  it('says so when no wallet is installed', async () => {
    const user = userEvent.setup();
    renderWithStore(ui, { wallet: connectedWallet(null, { wallets: [] }) });
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('No Solana wallet was found in this browser.');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderWithStore(ui, { wallet: connectedWallet(null, { wallets: [fakeWallet('Jelly Test Wallet')] }) });
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("on a phone: 'Open {wallet}?'", () => {
  afterEach(() => phone(false));

  // The adapter keeps the selected wallet in localStorage as a JSON string.
  const lastUsed = (name: string) => localStorage.setItem(ADAPTER_WALLET_KEY, JSON.stringify(name));

  it('offers the last-used wallet and opens it on confirm', async () => {
    phone(true);
    const user = userEvent.setup();
    const select = vi.fn();
    lastUsed('Jelly Test Wallet');
    const { store } = renderWithStore(ui, {
      wallet: connectedWallet(null, { wallets: [fakeWallet('Other Wallet'), fakeWallet('Jelly Test Wallet')], select }),
    });

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    const dialog = screen.getByRole('dialog', { name: 'Open Jelly Test Wallet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Open' }));

    expect(select).toHaveBeenCalledWith('Jelly Test Wallet');
    expect(store.getState().walletUi.userConnecting).toBe(true);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the chooser instead when declined', async () => {
    phone(true);
    const user = userEvent.setup();
    lastUsed('Jelly Test Wallet');
    renderWithStore(ui, { wallet: connectedWallet(null, { wallets: [fakeWallet('Jelly Test Wallet')] }) });
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    await user.click(screen.getByRole('button', { name: 'Other wallets' }));
    expect(screen.getByRole('dialog', { name: 'Connect a wallet' })).toBeInTheDocument();
  });

  it('goes straight to the chooser on a wide screen, or without a last-used wallet', async () => {
    const user = userEvent.setup();
    lastUsed('Jelly Test Wallet');
    phone(false);
    const first = renderWithStore(ui, { wallet: connectedWallet(null, { wallets: [fakeWallet('Jelly Test Wallet')] }) });
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(screen.getByRole('dialog', { name: 'Connect a wallet' })).toBeInTheDocument();
    first.unmount();

    localStorage.clear();
    phone(true);
    renderWithStore(ui, { wallet: connectedWallet(null, { wallets: [fakeWallet('Jelly Test Wallet')] }) });
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(screen.getByRole('dialog', { name: 'Connect a wallet' })).toBeInTheDocument();
  });
});

describe('before the wallet libraries have loaded', () => {
  it('the chooser says it is looking for wallets instead of "none found"', async () => {
    const user = userEvent.setup();
    const { setWallet } = renderWithStore(ui, { wallet: connectedWallet(null, { wallets: [] }), walletReady: false });
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Looking for wallets');
    expect(screen.getByRole('dialog')).not.toHaveTextContent('No Solana wallet');

    setWallet(connectedWallet(null, { wallets: [fakeWallet('Jelly Test Wallet')] }));
    expect(screen.getByRole('button', { name: 'Jelly Test Wallet' })).toBeInTheDocument();
  });
});
