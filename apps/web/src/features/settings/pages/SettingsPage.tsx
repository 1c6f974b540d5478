import { avatarLetters, shortenWallet } from '@jelly/domain';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { CopyButton } from '../../../components/ui/CopyButton.tsx';
import { useSignedInWallet } from '../../../lib/session/session.ts';
import { useBackgroundMusic } from '../../../lib/sound/backgroundMusic.ts';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { useWallet } from '../../../lib/wallet/walletBridge.ts';
import { BlockedUsers } from '../components/BlockedUsers.tsx';
import styles from '../components/Settings.module.css';
import { pagePaths } from '@jelly/contracts';

export interface SettingsPageProps {
  /** Disconnect: the app's 'Log Out?' confirmation. */
  onLogOut: () => void;
  onConnectWallet?: () => void;
  /** Unread notifications (the notifications feature's count, passed in by the app). */
  unreadCount: number;
  /** Connect Telegram (the notifications feature's button, composed by the app); rendered with this page's class. */
  TelegramButton?: ComponentType<{ className?: string }>;
}

/**
 * /settings: the account (address, wallet, Disconnect), notifications (the list, Telegram, background music) and the
 * blocked users. On a phone it is where one logs out and reaches the notifications; signed out it offers to connect.
 */
export function SettingsPage({ onLogOut, onConnectWallet, unreadCount, TelegramButton }: SettingsPageProps) {
  useDocumentTitle('Settings');
  const me = useSignedInWallet();
  const walletName = useWallet().wallet?.adapter.name ?? null;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Settings</h1>

      <section className={styles.card} aria-labelledby="settings-account">
        <h2 id="settings-account" className={styles.cardTitle}>
          Account
        </h2>
        {me ? (
          <>
            <div className={styles.account}>
              <span className={styles.avatar} aria-hidden="true">
                {avatarLetters(me)}
              </span>
              <span className={styles.address} title={me} data-testid="settings-wallet">
                {shortenWallet(me)}
              </span>
              <CopyButton value={me} label="Copy wallet address" />
            </div>
            <p className={styles.row}>
              <span className={styles.muted}>Wallet</span>
              <span data-testid="settings-wallet-name">{walletName ?? 'Not connected'}</span>
            </p>
            <div className={styles.actions}>
              <Link to={pagePaths.trader(me)} className={styles.link}>
                View my public profile
              </Link>
              <Button variant="warning" onClick={onLogOut}>
                Disconnect
              </Button>
            </div>
          </>
        ) : (
          <div className={styles.signedOut}>
            <p>Connect your wallet to see your account, your notifications and the traders you blocked.</p>
            {onConnectWallet && <Button onClick={onConnectWallet}>Connect Wallet</Button>}
          </div>
        )}
      </section>

      <section className={styles.card} aria-labelledby="settings-notifications">
        <h2 id="settings-notifications" className={styles.cardTitle}>
          {me ? 'Notifications and sound' : 'Sound'}
        </h2>
        {me && (
          <>
            <p className={styles.row}>
              <Link to={pagePaths.notifications} className={styles.link}>
                Notifications
              </Link>
              <span className={unreadCount > 0 ? styles.badge : styles.muted} data-testid="settings-unread">
                {unreadCount > 0 ? `${unreadCount} unread` : 'All read'}
              </span>
            </p>
            {TelegramButton && (
              <div className={styles.row}>
                <span className={styles.muted}>Telegram</span>
                <TelegramButton className={styles.telegram} />
              </div>
            )}
          </>
        )}
        <MusicSwitch />
      </section>

      {me && (
        <section className={styles.card} aria-labelledby="settings-blocked">
          <h2 id="settings-blocked" className={styles.cardTitle}>
            Blocked users
          </h2>
          <BlockedUsers />
        </section>
      )}
    </div>
  );
}

/** The background music, as a switch (the header's sound toggle drives the same player). */
function MusicSwitch() {
  const { playing, toggle } = useBackgroundMusic();
  return (
    <div className={styles.row}>
      <span id="settings-music" className={styles.muted}>
        Background music
      </span>
      {/* On/Off sits beside the switch, not in it: the switch's name is its label, its state aria-checked. */}
      <span className={styles.switchRow}>
        <button type="button" role="switch" aria-checked={playing} aria-labelledby="settings-music" className={styles.switch} onClick={toggle}>
          <span className={styles.switchKnob} aria-hidden="true" />
        </button>
        <span className={styles.switchText} aria-hidden="true">
          {playing ? 'On' : 'Off'}
        </span>
      </span>
    </div>
  );
}
