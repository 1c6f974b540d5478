import { walletAddress } from '@jelly/contracts';
import { avatarLetters, shortenWallet } from '@jelly/domain';
import { useState, type ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { CopyButton } from '../../../components/ui/CopyButton.tsx';
import { StarRating } from '../../../components/ui/StarRating.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useTraderStatsQuery } from '../api/tradersApi.ts';
import { TraderStatsList } from '../components/TraderStatsList.tsx';
import { neverTraded, reviewsLabel } from '../model/profileFigures.ts';
import styles from '../components/Traders.module.css';

export interface TraderProfilePageProps {
  /** Opens the wallet chooser (composed by the app); signed-out visitors are offered it to report or block. */
  onConnectWallet?: () => void;
  /** The clock for the account age (tests pass a fixed one). */
  now?: () => Date;
}

/** /trader/{wallet}: a trader's public profile, shareable by its address. */
export function TraderProfilePage({ onConnectWallet, now = () => new Date() }: TraderProfilePageProps) {
  const wallet = useParams().wallet ?? '';
  const valid = walletAddress.safeParse(wallet).success;
  useDocumentTitle(valid ? `Trader ${shortenWallet(wallet)}` : 'Trader not found');
  const me = useSignedInWallet();
  const dispatch = useDispatch();
  const query = useTraderStatsQuery(wallet, { skip: !valid });
  const stats = query.data;
  // The account age is read against the time the page opened; it does not tick.
  const [openedAt] = useState(now);

  const notFound = !valid || (query.isError && (query.error as { status?: unknown }).status === 400);
  if (notFound) return <Notice title="Trader not found" text="This link does not point to a wallet address." />;

  const own = me === wallet;
  return (
    <section className={styles.profile} aria-labelledby="trader-heading">
      <header className={styles.profileHead}>
        <span className={styles.avatar} aria-hidden="true">
          {avatarLetters(wallet)}
        </span>
        <div className={styles.identity}>
          <h1 id="trader-heading" className={styles.profileTitle}>
            <span className="visually-hidden">Trader </span>
            <span title={wallet} data-testid="trader-wallet">
              {shortenWallet(wallet)}
            </span>
          </h1>
          <CopyButton value={wallet} label="Copy wallet address" />
        </div>
        {stats && (
          <div className={styles.rating}>
            <StarRating value={stats.ratingAverage ?? 0} label="Average rating" />
            <span className={styles.ratingValue} data-testid="rating-average">
              {stats.ratingAverage === null ? 'No rating yet' : stats.ratingAverage.toFixed(1)}
            </span>
            <Button variant="ghost" size="small" onClick={() => dispatch(modalPushed('reviews', { wallet }))}>
              {reviewsLabel(stats.reviewsCount)}
            </Button>
          </div>
        )}
      </header>

      {stats ? (
        <>
          {neverTraded(stats) && <p className={styles.emptyNote}>This wallet has not traded on Jelly yet.</p>}
          <TraderStatsList stats={stats} now={openedAt} />
        </>
      ) : query.isError ? (
        <div className={styles.listNote} role="alert">
          <p>The trader's stats could not be loaded.</p>
          <Button onClick={() => void query.refetch()}>Retry</Button>
        </div>
      ) : (
        <div role="status" aria-label="Loading profile" className={styles.statsSkeleton}>
          {Array.from({ length: 8 }, (_, i) => (
            <span key={i} className={styles.skeletonBlock} aria-hidden="true" />
          ))}
        </div>
      )}

      <TraderActions wallet={wallet} me={me} own={own} onConnectWallet={onConnectWallet} />
    </section>
  );
}

function TraderActions({ wallet, me, own, onConnectWallet }: { wallet: string; me: string | null; own: boolean; onConnectWallet?: (() => void) | undefined }) {
  const dispatch = useDispatch();
  if (own) return <p className={styles.muted}>This is your profile.</p>;
  if (!me) {
    return (
      <div className={styles.connectPrompt}>
        <p>Connect your wallet to report or block this trader.</p>
        {onConnectWallet && <Button onClick={onConnectWallet}>Connect Wallet</Button>}
      </div>
    );
  }
  return (
    <div className={styles.profileActions} role="group" aria-label="Trader actions">
      <Button variant="secondary" onClick={() => dispatch(modalPushed('reportUser', { wallet }))}>
        Report
      </Button>
      <Button variant="danger" onClick={() => dispatch(modalPushed('banUserSimple', { wallet }))}>
        Block
      </Button>
    </div>
  );
}

function Notice({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section className={styles.profile}>
      <h1 className={styles.profileTitle}>{title}</h1>
      <p className={styles.muted}>{text}</p>
      {children}
    </section>
  );
}
