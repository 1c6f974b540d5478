import { ADMIN_REASON_MIN, type AdminOrderResponse, type AdminResolveOutcome } from '@jelly/contracts';
import { formatDisplayAmount, fromBaseUnits, RESOLVE_AWAITING_SECOND_ADMIN, RESOLVE_FAILED, RESOLVE_SUBMITTED, shortenWallet } from '@jelly/domain';
import type { EndpointDispatch } from '../../../lib/api/api.ts';
import { unwrapApi } from '../../../lib/api/apiError.ts';
import type { ConfirmActionProps } from '../../../lib/modals/modalKinds.ts';
import { adminOrderApi } from '../api/adminOrderApi.ts';
import type { ReleaseTo } from '../components/ResolveButtons.tsx';

/** A resolution whose checks passed: what the confirm modal says, and what runs when it is confirmed. */
export interface PreparedResolve {
  confirm: ConfirmActionProps;
  run: () => Promise<AdminResolveOutcome>;
  /** Above the four-eyes amount the server only records the request: the toast says a second admin decides. */
  successMessage: (outcome: AdminResolveOutcome) => string;
  /** Shown when the server gives no reason of its own. */
  failureMessage: string;
}

/**
 * Send to Buyer / Send to Seller: the reason both parties read must be long enough; confirmed, it POSTs the
 * resolution. Null when there is nothing to resolve yet or the reason is too short (the form shows why).
 */
export function prepareResolve(
  order: AdminOrderResponse | undefined,
  releaseTo: ReleaseTo,
  reason: string,
  dispatch: EndpointDispatch,
): PreparedResolve | null {
  const said = reason.trim();
  if (!order || said.length < ADMIN_REASON_MIN) return null;
  const to = releaseTo === 'buyer' ? order.buyerWallet : order.sellerWallet;
  const toWallet = to ? ` ${shortenWallet(to)}` : '';
  const amount = `${formatDisplayAmount(fromBaseUnits(BigInt(order.amount), order.tokenDecimal))} ${order.tokenName}`;
  return {
    confirm:
      releaseTo === 'buyer'
        ? {
            title: 'Send to Buyer?',
            description: `Release ${amount} from the escrow to the buyer${toWallet} (minus the platform fee). This cannot be undone.`,
            confirmText: 'Release to Buyer',
            variant: 'warning',
          }
        : {
            title: 'Send to Seller?',
            description: `Refund ${amount} to the seller${toWallet} and end the deal. This cannot be undone.`,
            confirmText: 'Refund to Seller',
            variant: 'warning',
          },
    run: () => unwrapApi(dispatch(adminOrderApi.endpoints.resolveAdminOrder.initiate({ orderId: order.orderId, releaseTo, reason: said }))),
    successMessage: (outcome) => (outcome.state === 'pending_approval' ? RESOLVE_AWAITING_SECOND_ADMIN : RESOLVE_SUBMITTED),
    failureMessage: RESOLVE_FAILED,
  };
}
