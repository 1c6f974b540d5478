import { shortenWallet } from '@jelly/domain';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatLocalDate } from '../../../lib/time/formatLocalDateTime.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useBlockListQuery, useUnblockUserMutation } from '../api/settingsApi.ts';
import styles from './Settings.module.css';
import { pagePaths } from '@jelly/contracts';

export const USER_UNBLOCKED = 'User unblocked';
export const FAILED_TO_UNBLOCK = 'Failed to unblock user';
export const NO_BLOCKED_USERS = 'You have not blocked anyone.';

/** The traders the signed-in user blocked, newest first, each with Unblock. */
export function BlockedUsers() {
  const dispatch = useDispatch();
  const query = useBlockListQuery();
  const [unblock] = useUnblockUserMutation();
  const [pending, setPending] = useState<string | null>(null);

  const onUnblock = async (wallet: string) => {
    setPending(wallet);
    try {
      await unblock(wallet).unwrap();
      dispatch(showToast.success(USER_UNBLOCKED));
    } catch {
      dispatch(showToast.error(FAILED_TO_UNBLOCK));
    } finally {
      setPending(null);
    }
  };

  if (query.isLoading) return <Spinner label="Loading blocked users" />;
  if (query.isError || !query.data) {
    return (
      <div className={styles.signedOut} role="alert">
        <p>The block list could not be loaded.</p>
        <Button size="small" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { blocks } = query.data;
  if (blocks.length === 0) return <p className={styles.muted}>{NO_BLOCKED_USERS}</p>;
  return (
    <ul className={styles.blocked} aria-label="Blocked users">
      {blocks.map((block) => (
        <li key={block.bannedWallet} className={styles.blockedItem} data-testid="blocked-user">
          <div className={styles.blockedText}>
            <Link to={pagePaths.trader(block.bannedWallet)} className={styles.link} title={block.bannedWallet}>
              {shortenWallet(block.bannedWallet)}
            </Link>
            <span className={styles.muted}>
              {formatLocalDate(block.createdAt)}
              {block.reason && ` · ${block.reason}`}
            </span>
          </div>
          <Button
            size="small"
            variant="secondary"
            disabled={pending !== null}
            aria-busy={pending === block.bannedWallet}
            aria-label={`Unblock ${shortenWallet(block.bannedWallet)}`}
            onClick={() => void onUnblock(block.bannedWallet)}
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
