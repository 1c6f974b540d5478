import { MAX_PAYMENT_DETAILS_LENGTH } from '@jelly/domain';
import type { Dispatch } from 'react';
import type { DraftAction, PlaceOrderDraft } from '../state/draft.ts';
import styles from './PlaceOrderForm.module.css';
import { TextField } from './TextField.tsx';

/**
 * A Sell offer's payment details, one box per selected payment method: what the buyer needs to pay you. They stay
 * private (only the buyer of a deal sees them, once you have locked the crypto); a box left empty sends nothing.
 */
export function PaymentDetailsFields({ draft, dispatch }: { draft: PlaceOrderDraft; dispatch: Dispatch<DraftAction> }) {
  if (draft.paymentMethods.length === 0) return null;
  return (
    <div className={styles.field} role="group" aria-label="Payment details">
      <p className={styles.hint}>
        Payment details: what the buyer needs to pay you (account name, IBAN, phone number…). Only the buyer of a deal sees
        them, once you have locked the crypto.
      </p>
      {draft.paymentMethods.map((method) => (
        <TextField
          key={method.id}
          label={`Payment details for ${method.name}`}
          multiline
          maxLength={MAX_PAYMENT_DETAILS_LENGTH}
          value={draft.paymentDetails[method.id] ?? ''}
          onChange={(value) => dispatch({ type: 'paymentDetails', methodId: method.id, value })}
        />
      ))}
    </div>
  );
}
