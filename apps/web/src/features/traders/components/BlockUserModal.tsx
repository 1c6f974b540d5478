import { FAILED_TO_BLOCK_USER, USER_BLOCKED } from '@jelly/domain';
import { useId, useState } from 'react';
import { useDispatch } from 'react-redux';
import { FormModal } from '../../../components/ui/FormModal.tsx';
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
    <FormModal title="Block user" onClose={onClose} onSubmit={() => void submit()} className={styles.formModal} submitLabel="Block" busy={isLoading} submitVariant="danger">
      <div className={styles.field}>
        <label htmlFor={walletId} className={styles.label}>
          Wallet
        </label>
        <input id={walletId} className={styles.input} value={wallet} readOnly />
      </div>
      <ReasonField label="Reason" value={reason} onChange={setReason} showError={tried && blank} placeholder="Why block this trader?" />
    </FormModal>
  );
}
