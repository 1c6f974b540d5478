import { LEAVES_JELLY, messageParts } from '../model/messageParts.ts';
import styles from './DealChat.module.css';

/**
 * Message text with its links. A link is only ever a link the reader chooses to follow: nothing from another host is
 * loaded inline (an image URL would hand the reader's IP address to whoever wrote the message). Only attachments
 * stored by Jelly render inline (AttachmentView).
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className={styles.text}>
      {messageParts(text).map((part, index) => {
        if (part.type === 'text') return <span key={index}>{part.text}</span>;
        return (
          <a
            key={index}
            href={part.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            referrerPolicy="no-referrer"
            className={part.kind === 'pdf' ? styles.fileLink : styles.link}
          >
            {part.kind === 'pdf' && (
              <span aria-hidden="true" className={styles.fileBadge}>
                PDF
              </span>
            )}
            {part.url} <span className={styles.leavesNote}>{LEAVES_JELLY}</span>
          </a>
        );
      })}
    </p>
  );
}
