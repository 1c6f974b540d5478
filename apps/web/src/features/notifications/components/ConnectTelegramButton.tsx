import { useId } from 'react';
import { useConnectTelegram } from '../hooks/useConnectTelegram.ts';

/**
 * Connect Telegram as a plain button (the Settings page): the same flow as the account menu's item, disabled with the
 * reason beside it when the server has no bot.
 */
export function ConnectTelegramButton({ className }: { className?: string }) {
  const { label, disabled, reason, connect } = useConnectTelegram();
  const reasonId = useId();
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-disabled={disabled}
        // Linked reads as a done state; disabled otherwise looks unusable (the stylesheets key on this).
        data-linked={label === 'Connected' || undefined}
        aria-describedby={reason ? reasonId : undefined}
        onClick={connect}
      >
        {label}
      </button>
      {reason && <small id={reasonId}>{reason}</small>}
    </>
  );
}
