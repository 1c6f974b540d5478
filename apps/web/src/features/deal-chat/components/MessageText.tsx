import { messageParts } from '../model/messageParts.ts';
import styles from './DealChat.module.css';

/** Message text with its links rendered by kind: image, video, PDF link or plain link. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className={styles.text}>
      {messageParts(text).map((part, index) => {
        if (part.type === 'text') return <span key={index}>{part.text}</span>;
        const external = { href: part.url, target: '_blank', rel: 'noopener noreferrer' } as const;
        switch (part.kind) {
          case 'image':
            return (
              <a key={index} {...external} className={styles.mediaLink}>
                <img src={part.url} alt="Image" className={styles.media} loading="lazy" referrerPolicy="no-referrer" />
              </a>
            );
          case 'video':
            return <video key={index} src={part.url} controls preload="metadata" className={styles.media} aria-label="Video" />;
          case 'pdf':
            return (
              <a key={index} {...external} className={styles.fileLink}>
                <span aria-hidden="true" className={styles.fileBadge}>
                  PDF
                </span>
                {part.url}
              </a>
            );
          default:
            return (
              <a key={index} {...external} className={styles.link}>
                {part.url}
              </a>
            );
        }
      })}
    </p>
  );
}
