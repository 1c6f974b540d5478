import { ADMIN_REASON_MIN, type AdminOrderResponse } from '@jelly/contracts';
import {
  errorWithMessage,
  formatDisplayAmount,
  fromBaseUnits,
  RESOLVE_AWAITING_SECOND_ADMIN,
  RESOLVE_FAILED,
  RESOLVE_SUBMITTED,
  shortenWallet,
} from '@jelly/domain';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { openConfirmAction } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useResolveAdminOrderMutation } from '../api/adminOrderApi.ts';
import type { ReleaseTo } from '../components/ResolveButtons.tsx';

/**
 * Send to Buyer / Send to Seller: confirm, then POST the resolution with the reason both parties read. Above the
 * four-eyes amount the server records the request and another admin decides it.
 */
export function useResolve(order: AdminOrderResponse | undefined, onSettled?: () => void) {
  const dispatch = useDispatch<EndpointDispatch>();
  const [resolveOrder] = useResolveAdminOrderMutation();
  const [busy, setBusy] = useState<ReleaseTo | null>(null);

  const resolve = (releaseTo: ReleaseTo, reason: string) => {
    if (!order || reason.trim().length < ADMIN_REASON_MIN) return;
    const to = releaseTo === 'buyer' ? order.buyerWallet : order.sellerWallet;
    const amount = `${formatDisplayAmount(fromBaseUnits(BigInt(order.amount), order.tokenDecimal))} ${order.tokenName}`;
    dispatch(
      openConfirmAction(
        releaseTo === 'buyer'
          ? {
              title: 'Send to Buyer?',
              description: `Release ${amount} from the escrow to the buyer${to ? ` ${shortenWallet(to)}` : ''} (minus the platform fee). This cannot be undone.`,
              confirmText: 'Release to Buyer',
              variant: 'warning',
            }
          : {
              title: 'Send to Seller?',
              description: `Refund ${amount} to the seller${to ? ` ${shortenWallet(to)}` : ''} and end the deal. This cannot be undone.`,
              confirmText: 'Refund to Seller',
              variant: 'warning',
            },
        {
          onConfirm: async () => {
            setBusy(releaseTo);
            try {
              const outcome = await resolveOrder({ orderId: order.orderId, releaseTo, reason: reason.trim() }).unwrap();
              dispatch(showToast.success(outcome.state === 'pending_approval' ? RESOLVE_AWAITING_SECOND_ADMIN : RESOLVE_SUBMITTED));
            } catch (error) {
              dispatch(showToast.error(resolveFailure(error)));
            } finally {
              setBusy(null);
              onSettled?.();
            }
          },
        },
      ),
    );
  };

  return { busy, resolve };
}

/** The server's reason for a refused request ('Order already resolved by admin.', …), else the fallback. */
export function resolveFailure(error: unknown, fallback = RESOLVE_FAILED): string {
  const failed = error as { status?: unknown; data?: { error?: { message?: unknown } } } | undefined;
  const message = failed?.data?.error?.message;
  const status = typeof failed?.status === 'number' ? failed.status : 0;
  return status >= 400 && status < 500 && typeof message === 'string' ? errorWithMessage(message) : fallback;
}
