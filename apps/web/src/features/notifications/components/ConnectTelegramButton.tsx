import { useConnectTelegram } from '../hooks/useConnectTelegram.ts';

/** Connect Telegram as a plain button (the Settings page): the same flow as the account menu's item. */
export function ConnectTelegramButton({ className }: { className?: string }) {
  const { label, disabled, connect } = useConnectTelegram();
  return (
    <button type="button" className={className} disabled={disabled} aria-disabled={disabled} onClick={connect}>
      {label}
    </button>
  );
}
