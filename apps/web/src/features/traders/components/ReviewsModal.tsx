import type { Review } from '@jelly/contracts';
import type { UIEvent } from 'react';
import { NO_MORE_REVIEWS, NO_REVIEWS_YET, shortenWallet } from '@jelly/domain';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { StarRating } from '../../../components/ui/StarRating.tsx';
import { formatLocalDate } from '../../../lib/time/formatLocalDateTime.ts';
import { REVIEWS_SCROLL_THRESHOLD_PX } from '../../../lib/ui/constants.ts';
import { useTraderReviewsInfiniteQuery } from '../api/tradersApi.ts';
import styles from './Traders.module.css';

export interface ReviewsModalProps {
  /** The trader whose reviews are shown. */
  wallet: string;
  onClose: () => void;
}

const SKELETON_ROWS = 3;

/** True when a scrolled list is within the trigger distance of its end. */
export function nearListEnd(element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= REVIEWS_SCROLL_THRESHOLD_PX;
}

/**
 * A trader's reviews, newest first: reviewer, stars, date, comment and deal. Twenty at a time; the next twenty load
 * when the list is scrolled within 50 px of its end.
 */
export function ReviewsModal({ wallet, onClose }: ReviewsModalProps) {
  const query = useTraderReviewsInfiniteQuery(wallet);
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage } = query;
  const firstLoad = query.isLoading;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasNextPage && !isFetching && nearListEnd(event.currentTarget)) void fetchNextPage();
  };

  return (
    <Modal title="Reviews" onClose={onClose} className={styles.reviewsModal}>
      <p className={styles.modalLead}>
        <span title={wallet} data-testid="reviews-wallet">
          {shortenWallet(wallet)}
        </span>
      </p>
      <div className={styles.reviewsScroll} data-testid="reviews-scroll" onScroll={onScroll} tabIndex={0} aria-label="Reviews list">
        {query.isError && reviews.length === 0 ? (
          <div className={styles.listNote} role="alert">
            <p>The reviews could not be loaded.</p>
            <Button size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <>
            {reviews.length > 0 && (
              <ul className={styles.reviews}>
                {reviews.map((review) => (
                  <ReviewItem key={review.id} review={review} />
                ))}
              </ul>
            )}
            {(firstLoad || isFetchingNextPage) && <ReviewSkeletons />}
            {!firstLoad && !query.isError && reviews.length === 0 && <p className={styles.listNote}>{NO_REVIEWS_YET}</p>}
            {!isFetching && !hasNextPage && reviews.length > 0 && <p className={styles.listNote}>{NO_MORE_REVIEWS}</p>}
            {query.isError && reviews.length > 0 && (
              <div className={styles.listNote} role="alert">
                <Button size="small" variant="secondary" onClick={() => void fetchNextPage()}>
                  Retry
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className={styles.review} data-testid="review">
      <div className={styles.reviewHead}>
        <span className={styles.reviewer} title={review.fromWallet}>
          {shortenWallet(review.fromWallet)}
        </span>
        <time dateTime={review.createdAt} className={styles.muted}>
          {formatLocalDate(review.createdAt)}
        </time>
      </div>
      <StarRating value={review.score} label="Rating" size="small" />
      {review.comment && <p className={styles.comment}>{review.comment}</p>}
      <p className={styles.muted}>Deal ID: #{review.dealId}</p>
    </li>
  );
}

function ReviewSkeletons() {
  return (
    <div role="status" aria-label="Loading reviews">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <div key={i} className={styles.skeletonRow} aria-hidden="true">
          <span className={styles.skeletonBlock} />
          <span className={styles.skeletonBlock} />
        </div>
      ))}
    </div>
  );
}
