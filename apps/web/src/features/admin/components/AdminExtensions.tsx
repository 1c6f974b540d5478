import type { WindowExtension } from '@jelly/contracts';
import { shortenWallet } from '@jelly/domain';
import { formatLocalDateTime } from '../../../lib/time/formatLocalDateTime.ts';
import styles from './Admin.module.css';

const ANSWERS: Record<WindowExtension['state'], string> = { pending: 'waiting for an answer', accepted: 'accepted', declined: 'declined' };

/**
 * The parties' requests for more time on the payment window, in the order they were made: in a dispute the admin
 * reads who asked for how long, and whether the other party agreed, beside the chat.
 */
export function AdminExtensions({ extensions, buyerWallet }: { extensions: readonly WindowExtension[]; buyerWallet: string | null }) {
  const party = (wallet: string) => `${wallet === buyerWallet ? 'Buyer' : 'Seller'} ${shortenWallet(wallet)}`;
  return (
    <section className={styles.requests} aria-label="Requests for more time">
      <h2>Requests for more time</h2>
      {extensions.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {extensions.map((e) => (
            <li key={e.id} data-testid="admin-extension">
              {party(e.requestedBy)} asked for {e.minutes} more minutes · {formatLocalDateTime(e.createdAt)} · {ANSWERS[e.state]}
              {e.answeredBy && e.answeredAt ? ` by ${party(e.answeredBy)} · ${formatLocalDateTime(e.answeredAt)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
