import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/Modal.tsx';
import styles from '../components/dossier/Dossier.module.css';

export interface AdminChatPreviewModalProps {
  orderId: number;
  /** The deal chat panel, composed by the app. */
  chat: ReactNode;
  onClose: () => void;
}

/** The deal chat of a case in a dialog: an admin writes to the buyer or the seller without leaving the list. */
export function AdminChatPreviewModal({ orderId, chat, onClose }: AdminChatPreviewModalProps) {
  return (
    <Modal title={`Chat of deal #${orderId}`} onClose={onClose}>
      <p>
        <Link to={`/admin/disputes/${orderId}`} onClick={onClose}>
          Open the case
        </Link>
      </p>
      <div className={styles.chat}>{chat}</div>
    </Modal>
  );
}
