import type { MarketOffer } from '@jelly/contracts';
import { useReducer, useState } from 'react';
import { Modal } from '../../../components/ui/Modal.tsx';
import { useDispatch } from 'react-redux';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useCoinsQuery, useCurrenciesQuery, usePaymentMethodsQuery } from '../../../lib/reference/catalogueApi.ts';
import { useMarketOffersQuery } from '../api/marketApi.ts';
import { MarketFilters } from '../components/MarketFilters.tsx';
import styles from '../components/MarketPage.module.css';
import { OfferList, OfferListSkeleton } from '../components/OfferList.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { useIsMobile } from '../../../lib/ui/useMediaQuery.ts';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { initialListingState, listingReducer, toMarketQuery } from '../state/listingState.ts';

export const CONNECT_TO_CLAIM = 'Connect your wallet to claim an offer.';

/** /buy-crypto: the market of offers. */
export default function MarketPage() {
  useDocumentTitle('Buy Crypto');
  const dispatch = useDispatch();
  const [listing, change] = useReducer(listingReducer, initialListingState);
  const myWallet = useSignedInWallet();
  const mobile = useIsMobile();
  const layout = mobile ? 'cards' : 'table';
  // On phones the filters fold into a Filters button (the filterBuyCrypto modal), so offers show above the fold.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { data: coins = [] } = useCoinsQuery();
  const { data: currencies = [] } = useCurrenciesQuery();
  const { data: paymentMethods = [] } = usePaymentMethodsQuery();
  const { data, isLoading, isFetching, isError, refetch } = useMarketOffersQuery({ signedIn: myWallet !== null, query: toMarketQuery(listing) });

  // On failure the list is empty and the total 0 (the error state offers a retry).
  const offers = isError ? [] : (data?.data ?? []);
  const total = isError ? 0 : (data?.total ?? 0);

  const claim = (offer: MarketOffer) => {
    if (!myWallet) {
      dispatch(showToast.info(CONNECT_TO_CLAIM));
      return;
    }
    dispatch(modalPushed('confirmOrder', { offer }));
  };

  return (
    <section className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>Buy Crypto</h1>
        <p className={styles.lead}>Buy and sell tokens for your currency. The crypto waits in an on-chain escrow until both sides sign.</p>
      </header>

      {mobile ? (
        <div className={styles.filtersBar}>
          <button type="button" className={styles.filtersButton} aria-haspopup="dialog" onClick={() => setFiltersOpen(true)}>
            Filters
          </button>
        </div>
      ) : (
        <MarketFilters state={listing} dispatch={change} coins={coins} currencies={currencies} paymentMethods={paymentMethods} />
      )}
      {mobile && filtersOpen && (
        <Modal title="Filters" onClose={() => setFiltersOpen(false)} className={styles.filterModal}>
          <div data-modal="filterBuyCrypto">
            <MarketFilters state={listing} dispatch={change} coins={coins} currencies={currencies} paymentMethods={paymentMethods} />
            <button type="button" className={styles.filtersDone} onClick={() => setFiltersOpen(false)}>
              Show offers
            </button>
          </div>
        </Modal>
      )}

      <div className={styles.results} aria-busy={isFetching}>
        {isLoading ? (
          <OfferListSkeleton rows={Math.min(listing.size, 10)} layout={layout} />
        ) : isError ? (
          <div className={styles.empty} role="alert">
            <p>Offers could not be loaded.</p>
            <button type="button" className={styles.pageButton} onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : offers.length === 0 ? (
          <p className={styles.empty}>No offers match these filters.</p>
        ) : (
          <OfferList offers={offers} myWallet={myWallet} onClaim={claim} layout={layout} />
        )}
      </div>

      {!isLoading && (
        <Pagination
          page={listing.page}
          size={listing.size}
          total={total}
          totalIsCapped={data?.totalIsCapped ?? false}
          rowsOnPage={offers.length}
          onPage={(page) => change({ type: 'page', page })}
        />
      )}
    </section>
  );
}
