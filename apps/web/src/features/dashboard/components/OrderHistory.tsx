import { OWNER_ORDERS_PAGE_SIZE } from '@jelly/domain';
import { useEffect, useId } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { failureMessage, useOwnerOrders } from '../api/dashboardApi.ts';
import { orderHistoryQuery } from '../model/queries.ts';
import { historyOptionsReceived, orderFiltersChanged, orderPageChanged, selectDashboard } from '../state/dashboardSlice.ts';
import styles from './Dashboard.module.css';
import { DealRow } from './DealRow.tsx';
import { ListEmpty, ListError, ListSkeleton, Pager } from './ListStates.tsx';
import { OrderFilters } from './OrderFilters.tsx';
import { StatusTabs } from './StatusTabs.tsx';

/** The wallet's deals by status tab and filters, 8 a page, newest first. */
export function OrderHistory({ wallet, phone }: { wallet: string; phone: boolean }) {
  const dispatch = useDispatch();
  const listId = useId();
  const { orderFilters, orderPage } = useSelector(selectDashboard);
  const { data, isLoading, isFetching, isError, error, refetch } = useOwnerOrders({ wallet, query: orderHistoryQuery(orderFilters, orderPage) });

  useEffect(() => {
    if (data) dispatch(historyOptionsReceived({ fiatCodes: data.fiatCodes, tokenNames: data.tokenNames }));
  }, [data, dispatch]);

  // On failure the list is empty and the total 0 (the error state offers a retry).
  const orders = isError ? [] : (data?.orders ?? []);
  const total = isError ? 0 : (data?.total ?? 0);

  return (
    <section className={styles.section} aria-labelledby={`${listId}-title`}>
      <div className={styles.sectionHead}>
        <h2 id={`${listId}-title`} className={styles.sectionTitle}>
          Order history
        </h2>
        {phone && (
          <Button variant="secondary" size="small" onClick={() => dispatch(modalPushed('filterOrders', {}))}>
            Filters
          </Button>
        )}
      </div>
      <StatusTabs value={orderFilters.tab} onChange={(tab) => dispatch(orderFiltersChanged({ tab }))} controls={listId} />
      {!phone && <OrderFilters />}
      <div id={listId} role="tabpanel" aria-busy={isFetching}>
        {isLoading ? (
          <ListSkeleton rows={3} label="Loading orders" />
        ) : isError ? (
          <ListError title="Orders could not be loaded." message={failureMessage(error)} onRetry={() => void refetch()} />
        ) : orders.length === 0 ? (
          <ListEmpty text="No orders match these filters." />
        ) : (
          <ul className={styles.list} aria-label="Orders">
            {orders.map((deal) => (
              <DealRow key={deal.orderId} deal={deal} />
            ))}
          </ul>
        )}
      </div>
      {!isLoading && <Pager page={orderPage} size={OWNER_ORDERS_PAGE_SIZE} total={total} label="Order pages" onPage={(page) => dispatch(orderPageChanged(page))} />}
    </section>
  );
}
