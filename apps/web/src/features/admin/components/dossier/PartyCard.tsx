import type { DossierParty } from '@jelly/contracts';
import { orderStatusLabel } from '@jelly/domain';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/Button.tsx';
import styles from './Dossier.module.css';
import { formatLocalDateTime, formatLocalDate } from '../../../../lib/time/formatLocalDateTime.ts';
import { adminPagePaths } from '@jelly/contracts';

export interface PartyCardProps {
  role: 'Buyer' | 'Seller';
  party: DossierParty | null;
  onBan: (wallet: string) => void;
}

/** One party of the case: trading record, earlier disputes, a ban in force, and Ban. */
export function PartyCard({ role, party, onBan }: PartyCardProps) {
  if (!party) {
    return (
      <section className={styles.party} aria-label={role}>
        <h3>{role}</h3>
        <p className={styles.muted}>No {role.toLowerCase()} yet.</p>
      </section>
    );
  }
  const { stats } = party;
  return (
    <section className={styles.party} aria-label={role}>
      <h3>{role}</h3>
      <p className={styles.mono}>
        <Link to={adminPagePaths.user(party.wallet)}>{party.wallet}</Link>
      </p>
      <dl className={styles.stats}>
        <div>
          <dt>Completed</dt>
          <dd>
            {stats.completedDeals}/{stats.finishedDeals}
          </dd>
        </div>
        <div>
          <dt>Completion</dt>
          <dd>{stats.completionRate === null ? '—' : `${stats.completionRate}%`}</dd>
        </div>
        <div>
          <dt>Cancelled</dt>
          <dd>{stats.cancelledDeals}</dd>
        </div>
        <div>
          <dt>Open</dt>
          <dd>{stats.openDeals}</dd>
        </div>
      </dl>
      <h4>Earlier disputes</h4>
      {party.earlierDisputes.length === 0 ? (
        <p className={styles.muted}>None.</p>
      ) : (
        <ul className={styles.compact}>
          {party.earlierDisputes.map((dispute) => (
            <li key={dispute.orderId}>
              <Link to={adminPagePaths.dispute(dispute.orderId)}>#{dispute.orderId}</Link> as {dispute.role} · {orderStatusLabel(dispute.status)}
              {dispute.resolvedTo && ` · to the ${dispute.resolvedTo}`} · {formatLocalDate(dispute.openedAt)}
            </li>
          ))}
        </ul>
      )}
      {party.activeBan ? (
        <p className={styles.warning}>
          Banned until {formatLocalDateTime(party.activeBan.until)}: {party.activeBan.reason}
        </p>
      ) : (
        <Button variant="danger" size="small" onClick={() => onBan(party.wallet)}>
          Ban {role.toLowerCase()}
        </Button>
      )}
    </section>
  );
}
