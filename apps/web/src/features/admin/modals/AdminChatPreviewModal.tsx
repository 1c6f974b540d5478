import type { ReactNode } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { modalPushed } from '../../../lib/modals/modalsSlice.ts';
import { Modal } from '../../../components/ui/Modal.tsx';
import styles from '../components/dossier/Dossier.module.css';
import { adminPagePaths } from '@jelly/contracts';

export interface AdminChatPreviewModalProps {
  orderId: number;
  buyerWallet: string | null;
  sellerWallet: string | null;
  /** The deal chat panel, composed by the app. */
  chat: ReactNode;
  onClose: () => void;
}

/**
 * The deal chat of a case in a dialog: an admin writes to the buyer or the seller without leaving the list, and can
 * ban either party from here.
 */
export function AdminChatPreviewModal({ orderId, buyerWallet, sellerWallet, chat, onClose }: AdminChatPreviewModalProps) {
  const dispatch = useDispatch();
  const ban = (wallet: string) => dispatch(modalPushed('banUser', { wallet }));
  return (
    <Modal title={`Chat of deal #${orderId}`} onClose={onClose}>
      <div className={styles.chatPreviewBar}>
        <Link to={adminPagePaths.dispute(orderId)} onClick={onClose}>
          Open the case
        </Link>
        {buyerWallet && (
          <Button size="small" variant="danger" onClick={() => ban(buyerWallet)}>
            Ban buyer
          </Button>
        )}
        {sellerWallet && (
          <Button size="small" variant="danger" onClick={() => ban(sellerWallet)}>
            Ban seller
          </Button>
        )}
      </div>
      <div className={styles.chat}>{chat}</div>
    </Modal>
  );
}
