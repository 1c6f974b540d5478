import { useId, useState } from 'react';
import { PROCESSING } from '@jelly/domain';
import type { ConfirmActionProps } from '../../lib/modals/modalKinds.ts';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';
import styles from './ConfirmActionModal.module.css';

export interface ConfirmActionModalProps extends ConfirmActionProps {
  /** May be async: the confirm button reads 'Processing...' until it settles. */
  onConfirm: () => Promise<void> | void;
  /** Closes the modal (Escape, ×, after a successful confirm). */
  onClose: () => void;
  /** The Cancel button was pressed (before onClose). */
  onCancel?: () => void;
}

/** Confirm-action modal: title, description, confirm/cancel texts, danger/warning/primary. */
export function ConfirmActionModal({
  title,
  description,
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  variant,
  onConfirm,
  onClose,
  onCancel,
}: ConfirmActionModalProps) {
  const descriptionId = useId();
  const [processing, setProcessing] = useState(false);

  const confirm = async () => {
    setProcessing(true);
    try {
      await onConfirm();
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
        <Button variant={variant} disabled={processing} aria-busy={processing} onClick={() => void confirm()}>
          {processing ? PROCESSING : confirmText}
        </Button>
      </div>
    </Modal>
  );
}
