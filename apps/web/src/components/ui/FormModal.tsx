import type { ReactNode } from 'react';
import { FormModalFooter, type FormModalFooterProps } from './FormModalFooter.tsx';
import { Modal } from './Modal.tsx';

export interface FormModalProps extends Omit<FormModalFooterProps, 'onCancel'> {
  title: string;
  onClose: () => void;
  /** Sends the form; the form checks its own fields, so the browser's checks are off. */
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}

/** A modal holding one form: its fields, then Cancel and the submit button; it cannot be dismissed while busy. */
export function FormModal({ title, onClose, onSubmit, className, children, ...footer }: FormModalProps) {
  return (
    <Modal title={title} onClose={onClose} dismissible={!footer.busy} className={className}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <FormModalFooter onCancel={onClose} {...footer} />
      </form>
    </Modal>
  );
}
