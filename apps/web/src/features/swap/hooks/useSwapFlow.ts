import type { SwapQuote, SwapSubmitResponse } from '@jelly/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { importWithRetry } from '../../../lib/lazy/importWithRetry.ts';
import { openConfirmAction, selectModalStack } from '../../../lib/modals/modalsSlice.ts';
import { useWallet } from '../../../lib/wallet/walletBridge.ts';
import type { SwapSide } from '../actions/prepareSwap.ts';
import { classifySwapError, type SwapFailure } from '../model/swapFailure.ts';

export type SwapPhase =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'confirming'; modalId: string }
  | { step: 'signing' }
  | { step: 'submitted'; response: SwapSubmitResponse }
  | { step: 'failed'; failure: SwapFailure };

// The action brings @solana/web3.js, which the page's first paint does not need.
const loadPrepare = () => importWithRetry(() => import('../actions/prepareSwap.ts')).then((m) => m.prepareSwap);

/**
 * Swap → checks → confirm modal → the wallet signs the quote's transaction → POST /swap/submit. The phase tells the
 * page whether it is idle (quotes refresh) or busy (the confirm modal or the wallet is open: the quote stays put).
 */
export function useSwapFlow(viewer: string | null) {
  const dispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  const wallet = useWallet();
  const stack = useSelector(selectModalStack);
  const [phase, setPhase] = useState<SwapPhase>({ step: 'idle' });
  const busy = useRef(false);

  // The confirm modal closed without a choice (Escape, the backdrop): back to idle.
  const current: SwapPhase = phase.step === 'confirming' && !stack.some((entry) => entry.id === phase.modalId) ? { step: 'idle' } : phase;

  const start = useCallback(
    (
      quote: SwapQuote,
      sides: { input: SwapSide; output: SwapSide },
      inputBalance: bigint | null,
      deadline: { expiresAt: number; onExpired: () => void },
    ) => {
      if (busy.current) return;
      busy.current = true;
      setPhase({ step: 'preparing' });
      void loadPrepare()
        .then((prepare) => prepare(quote, sides, { viewer, wallet, dispatch, inputBalance, expiresAt: deadline.expiresAt }))
        .then(
          (prepared) => {
            busy.current = false;
            const modalId = dispatch(
              openConfirmAction(prepared.confirm, {
                onConfirm: async () => {
                  setPhase({ step: 'signing' });
                  try {
                    setPhase({ step: 'submitted', response: await prepared.run() });
                  } catch (error) {
                    setPhase({ step: 'failed', failure: classifySwapError(error) });
                  }
                },
                onCancel: () => setPhase({ step: 'idle' }),
                onExpired: () => {
                  setPhase({ step: 'idle' });
                  deadline.onExpired();
                },
              }),
            );
            setPhase({ step: 'confirming', modalId });
          },
          (error: unknown) => {
            busy.current = false;
            setPhase({ step: 'failed', failure: classifySwapError(error) });
          },
        );
    },
    [viewer, wallet, dispatch],
  );

  const reset = useCallback(() => setPhase({ step: 'idle' }), []);
  return { phase: current, start, reset, idle: current.step === 'idle' };
}
