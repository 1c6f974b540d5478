import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WalletBridgeProvider } from './WalletBridgeProvider.tsx';
import { useConnection, useWallet, useWalletReady } from './walletBridge.ts';

function Probe({ onRender }: { onRender: () => void }) {
  onRender();
  const ready = useWalletReady();
  const wallet = useWallet();
  const connection = useConnection();
  return (
    <p>
      {ready ? 'ready' : 'loading'} · {wallet.connected ? 'connected' : 'disconnected'} · {connection?.rpcEndpoint ?? 'no connection'}
    </p>
  );
}

describe('WalletBridgeProvider (real wallet libraries)', () => {
  it('renders the app at once, then switches to the loaded wallet stack and settles', async () => {
    const renders = vi.fn();
    render(
      <WalletBridgeProvider endpoint="http://localhost:3000/rpc" wsEndpoint="ws://localhost:3000/rpc" onError={vi.fn()} onLoadFailed={vi.fn()}>
        <Probe onRender={renders} />
      </WalletBridgeProvider>,
    );
    expect(screen.getByText(/loading · disconnected · no connection/)).toBeInTheDocument();

    expect(await screen.findByText('ready · disconnected · http://localhost:3000/rpc', {}, { timeout: 30_000 })).toBeInTheDocument();
    const settled = renders.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The adapter rebuilds its context object on every render: publishing it must not start a render loop.
    expect(renders.mock.calls.length).toBe(settled);
    // Loading the real wallet libraries is slow when every workspace's tests share two busy cores.
  }, 45_000);
});
