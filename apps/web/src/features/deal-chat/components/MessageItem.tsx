import { isAttachmentFileUrl, type ChatMessage } from '@jelly/contracts';
import { senderLabel } from '@jelly/domain';
import type { CSSProperties } from 'react';
import { localTime } from '../model/groupMessages.ts';
import { senderColour } from '../model/senderColour.ts';
import { AttachmentView } from './AttachmentView.tsx';
import { MessageText } from './MessageText.tsx';
import styles from './DealChat.module.css';

/** One message: sender ('You' for self) and time, the attachment if any, then the text. */
export function MessageItem({ message, myWallet }: { message: ChatMessage; myWallet: string | null }) {
  const mine = myWallet !== null && message.accountId === myWallet;
  const colour = mine ? 'var(--accent)' : senderColour(message.accountId);
  return (
    <li
      className={`${styles.message} ${mine ? styles.mine : styles.theirs}`}
      style={{ '--sender-colour': colour } as CSSProperties}
      data-testid="chat-message"
      data-sender={mine ? 'self' : message.accountId}
    >
      <div className={styles.meta}>
        <span className={styles.sender} title={message.accountId}>
          {senderLabel(message.accountId, myWallet)}
        </span>
        <time dateTime={message.createdAtUtc}>{localTime(message.createdAtUtc)}</time>
      </div>
      {message.fileUrl &&
        (isAttachmentFileUrl(message.fileUrl) ? (
          <AttachmentView fileUrl={message.fileUrl} />
        ) : (
          <MessageText text={message.fileUrl} />
        ))}
      {message.content && <MessageText text={message.content} />}
    </li>
  );
}
