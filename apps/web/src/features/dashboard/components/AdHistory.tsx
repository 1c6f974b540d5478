import type { UserOrderRow } from '@jelly/contracts';
import { ORDER_CANCELLED, OWNER_ORDERS_PAGE_SIZE } from '@jelly/domain';
import { useId } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed, openConfirmAction } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useCancelOrderInDatabaseMutation } from '../../../lib/api/orderCancelApi.ts';
import { failureMessage, useOwnerOrders } from '../api/dashboardApi.ts';
import { adHistoryQuery } from '../model/queries.ts';
import { adFiltersApplied, adPageChanged, selectDashboard } from '../state/dashboardSlice.ts';
import { AdFilterForm } from './AdFilters.tsx';
import styles from './Dashboard.module.css';
import { ListEmpty, ListError, ListSkeleton, Pager } from './ListStates.tsx';
import { OfferRow } from './OfferRow.tsx';

/** The wallet's own offers (its ads), 8 a page, newest first. */
export function AdHistory({ wallet, phone }: { wallet: string; phone: boolean }) {
  const dispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  const titleId = useId();
  const { adFilters, adPage } = useSelector(selectDashboard);
  const { data, isLoading, isFetching, isError, error, refetch } = useOwnerOrders({ wallet, query: adHistoryQuery(adFilters, adPage) });
  const [cancelOffer] = useCancelOrderInDatabaseMutation();

  const offers = isError ? [] : (data?.orders ?? []);
  const total = isError ? 0 : (data?.total ?? 0);

  const confirmCancel = (offer: UserOrderRow) => {
    dispatch(
      openConfirmAction(
        {
          title: `Cancel offer #${offer.orderId}?`,
          description: 'The offer leaves the market. Deals already opened on it go on.',
          confirmText: 'Cancel offer',
          cancelText: 'Keep offer',
          variant: 'danger',
        },
        {
          onConfirm: async () => {
            try {
              await cancelOffer({ orderId: offer.orderId }).unwrap();
            } catch (failure) {
              dispatch(showToast.error(`The offer was not cancelled: ${failureMessage(failure)}`));
              throw failure;
            }
            dispatch(showToast.success(ORDER_CANCELLED));
          },
        },
      ),
    );
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHead}>
        <h2 id={titleId} className={styles.sectionTitle}>
          Ad history
        </h2>
        {phone && (
          <Button variant="secondary" size="small" onClick={() => dispatch(modalPushed('filterAds', {}))}>
            Filters
          </Button>
        )}
      </div>
      {/* Phones edit the same filters in the filterAds modal instead; either block starts from the applied ones. */}
      {!phone && <AdFilterForm applied={adFilters} onApply={(filters) => dispatch(adFiltersApplied(filters))} />}
      <div aria-busy={isFetching}>
        {isLoading ? (
          <ListSkeleton rows={3} label="Loading ads" />
        ) : isError ? (
          <ListError title="Ads could not be loaded." message={failureMessage(error)} onRetry={() => void refetch()} />
        ) : offers.length === 0 ? (
          <ListEmpty text="No ads match these filters." />
        ) : (
          <ul className={styles.list} aria-label="Ads">
            {offers.map((offer) => (
              <OfferRow key={offer.orderId} offer={offer} onCancel={confirmCancel} />
            ))}
          </ul>
        )}
      </div>
      {!isLoading && <Pager page={adPage} size={OWNER_ORDERS_PAGE_SIZE} total={total} label="Ad pages" onPage={(page) => dispatch(adPageChanged(page))} />}
    </section>
  );
}
