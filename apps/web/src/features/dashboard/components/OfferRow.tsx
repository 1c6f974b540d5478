import type { UserOrderRow } from '@jelly/contracts';
import { formatDisplayAmount } from '@jelly/domain';
import { Button } from '../../../components/ui/Button.tsx';
import { tokenAmount } from '../model/format.ts';
import styles from './Dashboard.module.css';

const STATE_LABEL: Readonly<Record<NonNullable<UserOrderRow['offerStatus']>, string>> = {
  active: 'Active',
  filled: 'Filled',
  cancelled: 'Cancelled',
};

/** One of the wallet's offers: side and price, available / filled / total, its deals, and Cancel offer while active. */
export function OfferRow({ offer, onCancel }: { offer: UserOrderRow; onCancel: (offer: UserOrderRow) => void }) {
  const amount = (units: string) => `${tokenAmount(units, offer.tokenDecimal)} ${offer.tokenName}`;
  return (
    <li className={styles.row} data-testid={`offer-${offer.orderId}`}>
      <div className={styles.cell}>
        <span className={styles.strong}>
          {offer.offerSide === 1 ? 'Buy' : 'Sell'} {offer.tokenName} · #{offer.orderId}
        </span>
        <span className={styles.label}>
          {formatDisplayAmount(offer.price)} {offer.fiatCode} per {offer.tokenName}
        </span>
      </div>
      <div className={styles.cell}>
        <span className={styles.label}>Available / Filled / Total</span>
        <span data-testid="offer-amounts">
          {amount(offer.amount)} / {amount(offer.filledQuantity)} / {amount(offer.totalAmount)}
        </span>
      </div>
      <div className={styles.cell}>
        <span className={styles.label}>Deals</span>
        <span data-testid="offer-deals">{offer.dealsCount ?? 0}</span>
      </div>
      <div className={styles.cell}>
        <span className={styles.badge}>{offer.offerStatus ? STATE_LABEL[offer.offerStatus] : '—'}</span>
        {offer.offerStatus === 'active' && (
          <Button variant="danger" size="small" onClick={() => onCancel(offer)}>
            Cancel offer
          </Button>
        )}
      </div>
    </li>
  );
}
