import type { DealEvent } from '@jelly/contracts';
import { shortenWallet } from '@jelly/domain';
import { usePlatformConfigQuery } from '../../../../lib/reference/platformApi.ts';
import { explorerTxUrl } from '../../lib/explorer.ts';
import styles from './Dossier.module.css';
import { formatLocalDateTime } from '../../../../lib/time/formatLocalDateTime.ts';

const actorLabel = (actor: string | null) => (actor === null ? '' : actor.startsWith('server:') ? actor : shortenWallet(actor));

/** The deal's story, oldest first: who pressed what when, and each on-chain step linked to the explorer. */
export function Timeline({ events }: { events: DealEvent[] }) {
  const { data: config } = usePlatformConfigQuery();
  if (events.length === 0) return <p className={styles.muted}>No events recorded.</p>;
  return (
    <ol className={styles.timeline} aria-label="Timeline">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`}>
          <time dateTime={event.at}>{formatLocalDateTime(event.at)}</time>
          <span className={styles.eventLabel}>{event.label}</span>
          {event.actor && (
            <span className={styles.mono} title={event.actor}>
              {actorLabel(event.actor)}
            </span>
          )}
          {event.signature && (
            <a className={styles.mono} href={explorerTxUrl(event.signature, config?.solanaRpcUrl)} target="_blank" rel="noreferrer">
              {event.signature.slice(0, 12)}…{event.txState ? ` (${event.txState})` : ''}
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}
