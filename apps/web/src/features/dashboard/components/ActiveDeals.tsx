import { failureMessage, useOwnerOrders } from '../api/dashboardApi.ts';
import { activeDealsQuery } from '../model/queries.ts';
import styles from './Dashboard.module.css';
import { DealRow } from './DealRow.tsx';
import { ListEmpty, ListError, ListSkeleton } from './ListStates.tsx';

/** The wallet's running deals, first on the screen: each links to its deal page. */
export function ActiveDeals({ wallet }: { wallet: string }) {
  const { data, isLoading, isError, error, refetch } = useOwnerOrders({ wallet, query: activeDealsQuery });
  const deals = isError ? [] : (data?.orders ?? []);
  return (
    <section className={styles.section} aria-labelledby="active-deals-title">
      <div className={styles.sectionHead}>
        <h2 id="active-deals-title" className={styles.sectionTitle}>
          Active deals
        </h2>
        {!isLoading && !isError && <span className={styles.badge}>{data?.total ?? 0}</span>}
      </div>
      {isLoading ? (
        <ListSkeleton rows={2} label="Loading active deals" />
      ) : isError ? (
        <ListError title="Active deals could not be loaded." message={failureMessage(error)} onRetry={() => void refetch()} />
      ) : deals.length === 0 ? (
        <ListEmpty text="No deals are running right now." />
      ) : (
        <ul className={styles.list} aria-label="Active deals">
          {deals.map((deal) => (
            <DealRow key={deal.orderId} deal={deal} />
          ))}
        </ul>
      )}
    </section>
  );
}
