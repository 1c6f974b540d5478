import { useId, useState } from 'react';
import { PROCESSING } from '@jelly/domain';
import type { ConfirmActionProps } from '../../lib/modals/modalKinds.ts';
import { useNow } from '../../lib/time/useNow.ts';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';
import styles from './ConfirmActionModal.module.css';

export interface ConfirmActionModalProps extends ConfirmActionProps {
  /** May be async: the confirm button reads 'Processing...' until it settles. `text`: the text field's words, trimmed. */
  onConfirm: (text: string) => Promise<void> | void;
  /** Closes the modal (Escape, ×, after a successful confirm). */
  onClose: () => void;
  /** The Cancel button was pressed (before onClose). */
  onCancel?: () => void | undefined;
  /** After `expiresAt`: the confirm button (now `expiredText`) was pressed; the modal closes. */
  onExpired?: (() => void) | undefined;
}

/** How often an expiring confirm checks its deadline: well inside a second, so a dead offer turns over at once. */
const EXPIRY_TICK_MS = 250;

/** Confirm-action modal: title, description, an optional counted text field, confirm/cancel texts, danger/warning/primary. */
export function ConfirmActionModal({
  title,
  description,
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  variant,
  expiresAt,
  expiredText = 'Expired',
  expiredNotice = 'This has expired and can no longer be confirmed.',
  textField,
  onConfirm,
  onClose,
  onCancel,
  onExpired,
}: ConfirmActionModalProps) {
  const descriptionId = useId();
  const fieldId = useId();
  const [processing, setProcessing] = useState(false);
  const [text, setText] = useState('');
  const written = text.trim();
  const overLimit = textField !== undefined && written.length > textField.maxLength;
  const missing = textField?.required === true && written === '';
  const now = useNow(expiresAt === undefined ? 60_000 : EXPIRY_TICK_MS);
  // Once confirmed, the action is under way and owns its outcome; only an idle modal turns over.
  const expired = !processing && expiresAt !== undefined && now.getTime() >= expiresAt;

  const confirm = async () => {
    if (expiresAt !== undefined && Date.now() >= expiresAt) {
      onExpired?.();
      onClose();
      return;
    }
    setProcessing(true);
    try {
      await onConfirm(written);
      onClose();
    } catch {
      // the action reports its own error; the modal stays open so the user can retry or cancel
      setProcessing(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose} describedBy={descriptionId} dismissible={!processing} hideCloseButton>
      <p id={descriptionId} className={styles.description}>
        {description}
      </p>
      {textField && (
        <div className={styles.field}>
          <label htmlFor={fieldId}>{textField.label}</label>
          <textarea
            id={fieldId}
            value={text}
            rows={5}
            placeholder={textField.placeholder}
            disabled={processing}
            aria-invalid={overLimit}
            onChange={(event) => setText(event.target.value)}
          />
          <span className={overLimit ? styles.over : styles.count} aria-live="polite">
            {written.length} / {textField.maxLength}
          </span>
        </div>
      )}
      {expired && (
        <p className={styles.expired} role="alert">
          {expiredNotice}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={processing}
          onClick={() => {
            onCancel?.();
            onClose();
          }}
        >
          {cancelText}
        </Button>
        <Button variant={variant} disabled={processing || overLimit || missing} aria-busy={processing} onClick={() => void confirm()}>
          {processing ? PROCESSING : expired ? expiredText : confirmText}
        </Button>
      </div>
    </Modal>
  );
}
