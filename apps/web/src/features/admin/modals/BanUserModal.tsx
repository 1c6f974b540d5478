import { ADMIN_REASON_MAX } from '@jelly/contracts';
import { BAN_TIME_STEP_MINUTES, BAN_UNTIL_IN_PAST, canSubmitBan, checkBan, FAILED_TO_BAN_USER, PROVIDE_A_REASON, USER_BANNED } from '@jelly/domain';
import { useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { FormModal } from '../../../components/ui/FormModal.tsx';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { refusalText } from '../actions/refusalText.ts';
import { useBanWalletMutation } from '../api/adminUsersApi.ts';
import { BAN_UNTIL_OFF_STEP, defaultBanEnd, earliestBanEnd, fromPickerValue, onTimeStep, toPickerValue } from '../lib/banTime.ts';
import styles from '../components/AdminForm.module.css';

export interface BanUserModalProps {
  /** Prefilled from a dispute or a user lookup. */
  wallet?: string;
  onClose: () => void;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

/**
 * Ban user: wallet, reason and until (a date-time picker in 15-minute steps, nothing in the past, default now + 24 h).
 * Ban stays disabled without a wallet. The ban holds at once: sessions end, offers leave the market, deals go to review.
 */
export function BanUserModal({ wallet: initialWallet = '', onClose, now = () => new Date() }: BanUserModalProps) {
  const dispatch = useDispatch();
  const ids = { wallet: useId(), reason: useId(), until: useId(), untilError: useId(), reasonError: useId() };
  const [opened] = useState(now);
  const [wallet, setWallet] = useState(initialWallet);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState(() => toPickerValue(defaultBanEnd(opened)));
  const [tried, setTried] = useState(false);
  const [ban, { isLoading }] = useBanWalletMutation();

  const untilDate = fromPickerValue(until);
  const untilError = untilDateError(untilDate, now());
  const reasonMissing = reason.trim() === '';

  const submit = async () => {
    setTried(true);
    const at = now();
    const check = checkBan({ wallet, until: untilDate ?? undefined, now: at });
    if (reasonMissing || untilDateError(untilDate, at) || !check.ok) return;
    try {
      const result = await ban({ wallet: wallet.trim(), reason: reason.trim(), until: check.value.toISOString() }).unwrap();
      const { sessionsRevoked, offersHidden, dealsFlagged } = result.effects;
      dispatch(showToast.success(`${USER_BANNED}: ${sessionsRevoked} sessions ended, ${offersHidden} offers hidden, ${dealsFlagged} deals flagged`));
      onClose();
    } catch (error) {
      dispatch(showToast.error(refusalText(error, FAILED_TO_BAN_USER)));
    }
  };

  return (
    <FormModal title="Ban user" onClose={onClose} onSubmit={() => void submit()} className={styles.modal} submitLabel="Ban" busy={isLoading} submitDisabled={!canSubmitBan(wallet)} submitVariant="danger">
      <div className={styles.field}>
        <label htmlFor={ids.wallet} className={styles.label}>
          Wallet
        </label>
        <input id={ids.wallet} className={styles.input} autoComplete="off" spellCheck={false} value={wallet} onChange={(event) => setWallet(event.target.value)} />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.reason} className={styles.label}>
          Reason
        </label>
        <textarea
          id={ids.reason}
          className={styles.textarea}
          rows={3}
          maxLength={ADMIN_REASON_MAX}
          value={reason}
          aria-invalid={tried && reasonMissing}
          aria-describedby={tried && reasonMissing ? ids.reasonError : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {tried && reasonMissing && (
          <p id={ids.reasonError} role="alert" className={styles.error}>
            {PROVIDE_A_REASON}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.until} className={styles.label}>
          Until
        </label>
        <input
          id={ids.until}
          type="datetime-local"
          className={styles.input}
          step={BAN_TIME_STEP_MINUTES * 60}
          min={toPickerValue(earliestBanEnd(opened))}
          value={until}
          aria-invalid={untilError !== null}
          aria-describedby={ids.untilError}
          onChange={(event) => setUntil(event.target.value)}
        />
        <p id={ids.untilError} className={untilError ? styles.error : styles.hint} role={untilError ? 'alert' : undefined}>
          {/* The browser draws the field in its own locale; the end is also spelled in the app's format. */}
          {untilError ?? `Ends ${formatLocalDateTime(untilDate?.toISOString())} · in ${BAN_TIME_STEP_MINUTES}-minute steps, your local time.`}
        </p>
      </div>
    </FormModal>
  );
}

function untilDateError(until: Date | null, now: Date): string | null {
  if (until === null) return 'Pick the date and time the ban ends';
  if (until.getTime() <= now.getTime()) return BAN_UNTIL_IN_PAST;
  if (!onTimeStep(until)) return BAN_UNTIL_OFF_STEP;
  return null;
}
