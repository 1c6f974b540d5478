import type { OrderDetails } from '@jelly/contracts';
import { shortenWallet } from '@jelly/domain';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import styles from './AdminResolutionNote.module.css';

/**
 * A support case on the ended deal, to both parties: open (the admins were told; the chat is open for it), or closed
 * with the admin's reason. Kept apart from the deal's other notes so each can change on its own.
 */
export function SupportCaseNote({ deal, viewer }: { deal: OrderDetails; viewer: string | null }) {
  const supportCase = deal.supportCase;
  if (!supportCase) return null;
  const who = supportCase.openedBy === viewer ? 'You' : `The other party (${shortenWallet(supportCase.openedBy)})`;
  const opened = formatLocalDateTime(supportCase.openedAt) ?? '';
  return (
    <section className={styles.note} aria-label="Support case" data-testid="support-case" data-state={supportCase.state}>
      {supportCase.state === 'open' ? (
        <p className={styles.line}>
          <strong>Support case open.</strong> {who} opened it {opened}. The admins were told and will answer in this chat.
        </p>
      ) : (
        <p className={styles.line}>
          <strong>Support case closed</strong> by an admin {formatLocalDateTime(supportCase.closedAt ?? undefined) ?? ''}.
        </p>
      )}
      {supportCase.message && <p className={styles.reason}>“{supportCase.message}”</p>}
      {supportCase.state === 'closed' && <p className={styles.line} data-testid="support-case-reason">Reason: {supportCase.closeReason ?? 'No reason was given.'}</p>}
    </section>
  );
}
