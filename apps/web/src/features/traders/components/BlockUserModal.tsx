import { FAILED_TO_BLOCK_USER, USER_BLOCKED } from '@jelly/domain';
import { useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Modal } from '../../../components/ui/Modal.tsx';
import { FormModalFooter } from '../../../components/ui/FormModalFooter.tsx';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useBlockUserMutation } from '../api/tradersApi.ts';
import { ReasonField } from './ReasonField.tsx';
import styles from './Traders.module.css';

export interface BlockUserModalProps {
  /** The trader to block. */
  wallet: string;
  onClose: () => void;
}

/**
 * Block user: the wallet (read-only), a reason and Block. A block is personal and works both ways: neither
 * wallet sees or claims the other's offers.
 */
export function BlockUserModal({ wallet, onClose }: BlockUserModalProps) {
  const dispatch = useDispatch();
  const walletId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [block, { isLoading }] = useBlockUserMutation();
  const blank = reason.trim() === '';

  const submit = async () => {
    setTried(true);
    if (blank) return;
    try {
      await block({ bannedWallet: wallet, reason: reason.trim() }).unwrap();
    } catch {
      dispatch(showToast.error(FAILED_TO_BLOCK_USER));
      return;
    }
    dispatch(showToast.success(USER_BLOCKED));
    onClose();
  };

  return (
    <Modal title="Block user" onClose={onClose} dismissible={!isLoading} className={styles.formModal}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={styles.field}>
          <label htmlFor={walletId} className={styles.label}>
            Wallet
          </label>
          <input id={walletId} className={styles.input} value={wallet} readOnly />
        </div>
        <ReasonField label="Reason" value={reason} onChange={setReason} showError={tried && blank} placeholder="Why block this trader?" />
        <FormModalFooter submitLabel="Block" onCancel={onClose} busy={isLoading} submitVariant="danger" />
      </form>
    </Modal>
  );
}
