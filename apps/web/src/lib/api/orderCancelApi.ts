import { orderPaths, updateOfferResponse, type UpdateOfferResponse } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { OWNER_ORDERS_TAG } from '../realtime/cacheUpdates.ts';
import { MARKET_OFFERS_TAG } from './sharedTags.ts';
import { api } from './api.ts';

export interface CancelInDatabaseArgs {
  /** The offer or the not-yet-locked deal to cancel. */
  orderId: number;
  /** A deal's offer, whose available amount grows back; null or absent for an offer. */
  parentOrderId?: number | null;
}

/**
 * The database cancel (PUT /orders/update-offers?orderId&orderStatus=4): an offer its creator withdraws, or a deal
 * nobody has locked yet. Both the market (offers, a claim whose lock failed) and the deal page send it, so it lives
 * here. The tags are the features' own (addressed by name, as features are not imported): the market's list and
 * order, the dashboard's lists, and the deal page's deal, for the cancelled order and the offer it came from.
 */
export const orderCancelApi = api.enhanceEndpoints({ addTagTypes: [MARKET_OFFERS_TAG, OWNER_ORDERS_TAG, 'Order', 'Deal'] }).injectEndpoints({
  endpoints: (build) => ({
    cancelOrderInDatabase: build.mutation<UpdateOfferResponse, CancelInDatabaseArgs>({
      query: ({ orderId }) => ({
        url: orderPaths.updateOffers,
        method: 'PUT',
        params: { orderId, orderStatus: OrderStatus.Cancelled },
      }),
      responseSchema: updateOfferResponse,
      // A refused cancel changed nothing: nothing to refetch.
      invalidatesTags: (_result, error, { orderId, parentOrderId }) => {
        if (error) return [];
        const ids = parentOrderId == null ? [orderId] : [orderId, parentOrderId];
        return [MARKET_OFFERS_TAG, OWNER_ORDERS_TAG, ...ids.flatMap((id) => [{ type: 'Order' as const, id }, { type: 'Deal' as const, id }])];
      },
    }),
  }),
});

export const { useCancelOrderInDatabaseMutation } = orderCancelApi;
