import type { AdminOrderResponse } from '@jelly/contracts';
import { PROCESSING } from '@jelly/domain';
import { Button } from '../../../components/ui/Button.tsx';
import styles from './Admin.module.css';

export type ReleaseTo = 'buyer' | 'seller';

export interface ResolveButtonsProps {
  resolve: AdminOrderResponse['resolve'];
  busy: ReleaseTo | null;
  onResolve: (releaseTo: ReleaseTo) => void;
}

/** 'Send to Buyer' / 'Send to Seller', enabled as the server says, with the reason when they are not. */
export function ResolveButtons({ resolve, busy, onResolve }: ResolveButtonsProps) {
  const reasons = [...new Set([resolve.toBuyer, resolve.toSeller].filter((r) => !r.enabled && r.reason).map((r) => r.reason))];
  return (
    <div className={styles.resolve}>
      <div className={styles.resolveButtons} role="group" aria-label="Resolve">
        <Button variant="primary" disabled={!resolve.toBuyer.enabled || busy !== null} onClick={() => onResolve('buyer')}>
          {busy === 'buyer' ? PROCESSING : 'Send to Buyer'}
        </Button>
        <Button variant="warning" disabled={!resolve.toSeller.enabled || busy !== null} onClick={() => onResolve('seller')}>
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
