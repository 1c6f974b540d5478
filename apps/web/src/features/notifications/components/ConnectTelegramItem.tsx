import { useId } from 'react';
import { useConnectTelegram } from '../hooks/useConnectTelegram.ts';
import styles from './Notifications.module.css';

export interface ConnectTelegramItemProps {
  className: string;
  /** Closes the menu after a choice. */
  onDone: () => void;
}

/**
 * The account menu's Connect Telegram item ('Connected' and disabled once linked; disabled with the reason when the
 * server has no bot).
 */
export function ConnectTelegramItem({ className, onDone }: ConnectTelegramItemProps) {
  const { label, disabled, reason, connect } = useConnectTelegram();
  const reasonId = useId();
  return (
    <button
      role="menuitem"
      type="button"
      tabIndex={-1}
      className={className}
      disabled={disabled}
      aria-disabled={disabled}
      // Linked reads as a done state; disabled otherwise looks unusable (the menu's stylesheet keys on this).
      data-linked={label === 'Connected' || undefined}
      aria-label={label}
      aria-describedby={reason ? reasonId : undefined}
      title={reason ?? undefined}
      onClick={() => {
        connect();
        onDone();
      }}
    >
      {label}
      {reason && (
        <span id={reasonId} className={styles.menuReason}>
          {reason}
        </span>
      )}
    </button>
  );
}
