import type { AdminOrderResponse } from '@jelly/contracts';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { openConfirmAction } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { prepareResolve } from '../actions/prepareResolve.ts';
import { refusalText } from '../actions/refusalText.ts';
import type { ReleaseTo } from '../components/ResolveButtons.tsx';

/** Runs prepareResolve: confirm → the resolution → toast, then `onSettled` (a refetch) whatever the outcome. */
export function useResolve(order: AdminOrderResponse | undefined, onSettled?: () => void) {
  const dispatch = useDispatch<EndpointDispatch>();
  const [busy, setBusy] = useState<ReleaseTo | null>(null);

  const resolve = (releaseTo: ReleaseTo, reason: string) => {
    const prepared = prepareResolve(order, releaseTo, reason, dispatch);
    if (!prepared) return;
    dispatch(
      openConfirmAction(prepared.confirm, {
        onConfirm: async () => {
          setBusy(releaseTo);
          try {
            dispatch(showToast.success(prepared.successMessage(await prepared.run())));
          } catch (error) {
            dispatch(showToast.error(refusalText(error, prepared.failureMessage)));
          } finally {
            setBusy(null);
            onSettled?.();
          }
        },
      }),
    );
  };

  return { busy, resolve };
}
