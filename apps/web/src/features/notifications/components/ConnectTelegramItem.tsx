import { useConnectTelegram } from '../hooks/useConnectTelegram.ts';

export interface ConnectTelegramItemProps {
  className: string;
  /** Closes the menu after a choice. */
  onDone: () => void;
}

/** The account menu's Connect Telegram item ('Connected' and disabled once linked). */
export function ConnectTelegramItem({ className, onDone }: ConnectTelegramItemProps) {
  const { label, disabled, connect } = useConnectTelegram();
  return (
    <button
      role="menuitem"
      type="button"
      tabIndex={-1}
      className={className}
      disabled={disabled}
      aria-disabled={disabled}
      onClick={() => {
        connect();
        onDone();
      }}
    >
      {label}
    </button>
  );
}
