import { INITIAL_RATING, isValidRating, PROCESSING, shortenWallet, TRANSACTION_SUCCESSFUL } from '@jelly/domain';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { StarRating } from '../../../components/ui/StarRating.tsx';
import { useSubmitRatingMutation } from '../api/dealApi.ts';
import styles from './SuccessModal.module.css';
import { pagePaths } from '@jelly/contracts';

export interface SuccessModalProps {
  /** The completed deal. */
  orderId: number;
  /** The counterparty being rated. */
  toWallet: string;
  onClose: () => void;
}

/**
 * 'The transaction was successful!' — 1–5 stars and a comment about the counterparty; Confirm posts the review
 * (a failed submit is silent: the rating is optional) and goes to /my-account.
 */
export function SuccessModal({ orderId, toWallet, onClose }: SuccessModalProps) {
  const navigate = useNavigate();
  const commentId = useId();
  const [score, setScore] = useState(INITIAL_RATING);
  const [comment, setComment] = useState('');
  const [submitRating, { isLoading }] = useSubmitRatingMutation();

  const confirm = async () => {
    try {
      await submitRating({ toWallet, score, comment: comment.trim(), dealId: orderId }).unwrap();
    } catch {
      // a failed rating submit is silent: the rating is optional and the deal is done
    }
    onClose();
    void navigate(pagePaths.myAccount);
  };

  return (
    <Modal title={TRANSACTION_SUCCESSFUL} onClose={onClose} dismissible={!isLoading} className={styles.modal}>
      <p className={styles.lead}>
        How was your deal with <span title={toWallet}>{shortenWallet(toWallet)}</span>?
      </p>
      <StarRating value={score} onChange={setScore} label="Your rating" />
      <label htmlFor={commentId} className={styles.commentLabel}>
        Comment
      </label>
      <textarea
        id={commentId}
        className={styles.comment}
        rows={3}
        maxLength={1000}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        placeholder="Share your experience (optional)"
      />
      <div className={styles.buttons}>
        <Button disabled={!isValidRating(score) || isLoading} aria-busy={isLoading} onClick={() => void confirm()}>
          {isLoading ? PROCESSING : 'Confirm'}
        </Button>
      </div>
    </Modal>
  );
}
