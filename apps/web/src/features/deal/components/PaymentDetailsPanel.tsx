import type { OrderDetails } from '@jelly/contracts';
import { cryptoSideWallet, fiatSideWallet, formatCents, offerTakesPaymentDetails, paymentDetailsAccess } from '@jelly/domain';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { usePaymentDetailsQuery } from '../../../lib/api/paymentDetailsApi.ts';
import styles from './PaymentDetailsPanel.module.css';

export interface PaymentDetailsPanelProps {
  deal: OrderDetails;
  viewer: string | null;
  isAdmin: boolean;
}

/**
 * Where the buyer pays: the seller's payment details (a Sell offer's creator gave them with the offer, a Buy offer's
 * claimer with the claim), inside the deal. The buyer sees them once the crypto is locked (before that, a line saying
 * when they will show); the seller sees what the buyer sees; an admin, during a dispute. The same rule as the
 * server's decides when to ask.
 */
export function PaymentDetailsPanel({ deal, viewer, isAdmin }: PaymentDetailsPanelProps) {
  const access = paymentDetailsAccess(deal, viewer, isAdmin);
  const query = usePaymentDetailsQuery(deal.orderId, { skip: !access.ok });
  if (!access.ok) {
    if (access.reason !== 'notYet') return null;
    return (
      <p className={styles.pending} data-testid="payment-details-pending">
        {"The seller's payment details show here once the crypto is locked in escrow."}
      </p>
    );
  }

  const mine = viewer !== null && viewer === cryptoSideWallet(deal);
  const title = mine ? 'Your payment details' : 'Pay the seller';
  return (
    <section className={styles.panel} aria-label="Payment details">
      <h2 className={styles.title}>{title}</h2>
      {mine && <p className={styles.note}>The buyer sees these once you lock the crypto.</p>}
      {viewer !== null && viewer === fiatSideWallet(deal) && deal.fiatAmountCents !== null && (
        <p className={styles.note}>
          Send exactly {formatCents(BigInt(deal.fiatAmountCents), true)} {deal.fiatCode} with one of these methods, then press Mark as Paid.
        </p>
      )}
      {query.isLoading && <Spinner label="Loading payment details" />}
      {query.isError && <p className={styles.note}>The payment details could not be loaded: reload the page to try again.</p>}
      {query.data &&
        (query.data.entries.length === 0 ? (
          <p className={styles.note}>
            {mine ? noDetailsOfMine(deal.offerSide) : 'The seller gave no payment details: ask in the chat.'}
          </p>
        ) : (
          <dl className={styles.entries}>
            {query.data.entries.map((entry) => (
              <div key={entry.paymentMethodId} className={styles.entry}>
                <dt>{entry.paymentMethodName}</dt>
                <dd>{entry.details}</dd>
              </div>
            ))}
          </dl>
        ))}
    </section>
  );
}

function noDetailsOfMine(offerSide: number): string {
  return offerTakesPaymentDetails(offerSide)
    ? 'You gave no payment details with this offer: send them in the chat.'
    : 'You gave no payment details with this claim: send them in the chat.';
}
