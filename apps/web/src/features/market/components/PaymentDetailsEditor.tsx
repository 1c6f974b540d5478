import type { OrderPaymentMethod } from '@jelly/contracts';
import { PROCESSING, UNEXPECTED_ERROR } from '@jelly/domain';
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError, unwrapApi } from '../../../lib/api/apiError.ts';
import { usePaymentDetailsQuery, useSetPaymentDetailsMutation } from '../../../lib/api/paymentDetailsApi.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import styles from './PaymentDetailsEditor.module.css';
import { PaymentDetailsInputs, paymentDetailsEntries } from './PaymentDetailsInputs.tsx';

export const PAYMENT_DETAILS_SAVED = 'Payment details saved';

/**
 * The creator's own Sell offer page: its payment details per method, editable. The buyer of a deal sees them once the
 * crypto is locked, including in deals already running.
 */
export function PaymentDetailsEditor({ offerId, methods }: { offerId: number; methods: readonly OrderPaymentMethod[] }) {
  const { data, isError } = usePaymentDetailsQuery(offerId);
  return (
    <section className={styles.panel} aria-label="Payment details">
      <h2 className={styles.title}>Payment details</h2>
      <p className={styles.note}>What a buyer needs to pay you. Only the buyer of a deal sees them, once you have locked the crypto.</p>
      {isError && <p className={styles.error}>Your payment details could not be loaded: reload the page to try again.</p>}
      {!data && !isError && <Spinner label="Loading payment details" />}
      {data && (
        <EditorForm
          key={data.entries.map((e) => `${e.paymentMethodId}:${e.details}`).join('|')}
          offerId={offerId}
          methods={methods}
          saved={new Map(data.entries.map((e) => [e.paymentMethodId, e.details]))}
        />
      )}
    </section>
  );
}

function EditorForm({ offerId, methods, saved }: { offerId: number; methods: readonly OrderPaymentMethod[]; saved: ReadonlyMap<string, string> }) {
  const dispatch = useDispatch();
  const [save, { isLoading }] = useSetPaymentDetailsMutation();
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(methods.map((m) => [m.id, saved.get(m.id) ?? ''])));
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const entries = paymentDetailsEntries(methods, texts);
    try {
      await unwrapApi(save({ offerId, entries }));
      dispatch(showToast.success(PAYMENT_DETAILS_SAVED));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : UNEXPECTED_ERROR);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label="Edit payment details">
      <PaymentDetailsInputs methods={methods} texts={texts} onChange={(id, value) => setTexts((current) => ({ ...current, [id]: value }))} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" size="small" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? PROCESSING : 'Save payment details'}
        </Button>
      </div>
    </form>
  );
}
