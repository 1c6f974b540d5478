import type { OrderPaymentMethod, PaymentDetailsEntry } from '@jelly/contracts';
import { MAX_PAYMENT_DETAILS_LENGTH } from '@jelly/domain';
import { useId } from 'react';
import styles from './PaymentDetailsEditor.module.css';

/** What the seller typed, by payment method id. */
export type PaymentDetailsTexts = Readonly<Record<string, string>>;

/**
 * One box per payment method of the offer: where the buyer pays the seller. The one form for a seller's details on
 * the market: a Sell offer's creator on the offer's page, a Buy offer's claimer in Claim Offer.
 */
export function PaymentDetailsInputs({
  methods,
  texts,
  onChange,
}: {
  methods: readonly OrderPaymentMethod[];
  texts: PaymentDetailsTexts;
  onChange: (methodId: string, value: string) => void;
}) {
  const baseId = useId();
  return (
    <>
      {methods.map((method, i) => (
        <div key={method.id} className={styles.field}>
          <label htmlFor={`${baseId}-${i}`} className={styles.label}>
            {method.name}
          </label>
          <textarea
            id={`${baseId}-${i}`}
            className={styles.input}
            rows={2}
            maxLength={MAX_PAYMENT_DETAILS_LENGTH}
            value={texts[method.id] ?? ''}
            onChange={(event) => onChange(method.id, event.target.value)}
          />
        </div>
      ))}
    </>
  );
}

/** The filled-in boxes as the API takes them, in the offer's method order; a blank box sends nothing. */
export function paymentDetailsEntries(methods: readonly OrderPaymentMethod[], texts: PaymentDetailsTexts): PaymentDetailsEntry[] {
  return methods.flatMap((m) => {
    const details = (texts[m.id] ?? '').trim();
    return details ? [{ paymentMethodId: m.id, details }] : [];
  });
}
