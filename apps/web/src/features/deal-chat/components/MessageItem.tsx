import { isAttachmentFileUrl, type ChatMessage } from '@jelly/contracts';
import { senderLabel } from '@jelly/domain';
import type { CSSProperties } from 'react';
import { localTime } from '../model/groupMessages.ts';
import { senderColour } from '../model/senderColour.ts';
import { AttachmentView } from './AttachmentView.tsx';
import { MessageText } from './MessageText.tsx';
import styles from './DealChat.module.css';

/** One message: sender ('You' for self) and time, the attachment if any, then the text (a system message centred). */
export function MessageItem({ message, myWallet }: { message: ChatMessage; myWallet: string | null }) {
  const mine = myWallet !== null && message.accountId === myWallet;
  const colour = mine ? 'var(--accent)' : senderColour(message.accountId);
  // The deal's record of a party's act (more time asked or answered) reads as an event, not as a chat bubble.
  const system = message.kind === 'system';
  return (
    <li
      className={`${styles.message} ${system ? styles.system : mine ? styles.mine : styles.theirs}`}
      data-kind={system ? 'system' : 'user'}
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
