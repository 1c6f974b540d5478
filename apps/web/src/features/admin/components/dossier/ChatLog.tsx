import type { DossierMessage } from '@jelly/contracts';
import { shortenWallet } from '@jelly/domain';
import styles from './Dossier.module.css';
import { formatLocalDateTime } from '../../../../lib/time/formatLocalDateTime.ts';

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The deal chat as evidence: every message with its sender and time, each attachment with its type, size and the
 * SHA-256 of the stored bytes (so a file shown later can be checked against what was sent).
 */
export function ChatLog({ messages, buyer, seller }: { messages: DossierMessage[]; buyer: string | null; seller: string | null }) {
  if (messages.length === 0) return <p className={styles.muted}>No messages.</p>;
  const who = (wallet: string) => (wallet === buyer ? 'Buyer' : wallet === seller ? 'Seller' : 'Admin');
  return (
    <ul className={styles.chatLog} aria-label="Chat record">
      {messages.map(({ message, attachment }) => (
        <li key={message.id}>
          <div className={styles.chatMeta}>
            <strong>{who(message.accountId)}</strong>
            <span className={styles.mono} title={message.accountId}>
              {shortenWallet(message.accountId)}
            </span>
            <time dateTime={message.createdAtUtc}>{formatLocalDateTime(message.createdAtUtc)}</time>
            {message.kind === 'system' && <span className={styles.muted}>system</span>}
          </div>
          {message.content && <p className={styles.chatText}>{message.content}</p>}
          {attachment && (
            <div className={styles.attachment} data-testid="dossier-attachment">
              <span>
                📎 {attachment.originalName} · {attachment.contentType} · {kib(attachment.sizeBytes)}
              </span>
              <span className={styles.mono}>SHA-256: {attachment.sha256 ?? 'not recorded'}</span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
