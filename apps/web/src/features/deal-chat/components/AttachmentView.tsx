import { FAILED_TO_LOAD_ATTACHMENT, OPEN_ATTACHMENT, linkKind } from '@jelly/domain';
import type { MouseEvent } from 'react';
import { useServicesDispatch } from '../../../lib/session/session.ts';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { openAttachmentInNewTab } from '../api/attachmentDownload.ts';
import { useApiClient } from '../../../lib/session/session.ts';
import { useAttachmentBlob } from '../hooks/useAttachmentBlob.ts';
import styles from './DealChat.module.css';

/**
 * A stored attachment, loaded through the authorised download call: a placeholder meanwhile, then the image, the
 * video or a PDF link; on failure 'Failed to load attachment' with an 'Open attachment' link.
 */
export function AttachmentView({ fileUrl }: { fileUrl: string }) {
  const blob = useAttachmentBlob(fileUrl);
  const apiClient = useApiClient();
  const dispatch = useServicesDispatch();
  const kind = linkKind(fileUrl);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void openAttachmentInNewTab(apiClient, fileUrl).then((opened) => {
      if (!opened) dispatch(showToast.error(FAILED_TO_LOAD_ATTACHMENT));
    });
  };

  if (blob.status === 'loading') {
    return (
      <div className={`${styles.attachmentPlaceholder} ${styles[kind] ?? ''}`} role="status" aria-label="Loading attachment" />
    );
  }
  if (blob.status === 'failed') {
    return (
      <p className={styles.attachmentError}>
        {FAILED_TO_LOAD_ATTACHMENT}{' '}
        <a href={fileUrl} onClick={open}>
          {OPEN_ATTACHMENT}
        </a>
      </p>
    );
  }
  switch (kind) {
    case 'image':
      return (
        <a href={blob.url} target="_blank" rel="noopener noreferrer" className={styles.mediaLink}>
          <img src={blob.url} alt="Attachment" className={styles.media} />
        </a>
      );
    case 'video':
      return <video src={blob.url} controls preload="metadata" className={styles.media} aria-label="Video attachment" />;
    case 'pdf':
      return (
        <a href={blob.url} target="_blank" rel="noopener noreferrer" className={styles.fileLink}>
          <span aria-hidden="true" className={styles.fileBadge}>
            PDF
          </span>
          <span className={styles.fileName}>{blob.name ?? 'PDF document'}</span>
        </a>
      );
    default:
      return (
        <a href={blob.url} target="_blank" rel="noopener noreferrer" className={styles.link}>
          {OPEN_ATTACHMENT}
        </a>
      );
  }
}
