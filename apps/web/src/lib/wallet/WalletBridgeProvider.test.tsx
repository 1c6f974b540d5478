import { act, render, screen } from '@testing-library/react';
import { useContext } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WalletBridgeProvider } from './WalletBridgeProvider.tsx';
import userEvent from '@testing-library/user-event';
import { sameWalletState, useConnection, useLoadWallet, useWallet, useWalletReady, WalletBridgeContext, type WalletBridgeValue } from './walletBridge.ts';

function Probe({ onRender }: { onRender: (value: WalletBridgeValue) => void }) {
  onRender(useContext(WalletBridgeContext));
  const ready = useWalletReady();
  const wallet = useWallet();
  const connection = useConnection();
  return (
    <p>
      {ready ? 'ready' : 'loading'} · {wallet.connected ? 'connected' : 'disconnected'} · {connection?.rpcEndpoint ?? 'no connection'}
    </p>
  );
}

const sameBridge = (a: WalletBridgeValue, b: WalletBridgeValue) =>
  a.ready === b.ready && a.connection === b.connection && sameWalletState(a.wallet, b.wallet);

describe('WalletBridgeProvider (real wallet libraries)', () => {
  it('renders the app at once; a screen that reads the chain loads the wallet stack, which it then switches to and settles on', async () => {
    const seen: WalletBridgeValue[] = [];
    render(
      <WalletBridgeProvider endpoint="http://localhost:3000/rpc" wsEndpoint="ws://localhost:3000/rpc" loadOnFirstInput={false} onError={vi.fn()} onLoadFailed={vi.fn()}>
        <Probe onRender={(value) => seen.push(value)} />
      </WalletBridgeProvider>,
    );
    expect(screen.getByText(/loading · disconnected · no connection/)).toBeInTheDocument();

    expect(await screen.findByText('ready · disconnected · http://localhost:3000/rpc', {}, { timeout: 30_000 })).toBeInTheDocument();
    // Let React run every effect and update already scheduled; a render loop never drains and throws here.
    await act(async () => {});
    // The adapter rebuilds its context object on every render: publishing it must not start a render loop.
    // The app re-renders only when what it reads changed, so no two consecutive renders see the same wallet
    // state (the wallet adapter may still report a real change, such as discovered wallets, at any time).
    const repeats = seen.slice(1).filter((value, index) => sameBridge(value, seen[index]!));
    expect(repeats).toHaveLength(0);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    // Loading the real wallet libraries is slow when every workspace's tests share two busy cores.
  }, 45_000);

  it('loads the wallet stack when Connect Wallet asks for it', async () => {
    render(
      <WalletBridgeProvider endpoint="http://localhost:3000/rpc" wsEndpoint={null} loadOnFirstInput={false} onError={vi.fn()} onLoadFailed={vi.fn()}>
        <ConnectButton />
      </WalletBridgeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Connect (loading)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect (loading)' }));
    expect(await screen.findByRole('button', { name: 'Connect (ready)' }, { timeout: 30_000 })).toBeInTheDocument();
  }, 45_000);

  it('loads the wallet stack for a returning user on their first input, not before', async () => {
    render(
      <WalletBridgeProvider endpoint="http://localhost:3000/rpc" wsEndpoint={null} loadOnFirstInput onError={vi.fn()} onLoadFailed={vi.fn()}>
        <ConnectButton />
        <p>elsewhere on the page</p>
      </WalletBridgeProvider>,
    );
    // Every effect and timer React scheduled has run: nothing has asked for the wallet yet.
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Connect (loading)' })).toBeInTheDocument();
    await userEvent.pointer({ keys: '[MouseLeft>]', target: screen.getByText('elsewhere on the page') });
    expect(await screen.findByRole('button', { name: 'Connect (ready)' }, { timeout: 30_000 })).toBeInTheDocument();
  }, 45_000);
});

/** Reads only the wallet (not the chain), like the header: it alone never loads the wallet stack. */
function ConnectButton() {
  const ready = useWalletReady();
  const load = useLoadWallet();
  return (
    <button type="button" onClick={load}>
      Connect ({ready ? 'ready' : 'loading'})
    </button>
  );
}
