import type { OrderDetails } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import styles from './AdminResolutionNote.module.css';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';

/** 'about 3 h 05 min' / 'about 12 min' until the due time; null once it has passed. */
export function timeToDecision(slaDueAt: string, now: Date): string | null {
  const minutes = Math.ceil((new Date(slaDueAt).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return null;
  return minutes < 60 ? `about ${minutes} min` : `about ${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** While the admins review a dispute, both parties see since when and by when the admins aim to decide. */
export function DisputeClockNote({ deal, now }: { deal: OrderDetails; now: Date }) {
  const dispute = deal.dispute;
  if (!dispute || deal.status !== OrderStatus.AdminResolving) return null;
  const left = timeToDecision(dispute.slaDueAt, now);
  return (
    <section className={styles.note} aria-label="Dispute" data-testid="dispute-clock">
      <p className={styles.line}>
        The admins are reviewing this deal since {formatLocalDateTime(dispute.openedAt)}.
      </p>
      <p className={styles.reason}>
        {left
          ? `They aim to decide by ${formatLocalDateTime(dispute.slaDueAt) ?? '—'} (${left} left).`
          : `The decision was due by ${formatLocalDateTime(dispute.slaDueAt) ?? '—'}; it is on its way.`}
      </p>
    </section>
  );
}
