import type { Order } from '@jelly/contracts';
import {
  acceptClaimInput,
  claimMaxAmount,
  claimOfferTitle,
  claimQuote,
  claimTakesPaymentDetails,
  formatDealPrice,
  LIVE_PRICE_UNAVAILABLE,
  PAYMENT_DETAILS_MESSAGES,
} from '@jelly/domain';
import { useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useDealPrice } from '../hooks/useDealPrice.ts';
import { availableLabel, availableTokens, limitsLabel, visitorActionLabel } from '../offerFigures.ts';
import styles from './ClaimOfferModal.module.css';
import { PaymentDetailsInputs, paymentDetailsEntries, type PaymentDetailsTexts } from './PaymentDetailsInputs.tsx';

export interface ClaimOfferModalProps {
  offer: Order;
  /** This modal's id in the stack: Confirm Operation closes it once the claim succeeded. */
  modalId: string;
  onClose: () => void;
}

/**
 * Claim Offer #{orderId}: the available amount, the amount input (digits with one
 * optional decimal point; above available → 'Amount exceeds available balance'), Max, the estimated fiat at the
 * deal price (a fixed offer's listed price; a floating offer's live price with its premium, or its listed price with
 * the note), the min/max rules and hints, and Confirm, which opens Confirm Operation. The estimate is the fiat the
 * deal will ask. The amount lives in this modal only, so leaving it resets amount and price. On a Buy offer the
 * claimer sells, so they also give their payment details (required: the buyer must have them once the crypto is
 * locked), in the same form as a Sell offer's creator.
 */
export function ClaimOfferModal({ offer, modalId, onClose }: ClaimOfferModalProps) {
  const dispatch = useDispatch();
  const amountId = useId();
  const hintsId = useId();
  const [amountText, setAmountText] = useState('');
  const [detailsTexts, setDetailsTexts] = useState<PaymentDetailsTexts>({});
  const takesDetails = claimTakesPaymentDetails(offer.offerSide);
  const paymentDetails = takesDetails ? paymentDetailsEntries(offer.paymentMethods, detailsTexts) : [];
  const detailsMissing = takesDetails && paymentDetails.length === 0;
  const available = availableTokens(offer);

  const price = useDealPrice(offer);
  const quote = claimQuote({
    amountText,
    available,
    price: price.price,
    fiatCode: offer.fiatCode,
    minFiatAmount: offer.minFiatAmount,
    maxFiatAmount: offer.maxFiatAmount,
  });

  const onAmountChange = (text: string) => {
    const result = acceptClaimInput(text, available, offer.tokenDecimal);
    if (result.accepted) setAmountText(result.value);
    else if (result.error) dispatch(showToast.error(result.error));
  };

  const confirmDisabled = quote.confirmDisabled || detailsMissing;
  const confirm = () => {
    if (confirmDisabled) return;
    dispatch(modalPushed('confirmOperation', { offer, amount: amountText, claimModalId: modalId, ...(takesDetails ? { paymentDetails } : {}) }));
  };

  const action = visitorActionLabel(offer);
  return (
    <Modal title={claimOfferTitle(offer.orderId)} onClose={onClose} className={styles.dialog}>
      <dl className={styles.facts}>
        <div>
          <dt>Available</dt>
          <dd data-testid="claim-available">
            {availableLabel(offer)} {offer.tokenName}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd data-testid="claim-price">
            {formatDealPrice(price.price)} {offer.fiatCode}
          </dd>
        </div>
        <div>
          <dt>Limits</dt>
          <dd>{limitsLabel(offer, price.price)}</dd>
        </div>
      </dl>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <label htmlFor={amountId} className={styles.label}>
          Amount to {action.toLowerCase()} ({offer.tokenName})
        </label>
        <div className={styles.amountRow}>
          <input
            id={amountId}
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amountText}
            aria-describedby={hintsId}
            aria-invalid={quote.limitError ? true : undefined}
            onChange={(event) => onAmountChange(event.target.value)}
          />
          <Button variant="secondary" size="small" onClick={() => setAmountText(claimMaxAmount(available))}>
            Max
          </Button>
        </div>

        <div id={hintsId} className={styles.hints}>
          {quote.minHint && <span>{quote.minHint}</span>}
          {quote.maxHint && <span>{quote.maxHint}</span>}
        </div>

        <p className={styles.estimate} aria-live="polite">
          Estimated: <strong data-testid="claim-estimate">{quote.estimatedFiat} {offer.fiatCode}</strong>
          {price.live && (
            <span className={styles.priceNote}>
              {' '}
              at {formatDealPrice(price.price)} {offer.fiatCode} per {offer.tokenName} (market {premiumLabel(offer.premiumPercent)})
            </span>
          )}
        </p>
        {price.showListedPriceNote && (
          <p className={styles.note} role="note">
            {LIVE_PRICE_UNAVAILABLE}
          </p>
        )}
        {quote.limitError && (
          <p className={styles.error} role="alert">
            {quote.limitError}
          </p>
        )}

        {takesDetails && (
          <div role="group" aria-label="Your payment details" className={styles.details}>
            <p className={styles.detailsNote}>
              Your payment details: where the buyer pays you (account name, IBAN, phone number…). Only the buyer sees them,
              once your crypto is locked.
            </p>
            <PaymentDetailsInputs
              methods={offer.paymentMethods}
              texts={detailsTexts}
              onChange={(id, value) => setDetailsTexts((current) => ({ ...current, [id]: value }))}
            />
            {detailsMissing && (
              <p className={styles.detailsNote} data-testid="claim-details-required">
                {PAYMENT_DETAILS_MESSAGES.claimNeedsDetails}
              </p>
            )}
          </div>
        )}

        <Button type="submit" className={styles.confirm} disabled={confirmDisabled}>
          Confirm
        </Button>
      </form>
    </Modal>
  );
}

/** '+15%', '-3.5%', '+0%': the premium a floating offer adds to the market price. */
function premiumLabel(premiumPercent: string | null): string {
  const premium = premiumPercent ?? '0';
  return `${premium.startsWith('-') ? '' : '+'}${premium}%`;
}
