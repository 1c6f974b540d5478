import type { WalletError } from '@solana/wallet-adapter-base';
import { ConnectionProvider, useConnection, useWallet, WalletProvider } from '@solana/wallet-adapter-react';
import { memo, useEffect, useMemo } from 'react';
import { sameWalletState, type WalletBridgeValue } from './walletBridge.ts';

export interface WalletRuntimeProps {
  endpoint: string;
  wsEndpoint: string | null;
  onError: (error: WalletError) => void;
  onChange: (update: (previous: WalletBridgeValue) => WalletBridgeValue) => void;
}

/** The lazily loaded wallet stack: connection, Wallet Standard discovery, auto-connect. Renders nothing. */
function WalletRuntime({ endpoint, wsEndpoint, onError, onChange }: WalletRuntimeProps) {
  const config = useMemo(() => ({ commitment: 'confirmed' as const, wsEndpoint: wsEndpoint ?? undefined }), [wsEndpoint]);
  return (
    <ConnectionProvider endpoint={endpoint} config={config}>
      {/* wallets=[]: Wallet Standard wallets (Phantom, Solflare, Backpack, …) are discovered automatically. */}
      <WalletProvider wallets={[]} autoConnect onError={onError}>
        <Publisher onChange={onChange} />
      </WalletProvider>
    </ConnectionProvider>
  );
}

function Publisher({ onChange }: Pick<WalletRuntimeProps, 'onChange'>) {
  const wallet = useWallet();
  const { connection } = useConnection();
  useEffect(() => {
    onChange((previous) =>
      previous.ready && previous.connection === connection && sameWalletState(previous.wallet, wallet)
        ? previous
        : { ready: true, wallet, connection },
    );
  }, [onChange, wallet, connection]);
  return null;
}

export default memo(WalletRuntime);
