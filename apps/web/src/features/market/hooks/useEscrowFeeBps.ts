import { PublicKey } from '@solana/web3.js';
import { useCallback, useEffect, useState } from 'react';
import { readEscrowConfig } from '../../../lib/solana/escrowConfig.ts';
import { useConnection } from '../../../lib/wallet/walletBridge.ts';

export type FeeState = { status: 'loading' } | { status: 'ready'; feeBps: number } | { status: 'unavailable' };

/** fee_bps from the escrow program's on-chain Config (the one source of truth for the fee); `retry` reads it again. */
export function useEscrowFeeBps(escrowProgramId: string | null | undefined): FeeState & { retry: () => void } {
  const connection = useConnection();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; fee: FeeState } | null>(null);
  const program = connection && escrowProgramId ? escrowProgramId : null;
  // One key per program and attempt: a retry shows 'loading' again until its own answer comes.
  const key = program ? `${program}#${attempt}` : null;
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!connection || !program || !key) return;
    let live = true;
    Promise.resolve()
      .then(() => readEscrowConfig(connection, new PublicKey(program)))
      .then(
        (config) => live && setState({ key, fee: { status: 'ready', feeBps: config.feeBps } }),
        () => live && setState({ key, fee: { status: 'unavailable' } }),
      );
    return () => {
      live = false;
    };
  }, [connection, program, key]);

  if (escrowProgramId === null) return { status: 'unavailable', retry };
  return { ...(state && state.key === key ? state.fee : { status: 'loading' }), retry };
}
