import type { MarketOffer } from '@jelly/contracts';
import { avatarLetters, formatDisplayAmount, percentText, shortenWallet } from '@jelly/domain';
import { Link } from 'react-router';
import { useTokenLabel } from '../../../lib/reference/tokenLabel.ts';
import { availableLabel, limitsLabel, visitorActionLabel } from '../offerFigures.ts';
import styles from './MarketPage.module.css';
import { OfferTags } from './OfferTags.tsx';
import { pagePaths } from '@jelly/contracts';

export interface OfferListProps {
  offers: readonly MarketOffer[];
  /** The signed-in wallet: its own offers cannot be claimed. */
  myWallet: string | null;
  onClaim: (offer: MarketOffer) => void;
  layout: 'table' | 'cards';
}

function statsLine(offer: MarketOffer): string {
  const { trades, completionRate } = offer.creatorStats;
  const count = `${trades} ${trades === 1 ? 'trade' : 'trades'}`;
  return completionRate === null ? count : `${count} · ${percentText(completionRate)}`;
}

function Advertiser({ offer }: { offer: MarketOffer }) {
  return (
    <div className={styles.advertiser}>
      <span className={styles.avatar} aria-hidden="true">
        {avatarLetters(offer.creatorWallet)}
      </span>
      <span>
        <Link to={pagePaths.trader(offer.creatorWallet)} className={styles.wallet} title={offer.creatorWallet}>
          {shortenWallet(offer.creatorWallet)}
        </Link>
        <span className={styles.stats}>{statsLine(offer)}</span>
      </span>
    </div>
  );
}

function Methods({ offer }: { offer: MarketOffer }) {
  return (
    <ul className={styles.methods} aria-label="Payment methods">
      {offer.paymentMethods.map((method) => (
        <li key={method.id}>{method.name}</li>
      ))}
    </ul>
  );
}

function ClaimButton({ offer, myWallet, onClaim }: Pick<OfferListProps, 'myWallet' | 'onClaim'> & { offer: MarketOffer }) {
  const label = visitorActionLabel(offer);
  const own = myWallet !== null && myWallet === offer.creatorWallet;
  return (
    <button
      type="button"
      className={`${styles.claim} ${label === 'Buy' ? styles.claimBuy : styles.claimSell}`}
      disabled={own}
      title={own ? 'This is your offer' : undefined}
      onClick={() => onClaim(offer)}
    >
      {label}
    </button>
  );
}

/** The market rows: a table on wide screens, cards on phones. */
export function OfferList({ offers, myWallet, onClaim, layout }: OfferListProps) {
  const label = useTokenLabel();
  if (layout === 'cards') {
    return (
      <ul className={styles.cards} aria-label="Offers">
        {offers.map((offer) => (
          <li key={offer.orderId} className={styles.card} data-testid={`offer-${offer.orderId}`}>
            <div className={styles.cardHead}>
              <Advertiser offer={offer} />
              <span className={styles.price}>
                {formatDisplayAmount(offer.price)} {offer.fiatCode}
              </span>
            </div>
            <dl className={styles.cardFacts}>
              <div>
                <dt>Available</dt>
                <dd>
                  {availableLabel(offer)} {label({ mint: offer.tokenMint, symbol: offer.tokenName })}
                </dd>
              </div>
              <div>
                <dt>Limits</dt>
                <dd>{limitsLabel(offer)}</dd>
              </div>
            </dl>
            <OfferTags tags={offer.tags} />
            <div className={styles.cardFoot}>
              <Methods offer={offer} />
              <ClaimButton offer={offer} myWallet={myWallet} onClaim={onClaim} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Advertiser</th>
          <th scope="col">Price</th>
          <th scope="col">Available</th>
          <th scope="col">Limits</th>
          <th scope="col">Payment</th>
          <th scope="col">
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {offers.map((offer) => (
          <tr key={offer.orderId} data-testid={`offer-${offer.orderId}`}>
            <td>
              <Advertiser offer={offer} />
              <OfferTags tags={offer.tags} />
            </td>
            <td className={styles.price}>
              {formatDisplayAmount(offer.price)} {offer.fiatCode}
            </td>
            <td>
              {availableLabel(offer)} {label({ mint: offer.tokenMint, symbol: offer.tokenName })}
            </td>
            <td>{limitsLabel(offer)}</td>
            <td>
              <Methods offer={offer} />
            </td>
            <td className={styles.actionCell}>
              <ClaimButton offer={offer} myWallet={myWallet} onClaim={onClaim} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Placeholder rows while the first page loads. */
export function OfferListSkeleton({ rows, layout }: { rows: number; layout: 'table' | 'cards' }) {
  return (
    <div role="status" aria-label="Loading offers" className={layout === 'cards' ? styles.cards : styles.skeletonTable}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.skeletonRow} aria-hidden="true">
          <span className={styles.skeletonBlock} />
          <span className={styles.skeletonBlock} />
          <span className={styles.skeletonBlock} />
        </div>
      ))}
    </div>
  );
}
