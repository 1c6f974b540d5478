import { formatFileSize, SENDING_ATTACHMENT, type AttachmentKind } from '@jelly/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { pendingUpload, releasePendingUpload } from '../model/pendingUploads.ts';
import styles from './DealChat.module.css';

export interface AttachmentPreviewModalProps {
  uploadId: string;
  name: string;
  sizeBytes: number;
  kind: AttachmentKind;
  onClose: () => void;
}

/** Attachment preview: a thumbnail or a PDF/FILE tile, name, size (KB under 1 MB), optional caption, Cancel / Send. */
export function AttachmentPreviewModal({ uploadId, name, sizeBytes, kind, onClose }: AttachmentPreviewModalProps) {
  const captionId = useId();
  const [caption, setCaption] = useState('');
  const [sending, setSending] = useState(false);
  const upload = pendingUpload(uploadId);
  const thumbnail = kind === 'image' ? (upload?.previewUrl ?? null) : null;

  // Released on close rather than on unmount: StrictMode's trial unmount must not drop the file.
  const close = () => {
    releasePendingUpload(uploadId);
    onClose();
  };

  const send = async () => {
    if (!upload) return;
    setSending(true);
    try {
      await upload.send(caption);
      close();
    } catch {
      // The sender showed why; stay open so the user can retry or cancel.
      setSending(false);
    }
  };

  return (
    <Modal title="Send attachment" onClose={close} dismissible={!sending} hideCloseButton={sending}>
      <div className={styles.preview}>
        {thumbnail ? (
          <img src={thumbnail} alt={`Preview of ${name}`} className={styles.previewImage} />
        ) : (
          <div className={styles.previewTile} data-testid="attachment-tile">
            {kind === 'pdf' ? 'PDF' : 'FILE'}
          </div>
        )}
        <div className={styles.previewInfo}>
          <p className={styles.previewName}>{name}</p>
          <p className={styles.previewSize}>{formatFileSize(sizeBytes)}</p>
        </div>
      </div>
      <label htmlFor={captionId} className={styles.captionLabel}>
        Caption (optional)
      </label>
      <input
        id={captionId}
        className={styles.caption}
        value={caption}
        maxLength={2000}
        disabled={sending}
        onChange={(event) => setCaption(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void send();
          }
        }}
      />
      <div className={styles.previewActions}>
        <Button variant="secondary" disabled={sending} onClick={close}>
          Cancel
        </Button>
        <Button disabled={sending || !upload} aria-busy={sending} onClick={() => void send()}>
          {sending ? SENDING_ATTACHMENT : 'Send'}
        </Button>
      </div>
    </Modal>
  );
}
