import { FAILED_TO_SUBMIT_REPORT, REPORT_SUBMITTED, shortenWallet } from '@jelly/domain';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Modal } from '../../../components/ui/Modal.tsx';
import { FormModalFooter } from '../../../components/ui/FormModalFooter.tsx';
import { showToast } from '../../../lib/toasts/toastsSlice.ts';
import { useReportUserMutation } from '../api/tradersApi.ts';
import { ReasonField } from './ReasonField.tsx';
import styles from './Traders.module.css';

export interface ReportUserModalProps {
  /** The reported trader. */
  wallet: string;
  onClose: () => void;
}

/** Report user: a reason for the admins and Submit (disabled while the reason is blank). */
export function ReportUserModal({ wallet, onClose }: ReportUserModalProps) {
  const dispatch = useDispatch();
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const [report, { isLoading }] = useReportUserMutation();
  const blank = comment.trim() === '';

  const submit = async () => {
    setTouched(true);
    if (blank) return;
    try {
      await report({ toWallet: wallet, comment: comment.trim() }).unwrap();
    } catch {
      dispatch(showToast.error(FAILED_TO_SUBMIT_REPORT));
      return;
    }
    dispatch(showToast.success(REPORT_SUBMITTED));
    onClose();
  };

  return (
    <Modal title="Report user" onClose={onClose} dismissible={!isLoading} className={styles.formModal}>
      <p className={styles.modalLead}>
        Tell the admins what went wrong with <span title={wallet}>{shortenWallet(wallet)}</span>.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ReasonField
          label="Comment"
          value={comment}
          onChange={(value) => {
            setComment(value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          showError={touched && blank}
          placeholder="Describe the problem"
        />
        <FormModalFooter submitLabel="Submit" onCancel={onClose} busy={isLoading} submitDisabled={blank} />
      </form>
    </Modal>
  );
}
