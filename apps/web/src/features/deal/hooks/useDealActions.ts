import type { OrderDetails } from '@jelly/contracts';
import { CANCEL_FAILED, FAILED_TO_LOCK_ORDER, FAILED_TO_SIGN_TICKET, UNEXPECTED_ERROR } from '@jelly/domain';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { openConfirmAction } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useWalletWhenReady } from '../../../lib/wallet/useWalletWhenReady.ts';
import type { DealActionEnv, DealActionKind, PrepareAction } from '../actions/dealAction.ts';
import { failureText } from '../actions/failureText.ts';
import { importWithRetry } from '../../../lib/lazy/importWithRetry.ts';
import { dealStatusChanged } from '../api/dealApi.ts';
import { pagePaths } from '@jelly/contracts';

// The actions load on first use: they bring the escrow client and @solana/web3.js, which the header does not need.
const PREPARE: Record<DealActionKind, () => Promise<PrepareAction>> = {
  lock: () => importWithRetry(() => import('../actions/prepareLock.ts')).then((m) => m.prepareLock),
  markAsPaid: () => importWithRetry(() => import('../actions/prepareMarkAsPaid.ts')).then((m) => m.prepareMarkAsPaid),
  cancel: () => importWithRetry(() => import('../actions/prepareCancel.ts')).then((m) => m.prepareCancel),
  supportRequest: () => importWithRetry(() => import('../actions/prepareSupportRequest.ts')).then((m) => m.prepareSupportRequest),
  receivePayout: () => importWithRetry(() => import('../actions/prepareReceivePayout.ts')).then((m) => m.prepareReceivePayout),
};

export interface DealActionsOptions {
  deal: OrderDetails | undefined;
  viewer: string | null;
  escrow: DealActionEnv['escrow'];
  /** Refetches the deal (after every action, whatever its outcome). */
  refresh: () => void;
}

export interface DealActionsState {
  /** The action under way (its button reads 'Processing...'), null when idle. */
  busy: DealActionKind | null;
  start: (kind: DealActionKind) => void;
}

/**
 * Runs the deal header's actions: checks (wallet, balances, the deal's preconditions) → confirm-action modal →
 * the action (escrow transaction through the co-signer, or an API call) → toast, the new status shown at once,
 * and a refetch of the deal.
 */
export function useDealActions({ deal, viewer, escrow, refresh }: DealActionsOptions): DealActionsState {
  const dispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  const walletWhenReady = useWalletWhenReady();
  const [busy, setBusy] = useState<DealActionKind | null>(null);
  const busyRef = useRef(false);

  const start = useCallback(
    (kind: DealActionKind) => {
      if (!deal || busyRef.current) return;
      const envWith = ({ wallet, connection }: Pick<DealActionEnv, 'wallet' | 'connection'>): DealActionEnv => ({
        viewer,
        wallet,
        connection,
        escrow,
        dispatch,
        dealUrl: new URL(pagePaths.deal(deal.orderId), window.location.origin).href,
      });
      const begin = () => {
        busyRef.current = true;
        setBusy(kind);
      };
      const end = () => {
        busyRef.current = false;
        setBusy(null);
      };

      begin();
      void Promise.all([PREPARE[kind](), walletWhenReady()])
        .then(([prepare, live]) => prepare(deal, envWith(live)))
        .then(
        (prepared) => {
          end();
          dispatch(
            openConfirmAction(prepared.confirm, {
              onConfirm: async (text) => {
                begin();
                try {
                  const outcome = await prepared.run(text);
                  dispatch(dealStatusChanged(deal.orderId, outcome.status));
                  if (prepared.successMessage) dispatch(showToast.success(prepared.successMessage));
                } catch (error) {
                  if (prepared.failureMessage) dispatch(showToast.error(failureText(error, prepared.failureMessage)));
                } finally {
                  end();
                  refresh();
                }
              },
            }),
          );
        },
        (error: unknown) => {
          end();
          dispatch(showToast.error(failureText(error, FALLBACK[kind])));
        },
      );
    },
    [deal, viewer, walletWhenReady, escrow, dispatch, refresh],
  );

  return { busy, start };
}

/** When the checks before the confirm modal fail unexpectedly (not one of their own messages). */
const FALLBACK: Record<DealActionKind, string> = {
  lock: FAILED_TO_LOCK_ORDER,
  markAsPaid: FAILED_TO_SIGN_TICKET,
  cancel: CANCEL_FAILED,
  supportRequest: UNEXPECTED_ERROR,
  receivePayout: UNEXPECTED_ERROR,
};
