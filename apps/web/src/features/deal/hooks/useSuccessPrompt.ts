import type { OrderDetails } from '@jelly/contracts';
import { counterpartyWallet, OrderStatus, shouldPromptReview } from '@jelly/domain';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { useOrderReviewStatusQuery } from '../api/dealApi.ts';

/**
 * Opens the success modal once per deal when it is Completed and this viewer is a party who has not reviewed yet
 * (GET /rating/order/{orderId}/status).
 */
export function useSuccessPrompt(deal: OrderDetails | undefined, viewer: string | null): void {
  const dispatch = useDispatch();
  const completed = deal?.status === OrderStatus.Completed;
  const { data: reviews } = useOrderReviewStatusQuery(deal?.orderId ?? 0, { skip: !deal || !completed || !viewer });
  const opened = useRef<number | null>(null);

  useEffect(() => {
    if (!deal || !reviews || opened.current === deal.orderId) return;
    if (!shouldPromptReview(deal.status, reviews, viewer)) return;
    const toWallet = counterpartyWallet(deal, viewer);
    if (!toWallet) return;
    opened.current = deal.orderId;
    dispatch(modalPushed('successfulTransaction', { orderId: deal.orderId, toWallet }));
  }, [deal, reviews, viewer, dispatch]);
}
