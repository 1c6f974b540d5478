import { MAX_PAYMENT_METHODS, OfferSide, PAYMENT_METHODS_LIMIT_LABEL } from '@jelly/domain';
import { useId } from 'react';
import { PAYMENT_TIME_LIMITS } from '../state/draft.ts';
import type { DraftSectionProps } from './draftSection.ts';
import { PaymentDetailsFields } from './PaymentDetailsFields.tsx';
import { PickerField } from './PickerField.tsx';
import styles from './PlaceOrderForm.module.css';

/** The payment methods (and, for a Sell offer, their details) and the payment time limit. */
export function PaymentSection({ draft, dispatch, errors, onOpenMethods }: DraftSectionProps & { onOpenMethods: () => void }) {
  const windowId = useId();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>Payment</legend>
      <PickerField
        label="Payment methods"
        value={draft.paymentMethods.length === 0 ? 'Add payment methods' : `${draft.paymentMethods.length} of ${MAX_PAYMENT_METHODS} selected`}
        hint={PAYMENT_METHODS_LIMIT_LABEL}
        error={errors.paymentMethods}
        onOpen={onOpenMethods}
      />
      {draft.paymentMethods.length > 0 && (
        <ul className={styles.chips} aria-label="Selected payment methods">
          {draft.paymentMethods.map((method) => (
            <li key={method.id}>
              {method.name}
              <button type="button" aria-label={`Remove ${method.name}`} onClick={() => dispatch({ type: 'togglePaymentMethod', method })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {draft.side === OfferSide.Sell && <PaymentDetailsFields draft={draft} dispatch={dispatch} />}
      <div className={styles.field}>
        <label htmlFor={windowId} className={styles.label}>
          Payment time limit
        </label>
        <select
          id={windowId}
          className={styles.input}
          value={draft.paymentTimeLimit}
          onChange={(event) => dispatch({ type: 'paymentTimeLimit', minutes: Number(event.target.value) })}
        >
          {PAYMENT_TIME_LIMITS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} min
            </option>
          ))}
        </select>
        {errors.paymentTimeLimit && <span className={styles.error}>{errors.paymentTimeLimit}</span>}
      </div>
    </fieldset>
  );
}
