import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, type AdminOrderResponse } from '@jelly/contracts';
import { PROCESSING } from '@jelly/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import styles from './Admin.module.css';

export type ReleaseTo = 'buyer' | 'seller';

export interface ResolveButtonsProps {
  resolve: AdminOrderResponse['resolve'];
  busy: ReleaseTo | null;
  /** `reason`: what both parties read on the deal page with the decision (required: the server refuses a resolution without one). */
  onResolve: (releaseTo: ReleaseTo, reason: string) => void;
}

export const REASON_MAX = ADMIN_REASON_MAX;

/**
 * The admin's reason for the parties, then 'Send to Buyer' / 'Send to Seller', enabled as the server says once a reason
 * is written, with the server's reason when they are not.
 */
export function ResolveButtons({ resolve, busy, onResolve }: ResolveButtonsProps) {
  const reasons = [...new Set([resolve.toBuyer, resolve.toSeller].filter((r) => !r.enabled && r.reason).map((r) => r.reason))];
  const [note, setNote] = useState('');
  const noteId = useId();
  const open = resolve.toBuyer.enabled || resolve.toSeller.enabled;
  const noReason = note.trim().length < ADMIN_REASON_MIN;
  return (
    <div className={styles.resolve}>
      {open && (
        <label className={styles.resolveNote} htmlFor={noteId}>
          <span>Reason (both parties read it on the deal page)</span>
          <textarea id={noteId} rows={3} maxLength={REASON_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
      )}
      <div className={styles.resolveButtons} role="group" aria-label="Resolve">
        <Button variant="primary" disabled={!resolve.toBuyer.enabled || busy !== null || noReason} onClick={() => onResolve('buyer', note.trim())}>
          {busy === 'buyer' ? PROCESSING : 'Send to Buyer'}
        </Button>
        <Button variant="warning" disabled={!resolve.toSeller.enabled || busy !== null || noReason} onClick={() => onResolve('seller', note.trim())}>
          {busy === 'seller' ? PROCESSING : 'Send to Seller'}
        </Button>
      </div>
      {reasons.map((reason) => (
        <p key={reason} className={styles.reason} data-testid="resolve-disabled-reason">
          {reason}
        </p>
      ))}
    </div>
  );
}
