import { PublicKey } from '@solana/web3.js';
import { useEffect, useState } from 'react';
import { readEscrowConfig } from '../../../lib/solana/escrowConfig.ts';
import { useConnection } from '../../../lib/wallet/walletBridge.ts';

export type FeeState = { status: 'loading' } | { status: 'ready'; feeBps: number } | { status: 'unavailable' };

/** fee_bps from the escrow program's on-chain Config (the one source of truth for the fee). */
export function useEscrowFeeBps(escrowProgramId: string | null | undefined): FeeState {
  const connection = useConnection();
  const [state, setState] = useState<{ key: string; fee: FeeState } | null>(null);
  const key = connection && escrowProgramId ? escrowProgramId : null;

  useEffect(() => {
    if (!connection || !key) return;
    let live = true;
    Promise.resolve()
      .then(() => readEscrowConfig(connection, new PublicKey(key)))
      .then(
        (config) => live && setState({ key, fee: { status: 'ready', feeBps: config.feeBps } }),
        () => live && setState({ key, fee: { status: 'unavailable' } }),
      );
    return () => {
      live = false;
    };
  }, [connection, key]);

  if (escrowProgramId === null) return { status: 'unavailable' };
  return state && state.key === key ? state.fee : { status: 'loading' };
}
