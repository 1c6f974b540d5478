import { PROCESSING } from '@jelly/domain';
import { Button, type ButtonVariant } from './Button.tsx';
import styles from './FormModalFooter.module.css';

export interface FormModalFooterProps {
  /** The submit button's label; it reads Processing... while `busy`. */
  submitLabel: string;
  onCancel: () => void;
  /** The request is under way: both buttons wait, the submit button says so. */
  busy: boolean;
  /** The form cannot be sent yet (besides while busy). */
  submitDisabled?: boolean;
  submitVariant?: ButtonVariant;
}

/** The footer of a modal form: Cancel closes, the submit button sends the form. */
export function FormModalFooter({ submitLabel, onCancel, busy, submitDisabled = false, submitVariant = 'primary' }: FormModalFooterProps) {
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant={submitVariant} disabled={submitDisabled || busy} aria-busy={busy}>
        {busy ? PROCESSING : submitLabel}
      </Button>
    </div>
  );
}
